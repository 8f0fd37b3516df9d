/**
 * KAI's scheduling signatures (decision 0353): with `scheduler.useSchedulingSignatures`, a job not easier to
 * schedule than a failed one of the same signature is not tried (per queue in preempt and reclaim, across
 * queues in consolidation); without it every job is tried, as before.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../../testing/scenarioTest';
import type { SessionSnapshot } from '../../../../model/snapshot';

const tiers = [
  {
    plugins: [
      { name: 'predicates' },
      { name: 'proportion' },
      { name: 'priority' },
      { name: 'elastic' },
      { name: 'nodeplacement' },
      { name: 'minruntime' },
    ],
  },
];

/** The message of `job`'s attempt in `action`. */
const messageOf = (s: SessionSnapshot, action: string, job: string) =>
  s.trace.attempts.find((a) => a.action === action && a.job === job)?.message ?? '(no attempt)';

describe('preempt with scheduling signatures', () => {
  // n0 is full with a non-preemptible job: no pending job of q can preempt anything.
  const pending = (name: string, at: string, extra: Record<string, unknown> = {}) => ({
    name,
    queue: 'q',
    priorityClassName: 'build-preemptible',
    submitAt: at,
    resources: { gpu: 1, cpu: 2 },
    ...extra,
  });
  const scenario = (useSchedulingSignatures: boolean) => ({
    scheduler: { actions: ['preempt'], tiers, useSchedulingSignatures },
    nodes: [{ name: 'n0', resources: { gpu: 2, cpu: 64 }, labels: { zone: 'a' } }],
    queues: [
      { name: 'q', resources: { gpu: { quota: 8 } } },
      { name: 'q2', resources: { gpu: { quota: 8 } } },
    ],
    jobs: [
      {
        name: 'hold',
        queue: 'q',
        priorityClassName: 'inference',
        resources: { gpu: 1, cpu: 2 },
        tasks: [
          { status: 'Running', node: 'n0' },
          { status: 'Running', node: 'n0' },
        ],
      },
      pending('p1', '-6s'),
      pending('p2', '-5s'),
      pending('p3', '-4s', { resources: { gpu: 1, cpu: 4 } }),
      pending('p7', '-4s', { tasks: [{}, {}] }),
      pending('p4', '-3s', { resources: { gpu: 1, cpu: 1 } }),
      pending('p5', '-2s', { tasks: [{ nodeSelector: { zone: 'a' } }] }),
      pending('p6', '-1s', { queue: 'q2' }),
    ],
    run: { sessions: 1 },
  });

  it('skips a job of the same queue and signature that is not easier, naming the failed one', () => {
    const s = run(scenario(true)).snapshot(1);
    expect(messageOf(s, 'preempt', 'p1')).toContain('No running job qualifies as a victim');
    expect(messageOf(s, 'preempt', 'p2')).toMatch(/^Not tried: not easier to schedule than p1, which failed/);
    // A bigger pod than p1's: not easier either.
    expect(messageOf(s, 'preempt', 'p3')).toMatch(/^Not tried: not easier to schedule than p1/);
    // A smaller pod is easier; another node selector, or another number of pods (each pod's signature is
    // part of its pod set's, podset.go:188-200), is another signature; another queue has its own set.
    for (const job of ['p4', 'p5', 'p6', 'p7'])
      expect(messageOf(s, 'preempt', job)).not.toMatch(/^Not tried/);
    // The skipped job's pending reason is the failed job's, and says why it was not tried.
    const why = s.trace.pending.find((p) => p.job === 'p2');
    expect(why?.code).toBe(s.trace.pending.find((p) => p.job === 'p1')?.code);
    expect(why?.message).toContain('not easier to schedule than p1');
  });

  it('tries every job when off (the lab default)', () => {
    const s = run(scenario(false)).snapshot(1);
    for (const job of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'])
      expect(messageOf(s, 'preempt', job)).not.toMatch(/^Not tried/);
  });
});

describe('consolidation with scheduling signatures', () => {
  // Two GPUs are free, one on each node, and the jobs holding the others are not preemptible: nothing moves.
  const scenario = {
    scheduler: { actions: ['consolidation'], tiers, useSchedulingSignatures: true },
    nodes: [
      { name: 'n0', resources: { gpu: 2 } },
      { name: 'n1', resources: { gpu: 2 } },
    ],
    queues: [
      { name: 'qa', resources: { gpu: { quota: 8 } } },
      { name: 'qb', resources: { gpu: { quota: 8 } } },
    ],
    jobs: [
      {
        name: 'h0',
        queue: 'qa',
        priorityClassName: 'inference',
        resources: { gpu: 1 },
        tasks: [{ status: 'Running', node: 'n0' }],
      },
      {
        name: 'h1',
        queue: 'qb',
        priorityClassName: 'inference',
        resources: { gpu: 1 },
        tasks: [{ status: 'Running', node: 'n1' }],
      },
      { name: 'c1', queue: 'qa', priorityClassName: 'train', submitAt: '-2s', resources: { gpu: 2 } },
      { name: 'c2', queue: 'qb', priorityClassName: 'train', submitAt: '-1s', resources: { gpu: 2 } },
    ],
    run: { sessions: 1 },
  };

  it('keeps one set of failed jobs for the whole action, across queues', () => {
    const s = run(scenario).snapshot(1);
    const [first, second] = s.trace.attempts.filter((a) => a.action === 'consolidation');
    expect(first?.message).not.toMatch(/^Not tried/);
    expect(second?.message).toMatch(
      new RegExp(
        `^Not tried: not easier to schedule than ${first?.job}, which failed in this action \\(same scheduling constraints,`,
      ),
    );
  });
});
