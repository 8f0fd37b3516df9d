/**
 * KAI's `preempt` action (`actions/preempt/preempt.go`): in-queue priority preemption. Victims are
 * preemptible jobs of the preemptor's own leaf queue with strictly lower priority and a running task, that
 * pass every preempt victim filter (minruntime). A non-preemptible preemptor may not take its queue above
 * quota. Only minruntime's elastic validator applies (no fairness check).
 */
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { tasksToAllocate } from '../../framework/tasksToAllocate';
import { JobsOrderByQueues } from '../common/JobsOrderByQueues';
import { filterVictims, runEvictionAttempt } from '../common/evictionAttempt';
import { FailureMemo, reuseFailure } from '../common/FailureMemo';

export function createPreemptAction(): Action {
  return {
    name: 'preempt',
    execute(ssn: Session) {
      const order = new JobsOrderByQueues(
        ssn,
        ssn.jobs.filter((j) => j.counts.Pending > 0),
      );
      const memo = new FailureMemo(ssn);
      for (let job = order.pop(); job; job = order.pop()) {
        const tasks = tasksToAllocate(job, ssn.compareTasks);
        if (tasks.length === 0) continue;
        const attempt = ssn.startAttempt('preempt', job, tasks);
        const record = ssn.attempt(attempt);
        const key = memo.key(job, tasks);
        const earlier = memo.lookup(key);
        if (earlier) {
          reuseFailure(ssn, attempt, earlier);
          continue;
        }
        if (job.spec.preemptionPolicy === 'Never') {
          record.code = 'no-eligible-victims';
          record.message = `${job.name} has preemptionPolicy Never: it never evicts anyone.`;
          continue;
        }
        const overQuota = ssn.nonPreemptibleOverQuota(job, tasks);
        if (overQuota.length > 0) {
          record.verdicts.push(...overQuota);
          record.code = 'non-preemptible-over-quota';
          record.message = (overQuota[0] as { message: string }).message;
          continue;
        }
        const candidates = ssn.jobs.filter(
          (v) => v.preemptible && v.queue === job.queue && v.priority < job.priority && v.activeAllocated > 0,
        );
        const { candidates: passed, accept } = filterVictims(
          ssn,
          'preempt',
          job,
          new Map([[job.queue, candidates]]),
          attempt,
        );
        const ok = runEvictionAttempt(ssn, job, tasks, passed, {
          action: 'preempt',
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
