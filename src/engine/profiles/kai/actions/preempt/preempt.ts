/**
 * KAI's `preempt` action (`actions/preempt/preempt.go`): in-queue priority preemption. Victims are
 * preemptible jobs of the preemptor's own leaf queue with strictly lower priority and a running task, that
 * pass every preempt victim filter (minruntime). A non-preemptible preemptor may not take its queue above
 * quota. Only minruntime's elastic validator applies (no fairness check).
 */
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { attemptPendingJobs } from '../common/attemptPendingJobs';
import { filterVictims, runEvictionAttempt } from '../common/evictionAttempt';

export function createPreemptAction(): Action {
  return {
    name: 'preempt',
    execute(ssn: Session) {
      attemptPendingJobs(ssn, {
        action: 'preempt',
        jobs: ssn.jobs.filter((j) => j.counts.Pending > 0),
        reuseFailures: true,
        attempt: (job, tasks, attempt, record) => {
          if (job.spec.preemptionPolicy === 'Never') {
            record.code = 'no-eligible-victims';
            record.message = `${job.name} has preemptionPolicy Never: it never evicts anyone.`;
            return false;
          }
          const overQuota = ssn.nonPreemptibleOverQuota(job, tasks);
          if (overQuota.length > 0) {
            record.verdicts.push(...overQuota);
            record.code = 'non-preemptible-over-quota';
            record.message = (overQuota[0] as { message: string }).message;
            return false;
          }
          const candidates = ssn.jobs.filter(
            (v) => v.preemptible && v.queue === job.queue && v.priority < job.priority && v.isRunningJob,
          );
          const filtered = filterVictims(ssn, 'preempt', job, new Map([[job.queue, candidates]]), attempt);
          return runEvictionAttempt(ssn, job, tasks, filtered.candidates, {
            action: 'preempt',
            attempt,
            requireAllReplaced: false,
            maxVictimJobs: Infinity,
            accept: filtered.accept,
          });
        },
      });
    },
  };
}
