/**
 * KAI's `reclaim` action (`actions/reclaim/reclaim.go`): a pending job takes resources from other queues
 * that are above their fair share (or quota). Gate: CanReclaimResources. Victims: preemptible running jobs
 * in any leaf queue other than the reclaimer's own that pass every reclaim victim filter (minruntime).
 * Validators: proportion's `reclaimable` and minruntime's elastic check. A reclaimer gets one attempt per
 * session (an elastic job asks for minAvailable tasks, or one once satisfied).
 */
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { tasksToAllocate } from '../../framework/tasksToAllocate';
import { JobsOrderByQueues } from '../common/JobsOrderByQueues';
import { filterVictims, groupByQueue, runEvictionAttempt } from '../common/evictionAttempt';
import { FailureMemo, reuseFailure } from '../common/FailureMemo';

export function createReclaimAction(): Action {
  return {
    name: 'reclaim',
    execute(ssn: Session) {
      const order = new JobsOrderByQueues(
        ssn,
        ssn.jobs.filter((j) => j.counts.Pending > 0),
      );
      // Victims can only be jobs running when the action starts; evictions only shrink this set.
      const running = groupByQueue(ssn.jobs.filter((v) => v.preemptible && v.activeAllocated > 0));
      const memo = new FailureMemo(ssn);
      for (let job = order.pop(); job; job = order.pop()) {
        const tasks = tasksToAllocate(job, ssn.compareTasks);
        if (tasks.length === 0) continue;
        const attempt = ssn.startAttempt('reclaim', job, tasks);
        const record = ssn.attempt(attempt);
        const key = memo.key(job, tasks);
        const earlier = memo.lookup(key);
        if (earlier) {
          reuseFailure(ssn, attempt, earlier);
          continue;
        }
        const gate = ssn.canReclaimResources(job, tasks);
        record.verdicts.push(...gate);
        const refusal = gate.find((v) => !v.allowed);
        if (refusal) {
          record.code = 'fair-share';
          record.message = refusal.message;
          continue;
        }
        // Victims only in other leaf queues.
        const others = new Map([...running].filter(([q]) => q !== job.queue));
        const { candidates: passed, accept } = filterVictims(ssn, 'reclaim', job, others, attempt);
        const ok = runEvictionAttempt(ssn, job, tasks, passed, {
          action: 'reclaim',
          attempt,
          requireAllReplaced: false,
          maxVictimJobs: Infinity,
          accept,
        });
        if (ok) {
          ssn.commits++;
          order.invalidateAll();
        } else {
          memo.remember(key, record);
        }
      }
    },
  };
}
