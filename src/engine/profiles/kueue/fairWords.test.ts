/**
 * The fair-sharing sentences of the trace (words.ts, decision 0292): the admission says why the tournament
 * took the Workload first, with both shares; a Workload no strategy lets preempt says so.
 * Scenario: scheduler_fs_test.go "fair sharing two queues with weight 0 schedules workload which borrows less"
 * (KQFS-27), with weights 1 so the shares are finite.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../testing/scenarioTest';

const cq = (name: string) => ({
  name,
  cohortName: 'A',
  resourceGroups: [
    {
      coveredResources: ['cpu'],
      flavors: [{ name: 'on-demand', resources: [{ name: 'cpu', nominalQuota: 0 }] }],
    },
  ],
  preemption: { reclaimWithinCohort: 'Any' },
});

const job = (name: string, queue: string, priority: number, running: boolean) => ({
  name,
  queue,
  priority,
  tasks: [{ name, resources: { cpu: 4 }, ...(running ? { status: 'Running', node: 'node' } : {}) }],
});

describe('fair-sharing trace sentences', () => {
  it('names the shares that decided the admission order and the refused preemption', () => {
    const sim = run({
      profile: 'kueue',
      kueue: {
        fairSharing: { preemptionStrategies: ['LessThanOrEqualToFinalShare', 'LessThanInitialShare'] },
        resourceFlavors: [{ name: 'on-demand' }],
        cohorts: [
          {
            name: 'A',
            resourceGroups: [
              {
                coveredResources: ['cpu'],
                flavors: [{ name: 'on-demand', resources: [{ name: 'cpu', nominalQuota: 8 }] }],
              },
            ],
          },
        ],
        clusterQueues: [cq('b'), cq('c')],
      },
      nodes: [{ name: 'node', resources: { cpu: 1000, memory: '1000Gi', pods: 1000 } }],
      jobs: [job('b0', 'b', 0, true), job('b1', 'b', 9001, false), job('c1', 'c', 0, false)],
      run: { sessions: 1 },
    });
    const attempts = sim.snapshot(1).trace.attempts;
    const admitted = attempts.find((a) => a.job === 'c1' && a.outcome === 'allocated');
    // c would borrow 4 of 8 (0.5), b 8 of 8 (1) with b1.
    expect(admitted?.message).toContain(
      "fair sharing took it first in cohort A: c's share after admission would be 0.5 (cpu), against b's 1 (cpu) with b1",
    );
    const refused = attempts.find((a) => a.job === 'b1' && a.outcome === 'failed');
    expect(refused?.message).toContain(
      "no ClusterQueue's share passes LessThanOrEqualToFinalShare or LessThanInitialShare against b's share with the workload",
    );
  });
});
