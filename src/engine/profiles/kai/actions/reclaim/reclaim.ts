/**
 * KAI's `reclaim` action (`actions/reclaim/reclaim.go`): a pending job takes resources from other queues
 * that are above their fair share (or quota). Gate: CanReclaimResources. Victims: preemptible running jobs
 * in any leaf queue other than the reclaimer's own that pass every reclaim victim filter (minruntime).
 * Validators: proportion's `reclaimable` and minruntime's elastic check. A reclaimer gets one attempt per
 * session (an elastic job asks for minAvailable tasks, or one once satisfied).
 */
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { attemptPendingJobs } from '../common/attemptPendingJobs';
import { jobsThatMayEvict } from '../common/preemptionDelay';
import { evictFilteredVictims } from '../common/evictionAttempt';
import { LazyVictimIndex, VictimCandidates } from '../common/VictimIndex';

export function createReclaimAction(): Action {
  return {
    name: 'reclaim',
    execute(ssn: Session) {
      // Victims can only be jobs running when the action starts; evictions only shrink this set.
      const index = new LazyVictimIndex(ssn, () => ssn.jobs.filter((v) => v.preemptible && v.isRunningJob));
      try {
        attemptPendingJobs(ssn, {
          action: 'reclaim',
          jobs: jobsThatMayEvict(
            ssn,
            'reclaim',
            ssn.jobs.filter((j) => j.counts.Pending > 0 && j.isReadyForScheduling),
          ),
          reuseFailures: true,
          signatures: 'per-queue',
          // CanReclaimResources comes before the signature check (reclaim.go:75-87 @d5bc503).
          gate: (job, tasks, record) => {
            const gate = ssn.canReclaimResources(job, tasks);
            record.verdicts.push(...gate);
            const refusal = gate.find((v) => !v.allowed);
            if (refusal) {
              record.code = 'fair-share';
              record.message = refusal.message;
              return false;
            }
            return true;
          },
          attempt: (job, tasks, attempt) => {
            // Victims only in other leaf queues.
            const running = index.get();
            const others = running.queues.filter((q) => q !== job.queue);
            const offered = new VictimCandidates(running, others, Infinity, job);
            return evictFilteredVictims(ssn, 'reclaim', job, tasks, offered, attempt);
          },
        });
      } finally {
        index.close();
      }
    },
  };
}
