/**
 * KAI's `consolidation` action (`actions/consolidation/consolidation.go`): move running preemptible jobs
 * to make room for a pending preemptible job when the cluster as a whole has the GPUs. Every victim must be
 * re-placed (the net effect is a move); min-runtime is not consulted. At most `maxConsolidationPreemptees`
 * victim jobs per attempt; 0 turns the action off.
 */
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { sumRequest, tasksToAllocate } from '../../framework/tasksToAllocate';
import { EPSILON } from '../../model/resources';
import { JobsOrderByQueues } from '../common/JobsOrderByQueues';
import { groupByQueue, runEvictionAttempt } from '../common/evictionAttempt';

export function createConsolidationAction(): Action {
  return {
    name: 'consolidation',
    execute(ssn: Session) {
      const max = ssn.config.maxConsolidationPreemptees;
      if (max <= 0) return;
      const order = new JobsOrderByQueues(
        ssn,
        ssn.jobs.filter((j) => j.counts.Pending > 0 && j.preemptible),
      );
      for (let job = order.pop(); job; job = order.pop()) {
        const tasks = tasksToAllocate(job, ssn.compareTasks);
        if (tasks.length === 0) continue;
        if (sumRequest(tasks).gpu > ssn.freeGpusOnceReleased + EPSILON) continue;
        const attempt = ssn.startAttempt('consolidation', job, tasks);
        const candidates = groupByQueue(
          ssn.jobs.filter((v) => v !== job && v.preemptible && v.activeAllocated > 0),
        );
        // Upstream's counter check lets one more than the cap through.
        const ok = runEvictionAttempt(ssn, job, tasks, candidates, {
          action: 'consolidation',
          attempt,
          requireAllReplaced: true,
          maxVictimJobs: max + 1,
        });
        if (ok) {
          ssn.commits++;
          order.invalidateAll();
        }
      }
    },
  };
}
