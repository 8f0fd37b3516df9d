import { describe, expect, it } from 'vitest';
import { evicted, runVolcano } from './testing';

const classes = [
  { name: 'high', value: 1000 },
  { name: 'low', value: 10 },
];

/** A low-priority job fills the node; a high-priority job of the same queue waits. */
function doc(profile: 'volcano' | 'kube-batch', lowMin: number, lowTasks: number, tiers: unknown[]) {
  return {
    profile,
    nodes: [{ name: 'n1', resources: { cpu: 4, memory: '16Gi', pods: 10 } }],
    priorityClasses: classes,
    queues: [{ name: 'q' }],
    jobs: [
      {
        name: 'low',
        queue: 'q',
        phase: 'Running',
        priorityClassName: 'low',
        minAvailable: lowMin,
        tasks: Array.from({ length: lowTasks }, () => ({
          status: 'Running',
          node: 'n1',
          resources: { cpu: 4 / lowTasks },
        })),
      },
      { name: 'high', queue: 'q', phase: 'Inqueue', priorityClassName: 'high', resources: { cpu: 2 } },
    ],
    scheduler: { actions: ['preempt'], tiers },
  };
}

describe('kube-batch dialect', () => {
  it("gang's minAvailable == 1 rule lets a one-task gang be preempted (Volcano keeps it)", () => {
    const tiers = [{ plugins: [{ name: 'conformance' }, { name: 'gang' }, { name: 'priority' }] }];
    expect(evicted(runVolcano(doc('kube-batch', 1, 1, tiers)).snapshot(1))).toEqual(['low-0']);
    expect(evicted(runVolcano(doc('volcano', 1, 1, tiers)).snapshot(1))).toEqual([]);
  });

  it('an empty victim answer is a sticky veto across tiers (Volcano lets a later tier decide)', () => {
    const tiers = [{ plugins: [{ name: 'gang' }] }, { plugins: [{ name: 'priority' }] }];
    expect(evicted(runVolcano(doc('kube-batch', 2, 2, tiers)).snapshot(1))).toEqual([]);
    expect(evicted(runVolcano(doc('volcano', 2, 2, tiers)).snapshot(1))).toEqual(['low-1']);
  });

  it('evicts until the evicted resources alone cover the request, ignoring idle room on the node', () => {
    const s = runVolcano({
      profile: 'kube-batch',
      nodes: [{ name: 'n1', resources: { cpu: 8, memory: '16Gi' } }],
      priorityClasses: classes,
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'low',
          queue: 'q',
          phase: 'Running',
          priorityClassName: 'low',
          minAvailable: 0,
          tasks: Array.from({ length: 4 }, () => ({ status: 'Running', node: 'n1', resources: { cpu: 1 } })),
        },
        { name: 'high', queue: 'q', phase: 'Inqueue', priorityClassName: 'high', resources: { cpu: 2 } },
      ],
      scheduler: {
        actions: ['preempt'],
        tiers: [{ plugins: [{ name: 'conformance' }, { name: 'gang' }, { name: 'priority' }] }],
      },
    }).snapshot(1);
    // 4 CPUs are idle, yet two 1-CPU pods are evicted to cover the 2-CPU request.
    expect(evicted(s).sort()).toEqual(['low-2', 'low-3']);
  });

  it('every job with a pending task is a preemptor (no JobStarving)', () => {
    const tiers = [
      {
        plugins: [
          { name: 'conformance' },
          { name: 'gang', enableJobStarving: false },
          { name: 'priority', enableJobStarving: false },
        ],
      },
    ];
    expect(evicted(runVolcano(doc('kube-batch', 0, 2, tiers)).snapshot(1))).toEqual(['low-1']);
    expect(evicted(runVolcano(doc('volcano', 0, 2, tiers)).snapshot(1))).toEqual([]);
  });
});
