/**
 * KAI's `preempt` action (`actions/preempt/preempt.go`): in-queue priority preemption. Victims are
 * preemptible jobs of the preemptor's own leaf queue with strictly lower priority and a running task, that
 * pass every preempt victim filter (minruntime). A non-preemptible preemptor may not take its queue above
 * quota. Only minruntime's elastic validator applies (no fairness check).
 */
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { attemptPendingJobs } from '../common/attemptPendingJobs';
import { jobsThatMayEvict } from '../common/preemptionDelay';
import { evictFilteredVictims } from '../common/evictionAttempt';
import { LazyVictimIndex, VictimCandidates } from '../common/VictimIndex';

export function createPreemptAction(): Action {
  return {
    name: 'preempt',
    execute(ssn: Session) {
      // Every preemptible job, by leaf; whether one is a running job is asked live at each attempt.
      const index = new LazyVictimIndex(ssn, () => ssn.jobs.filter((v) => v.preemptible));
      try {
        attemptPendingJobs(ssn, {
          action: 'preempt',
          jobs: jobsThatMayEvict(
            ssn,
            'preempt',
            ssn.jobs.filter((j) => j.counts.Pending > 0 && j.isReadyForScheduling),
          ),
          reuseFailures: true,
          signatures: 'per-queue',
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
            // Preemptible running jobs of the same leaf with a lower priority (live: as they are now).
            const preemptible = index.get();
            const offered = new VictimCandidates(
              preemptible,
              preemptible.has(job.queue) ? [job.queue] : [],
              job.priority,
              job,
            );
            return evictFilteredVictims(ssn, 'preempt', job, tasks, offered, attempt);
          },
        });
      } finally {
        index.close();
      }
    },
  };
}
