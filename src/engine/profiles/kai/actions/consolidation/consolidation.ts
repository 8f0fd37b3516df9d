/**
 * KAI's `consolidation` action (`actions/consolidation/consolidation.go`): move running preemptible jobs
 * to make room for a pending preemptible job when the cluster as a whole has the GPUs. Every victim must be
 * re-placed (the net effect is a move); min-runtime is not consulted. At most `maxConsolidationPreemptees`
 * victim jobs per attempt; 0 turns the action off.
 */
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { sumRequest } from '../../framework/tasksToAllocate';
import { EPSILON } from '../../../../model/resources';
import { attemptPendingJobs } from '../common/attemptPendingJobs';
import { jobsThatMayEvict } from '../common/preemptionDelay';
import { runEvictionAttempt } from '../common/evictionAttempt';
import { LazyVictimIndex, VictimCandidates } from '../common/VictimIndex';
import { capacityCode } from '../common/placeTask';
import type { Verdict } from '../../../../model/trace';

export function createConsolidationAction(): Action {
  return {
    name: 'consolidation',
    execute(ssn: Session) {
      const max = ssn.config.maxConsolidationPreemptees;
      if (max <= 0) return;
      const index = new LazyVictimIndex(ssn, () => ssn.jobs.filter((v) => v.preemptible));
      try {
        attemptPendingJobs(ssn, {
          action: 'consolidation',
          jobs: jobsThatMayEvict(
            ssn,
            'consolidation',
            // KAI consolidation.go:48-54 @d5bc503: FilterUnready as in allocate, preempt and reclaim
            // (input_jobs.go:33): a gang with fewer alive tasks than its minimum (a terminating pod is not
            // alive, pod_status.go:72) is not moved for (decision 0265).
            ssn.jobs.filter((j) => j.counts.Pending > 0 && j.preemptible && j.isReadyForScheduling),
          ),
          reuseFailures: false,
          // One set of failed jobs for the whole action, not per queue (consolidation.go:60-70 @d5bc503).
          signatures: 'action',
          // A GPU-memory task takes at least m / D_max of a node wherever it goes (decision 0328): counted at
          // that, the sum stays a necessary condition on clusters with mixed device memories.
          worthTrying: (_job, tasks) =>
            sumRequest(tasks, (t) => t.capacityReq).gpu <= ssn.freeGpusOnceReleased + EPSILON,
          attempt: (job, tasks, attempt, record) => {
            // A move re-places every victim, so no queue's allocation changes: a job its queue's capacity
            // refuses now would be refused in every scenario (a victim could not be re-placed). Say so at
            // once instead of trying every victim.
            const refusals = ssn.checkCapacity(job, tasks);
            if (refusals.length > 0) {
              record.verdicts.push(...refusals);
              record.code = capacityCode(refusals);
              record.message = `consolidation moves jobs without changing any queue's allocation, so it cannot make room within ${job.queue.name}'s capacity: ${(refusals[0] as Verdict).message}`;
              return false;
            }
            // Every other preemptible running job (live: as it is now).
            const preemptible = index.get();
            const candidates = new VictimCandidates(preemptible, preemptible.queues, Infinity, job);
            // Upstream's counter check lets one more than the cap through.
            return runEvictionAttempt(ssn, job, tasks, candidates, {
              action: 'consolidation',
              attempt,
              requireAllReplaced: true,
              maxVictimJobs: max + 1,
            });
          },
        });
      } finally {
        index.close();
      }
    },
  };
}
