import { describe, expect, it } from 'vitest';
import type { ProportionDetail } from '../../trace';
import { attemptsOf, evicted, pipelined, runVolcano } from '../../testing';

/** q1 uses the whole node; q2's job starves. Each queue deserves 1 CPU. */
const doc = (q1: Record<string, unknown> = {}, proportion: Record<string, unknown> = {}) => ({
  nodes: [{ name: 'n1', resources: { cpu: 2, memory: '16Gi', pods: 10 } }],
  queues: [{ name: 'q1', ...q1 }, { name: 'q2' }],
  jobs: [
    {
      name: 'big',
      queue: 'q1',
      phase: 'Running',
      minAvailable: 0,
      tasks: [
        { status: 'Running', node: 'n1', resources: { cpu: 1 } },
        { status: 'Running', node: 'n1', resources: { cpu: 1 } },
      ],
    },
    { name: 'small', queue: 'q2', phase: 'Inqueue', minAvailable: 1, tasks: 2, resources: { cpu: 1 } },
  ],
  scheduler: {
    actions: ['reclaim'],
    tiers: [{ plugins: [{ name: 'conformance' }, { name: 'gang' }, { name: 'proportion', ...proportion }] }],
  },
});

describe('reclaim', () => {
  it('takes back from a queue above its deserved share, with the queue figures behind the victim', () => {
    const s = runVolcano(doc()).snapshot(1);
    // proportion walks the candidates in order with a running copy of q1's allocation: big-0 takes q1 down
    // to its deserved 1 CPU, so big-1 is no longer a victim.
    expect(evicted(s)).toEqual(['big-0']);
    expect(pipelined(s)).toEqual(['small-0']);
    const d = attemptsOf(s, 'small', 'reclaim')[0]!.victims[0]!.verdicts.find(
      (v) => v.plugin === 'proportion',
    )?.profileDetail as ProportionDetail;
    expect(d.queues[0]).toMatchObject({ queue: 'q1', deserved: { cpu: 1 }, allocated: { cpu: 2 } });
  });

  it('respects reclaimable: false on the victim queue', () => {
    expect(evicted(runVolcano(doc({ reclaimable: false })).snapshot(1))).toEqual([]);
  });

  it('stops once the reclaimer is no longer starving (gang: minAvailable reached)', () => {
    const s = runVolcano(doc()).snapshot(1);
    expect(s.tasks.find((t) => t.name === 'small-1')?.status).toBe('Pending');
  });

  it('Preemptive: a queue whose allocation plus the request exceeds its deserved share does not reclaim', () => {
    // q2 capability 0.5 CPU caps its deserved share below the 1-CPU request.
    const s = runVolcano({
      ...doc(),
      queues: [{ name: 'q1' }, { name: 'q2', capability: { cpu: 0.5 } }],
    }).snapshot(1);
    expect(evicted(s)).toEqual([]);
    expect(attemptsOf(s, 'small', 'reclaim')[0]!.verdicts.some((v) => v.point === 'preemptive')).toBe(true);
  });
});

describe('reclaim quirk: every starving job of a queue is handled on its first pop', () => {
  it('queue a (first by name) takes both available victims before queue b gets a turn', () => {
    // v may lose two tasks (gang keeps minAvailable 1). Guarantees give a 2 CPU and b 1 CPU of deserved
    // share. Upstream pushes a back after a1, but keeps iterating a's jobs, so a2 also reclaims before b's
    // turn; had b been served next (its share 0 is lower), b1 would have taken the second victim.
    const s = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 3, memory: '16Gi', pods: 10 } }],
      queues: [{ name: 'a', guarantee: { cpu: 2 } }, { name: 'b', guarantee: { cpu: 1 } }, { name: 'v' }],
      jobs: [
        {
          name: 'v',
          queue: 'v',
          phase: 'Running',
          minAvailable: 1,
          tasks: Array.from({ length: 3 }, () => ({ status: 'Running', node: 'n1', resources: { cpu: 1 } })),
        },
        { name: 'a1', queue: 'a', phase: 'Inqueue', resources: { cpu: 1 } },
        { name: 'a2', queue: 'a', phase: 'Inqueue', resources: { cpu: 1 } },
        { name: 'b1', queue: 'b', phase: 'Inqueue', resources: { cpu: 1 } },
      ],
      scheduler: {
        actions: ['reclaim'],
        tiers: [{ plugins: [{ name: 'conformance' }, { name: 'gang' }, { name: 'proportion' }] }],
      },
    }).snapshot(1);
    expect(pipelined(s).sort()).toEqual(['a1-0', 'a2-0']);
    expect(evicted(s)).toHaveLength(2);
    expect(s.tasks.find((t) => t.name === 'b1-0')?.status).toBe('Pending');
  });
});
