import { describe, expect, it } from 'vitest';
import type { DrfShareDetail } from '../../trace';
import { attemptsOf, evicted, pipelined, runVolcano } from '../../testing';

const classes = [
  { name: 'high', value: 1000 },
  { name: 'low', value: 10 },
];
const full = { nodes: [{ name: 'n1', resources: { cpu: 2, memory: '16Gi', pods: 10 } }] };
const preemptTier = (extra: Record<string, unknown>[] = []) => [
  { plugins: [{ name: 'conformance' }, { name: 'gang' }, { name: 'priority' }, ...extra] },
];

describe('preempt', () => {
  it('evicts a lower-priority job of the same queue for a starving job', () => {
    const s = runVolcano({
      ...full,
      priorityClasses: classes,
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'low',
          queue: 'q',
          phase: 'Running',
          priorityClassName: 'low',
          minAvailable: 0,
          tasks: [{ status: 'Running', node: 'n1', resources: { cpu: 2 } }],
        },
        { name: 'high', queue: 'q', phase: 'Inqueue', priorityClassName: 'high', resources: { cpu: 2 } },
      ],
      scheduler: { actions: ['preempt'], tiers: preemptTier() },
    }).snapshot(1);
    expect(evicted(s)).toEqual(['low-0']);
    expect(pipelined(s)).toEqual(['high-0']);
  });

  it('is same-queue only: a lower-priority job in another queue is left to reclaim', () => {
    const s = runVolcano({
      ...full,
      priorityClasses: classes,
      queues: [{ name: 'q' }, { name: 'other' }],
      jobs: [
        {
          name: 'low',
          queue: 'other',
          phase: 'Running',
          priorityClassName: 'low',
          minAvailable: 0,
          tasks: [{ status: 'Running', node: 'n1', resources: { cpu: 2 } }],
        },
        { name: 'high', queue: 'q', phase: 'Inqueue', priorityClassName: 'high', resources: { cpu: 2 } },
      ],
      scheduler: { actions: ['preempt'], tiers: preemptTier() },
    }).snapshot(1);
    expect(evicted(s)).toEqual([]);
  });

  it('does nothing when no plugin has JobStarving enabled (JobStarving is then false)', () => {
    const s = runVolcano({
      ...full,
      priorityClasses: classes,
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'low',
          queue: 'q',
          phase: 'Running',
          priorityClassName: 'low',
          minAvailable: 0,
          tasks: [{ status: 'Running', node: 'n1', resources: { cpu: 2 } }],
        },
        { name: 'high', queue: 'q', phase: 'Inqueue', priorityClassName: 'high', resources: { cpu: 2 } },
      ],
      scheduler: {
        actions: ['preempt'],
        tiers: [
          {
            plugins: [
              { name: 'conformance' },
              { name: 'gang', enableJobStarving: false },
              { name: 'priority', enableJobStarving: false },
            ],
          },
        ],
      },
    }).snapshot(1);
    expect(evicted(s)).toEqual([]);
    expect(attemptsOf(s, 'high')).toEqual([]);
  });

  it('rolls every eviction back when the preemptor job does not become pipelined', () => {
    // high needs two 2-CPU tasks (minAvailable 2) but only one victim exists: gang's JobPipelined rejects.
    const s = runVolcano({
      ...full,
      priorityClasses: classes,
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'low',
          queue: 'q',
          phase: 'Running',
          priorityClassName: 'low',
          minAvailable: 0,
          tasks: [{ status: 'Running', node: 'n1', resources: { cpu: 2 } }],
        },
        {
          name: 'high',
          queue: 'q',
          phase: 'Inqueue',
          priorityClassName: 'high',
          minAvailable: 2,
          tasks: 2,
          resources: { cpu: 2 },
        },
      ],
      scheduler: { actions: ['preempt'], tiers: preemptTier() },
    }).snapshot(1);
    expect(evicted(s)).toEqual([]);
    const a = attemptsOf(s, 'high', 'preempt')[0]!;
    expect(a.outcome).toBe('failed');
    expect(a.victims.map((v) => `${v.tasks[0]}:${v.outcome}`)).toEqual(['low-0:rejected']);
  });

  it('phase B: a pending task evicts a lower-priority task of its own job', () => {
    const s = runVolcano({
      ...full,
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'j',
          queue: 'q',
          phase: 'Running',
          minAvailable: 0,
          tasks: [
            { name: 'j-low', status: 'Running', node: 'n1', priority: 1, resources: { cpu: 2 } },
            { name: 'j-high', priority: 100, resources: { cpu: 2 } },
          ],
        },
      ],
      scheduler: {
        actions: ['preempt'],
        tiers: [
          {
            plugins: [
              { name: 'conformance' },
              { name: 'gang', enableJobStarving: false },
              { name: 'priority' },
            ],
          },
        ],
      },
    }).snapshot(1);
    expect(evicted(s)).toEqual(['j-low']);
    expect(s.decisions.find((d) => d.kind === 'evict')?.reason).toContain(
      'Tier 1 (conformance, gang, priority)',
    );
  });

  it('drf subtracts every examined preemptee of a job cumulatively, victim or not', () => {
    const s = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 4, memory: '16Gi', pods: 10 } }],
      priorityClasses: classes,
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'v',
          queue: 'q',
          phase: 'Running',
          priorityClassName: 'low',
          minAvailable: 0,
          tasks: Array.from({ length: 4 }, () => ({ status: 'Running', node: 'n1', resources: { cpu: 1 } })),
        },
        { name: 'p', queue: 'q', phase: 'Inqueue', priorityClassName: 'high', resources: { cpu: 1 } },
      ],
      scheduler: { actions: ['preempt'], tiers: preemptTier([{ name: 'drf' }]) },
    }).snapshot(1);
    const drf = attemptsOf(s, 'p', 'preempt')[0]!.verdicts.find((v) => v.plugin === 'drf')
      ?.profileDetail as DrfShareDetail;
    // p's share after the move is 1/4; v's shrinks with every examined task: 3/4, 2/4, 1/4 (equal: victim), 0.
    expect(drf.preemptorShare).toBeCloseTo(0.25);
    expect(drf.candidates.map((c) => c.victim)).toEqual([true, true, true, false]);
    // Victims of one job go in reverse task order: v-2 is the first of the three to be evicted.
    expect(evicted(s)).toEqual(['v-2']);
  });

  it('conformance protects kube-system pods', () => {
    const s = runVolcano({
      ...full,
      priorityClasses: classes,
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'sys',
          namespace: 'kube-system',
          queue: 'q',
          phase: 'Running',
          priorityClassName: 'low',
          minAvailable: 0,
          tasks: [{ status: 'Running', node: 'n1', resources: { cpu: 2 } }],
        },
        { name: 'high', queue: 'q', phase: 'Inqueue', priorityClassName: 'high', resources: { cpu: 2 } },
      ],
      scheduler: { actions: ['preempt'], tiers: preemptTier() },
    }).snapshot(1);
    expect(evicted(s)).toEqual([]);
  });

  it('gang never takes a victim job below minAvailable; an empty tier answer ends only that tier', () => {
    const doc = (tiers: unknown[]) => ({
      nodes: [{ name: 'n1', resources: { cpu: 4, memory: '16Gi', pods: 10 } }],
      priorityClasses: classes,
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'low',
          queue: 'q',
          phase: 'Running',
          priorityClassName: 'low',
          minAvailable: 2,
          tasks: [
            { status: 'Running', node: 'n1', resources: { cpu: 2 } },
            { status: 'Running', node: 'n1', resources: { cpu: 2 } },
          ],
        },
        { name: 'high', queue: 'q', phase: 'Inqueue', priorityClassName: 'high', resources: { cpu: 2 } },
      ],
      scheduler: { actions: ['preempt'], tiers },
    });
    // One tier: gang's empty answer leaves no victims.
    expect(
      evicted(runVolcano(doc([{ plugins: [{ name: 'gang' }, { name: 'priority' }] }])).snapshot(1)),
    ).toEqual([]);
    // gang alone in tier 1 answers empty; tier 2 (priority) still decides.
    expect(
      evicted(
        runVolcano(doc([{ plugins: [{ name: 'gang' }] }, { plugins: [{ name: 'priority' }] }])).snapshot(1),
      ),
    ).toEqual(['low-1']);
  });
});
