/**
 * KAI's `consolidation` action (`actions/consolidation/consolidation.go`): move running preemptible jobs
 * to make room for a pending preemptible job when the cluster as a whole has the GPUs. Every victim must be
 * re-placed (the net effect is a move); min-runtime is not consulted. At most `maxConsolidationPreemptees`
 * victim jobs per attempt; 0 turns the action off.
 */
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { sumRequest } from '../../framework/tasksToAllocate';
import { EPSILON } from '../../model/resources';
import { attemptPendingJobs } from '../common/attemptPendingJobs';
import { groupByQueue, runEvictionAttempt } from '../common/evictionAttempt';

export function createConsolidationAction(): Action {
  return {
    name: 'consolidation',
    execute(ssn: Session) {
      const max = ssn.config.maxConsolidationPreemptees;
      if (max <= 0) return;
      attemptPendingJobs(ssn, {
        action: 'consolidation',
        jobs: ssn.jobs.filter((j) => j.counts.Pending > 0 && j.preemptible),
        reuseFailures: false,
        worthTrying: (_job, tasks) => sumRequest(tasks).gpu <= ssn.freeGpusOnceReleased + EPSILON,
        attempt: (job, tasks, attempt) => {
          const candidates = groupByQueue(
            ssn.jobs.filter((v) => v !== job && v.preemptible && v.isRunningJob),
          );
          // Upstream's counter check lets one more than the cap through.
          return runEvictionAttempt(ssn, job, tasks, candidates, {
            action: 'consolidation',
            attempt,
            requireAllReplaced: true,
            maxVictimJobs: max + 1,
          });
        },
      });
    },
  };
}
