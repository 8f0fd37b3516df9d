/** The stuck-in-releasing check reports pipelining onto a stuck pod's room and evicting a terminating pod. */
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../model/snapshot';
import type { TerminatingNote } from '../../model/trace';
import { scenarioOf } from '../scenarioTest';
import { checkStuckReleasing } from './checkStuckReleasing';
import type { Violation } from './invariants';
import { scenarioFacts } from './sessionFacts';

const facts = scenarioFacts(
  scenarioOf({
    nodes: [{ name: 'n0', resources: { gpu: 2 } }],
    queues: [{ name: 'q' }],
    jobs: [
      { name: 'old', queue: 'q', resources: { gpu: 1 } },
      { name: 'new', queue: 'q', resources: { gpu: 1 } },
      { name: 'run', queue: 'q', resources: { gpu: 1 } },
    ],
  }),
);

const note = (status: TerminatingNote['status']): TerminatingNote => ({
  task: 'old-0',
  job: 'old',
  node: 'n0',
  status,
  sinceMs: -300_000,
  message: '',
});

function snapshot(
  status: TerminatingNote['status'],
  places: Record<string, 'Running' | 'Pipelined'>,
  evicted: string[] = [],
): SessionSnapshot {
  const n = note(status);
  return {
    index: 1,
    nodes: [{ name: 'n0', capacity: { gpu: 2, cpu: 10, memory: 10, pods: 110 } }],
    trace: { attempts: [], pending: [], terminating: [n] },
    decisions: evicted.map((task) => ({ kind: 'evict', task, action: 'preempt' })),
    tasks: Object.entries(places).map(([name, s]) => ({
      name,
      job: name.slice(0, -2),
      status: s,
      node: 'n0',
      gpus: [],
      ...(name === 'old-0' ? { terminating: n } : {}),
    })),
  } as unknown as SessionSnapshot;
}

const run = (snap: SessionSnapshot): string[] => {
  const v: Violation[] = [];
  checkStuckReleasing(snap, facts, v);
  return v.map((x) => x.invariant);
};

describe('no-pipelining-onto-stuck', () => {
  it('accepts a pipelined task that fits next to the stuck pod', () => {
    expect(run(snapshot('StuckInReleasing', { 'old-0': 'Running', 'new-0': 'Pipelined' }))).toEqual([]);
  });

  it('reports a task pipelined onto the room a stuck pod holds', () => {
    const got = run(
      snapshot('StuckInReleasing', { 'old-0': 'Running', 'run-0': 'Running', 'new-0': 'Pipelined' }),
    );
    expect(got).toEqual(['no-pipelining-onto-stuck']);
  });

  it('accepts the same placement when the pod is only Releasing (within the threshold)', () => {
    expect(
      run(snapshot('Releasing', { 'old-0': 'Running', 'run-0': 'Running', 'new-0': 'Pipelined' })),
    ).toEqual([]);
  });

  it('reports the eviction of a terminating pod', () => {
    expect(run(snapshot('StuckInReleasing', { 'old-0': 'Running' }, ['old-0']))).toEqual([
      'terminating-pod-not-victim',
    ]);
  });
});
