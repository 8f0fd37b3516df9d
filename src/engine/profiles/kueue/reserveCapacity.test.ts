/**
 * Capacity kept by a Workload that needs preemption but has no candidates (reserveCapacity.ts;
 * scheduler.go:437-442,547-557,779-822 @ff69552e). Scenario: scheduler_test.go TestSchedule "capacity (not)
 * blocked when lending clusterqueue …" (KQ-55; the two blocked cases are one-cycle outcomes, so they are
 * checked here on the cycle's attempts, not as conformance files: a later cycle of the session admits b1).
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../testing/scenarioTest';

function attemptsOfB1(reclaimWithinCohort: string): string[] {
  const cq = (name: string, quota: number, preemption?: object) => ({
    name,
    cohortName: 'root',
    ...(preemption ? { preemption } : {}),
    resourceGroups: [
      {
        coveredResources: ['gpu'],
        flavors: [{ name: 'on-demand', resources: [{ name: 'gpu', nominalQuota: quota }] }],
      },
    ],
  });
  const sim = run({
    profile: 'kueue',
    kueue: {
      resourceFlavors: [{ name: 'on-demand' }],
      clusterQueues: [cq('ClusterQueueA', 2, { reclaimWithinCohort }), cq('ClusterQueueB', 0)],
    },
    nodes: [{ name: 'node', resources: { gpu: 100, cpu: 100 } }],
    jobs: [
      {
        name: 'a1-admitted',
        queue: 'ClusterQueueA',
        tasks: [{ name: 'a1-admitted', resources: { gpu: 1 }, status: 'Running', node: 'node' }],
      },
      { name: 'a2-pending', queue: 'ClusterQueueA', resources: { gpu: 2 }, tasks: 1 },
      { name: 'b1-pending', queue: 'ClusterQueueB', resources: { gpu: 1 }, tasks: 1 },
    ],
    run: { sessions: 1 },
  });
  return sim
    .snapshot(1)
    .trace.attempts.filter((a) => a.job === 'b1-pending')
    .map((a) => a.outcome);
}

describe('capacity kept for a Workload without preemption candidates', () => {
  it('is not kept when the ClusterQueue can always reclaim (Any): b1 borrows it in the first cycle', () => {
    expect(attemptsOfB1('Any')).toEqual(['allocated']);
  });

  it.each(['LowerPriority', 'Never'])(
    'is kept with reclaimWithinCohort %s: b1 no longer fits in that cycle (upstream wantLeft)',
    (policy) => {
      expect(attemptsOfB1(policy)).toEqual(['skipped', 'allocated']);
    },
  );
});
