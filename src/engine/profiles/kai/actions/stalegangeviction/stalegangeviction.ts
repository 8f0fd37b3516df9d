/**
 * KAI's `stalegangeviction` action: a job is stale while it has an active task, no succeeded task, and
 * fewer active tasks than minAvailable. The first session that sees it stale stamps the time; once it has
 * been stale longer than the grace period (default 60 s; negative = never) all its active tasks are
 * evicted. A job that is no longer stale loses its stamp.
 */
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { formatDuration } from '../../../../model/duration';

export function createStaleGangEvictionAction(): Action {
  return {
    name: 'stalegangeviction',
    execute(ssn: Session) {
      const grace = ssn.config.stalenessGracePeriodMs;
      for (const job of ssn.jobs) {
        const active = job.activeUsed - job.counts.Releasing;
        const stale = active > 0 && job.counts.Succeeded === 0 && active < job.minAvailable;
        if (!stale) {
          job.staleSinceMs = null;
          continue;
        }
        if (job.staleSinceMs === null) {
          job.staleSinceMs = ssn.timeMs;
          continue;
        }
        if (grace < 0 || ssn.timeMs - job.staleSinceMs <= grace) continue;
        const victims = job.tasks.filter((t) => t.status === 'Running' || t.status === 'Allocated');
        if (victims.length === 0) continue;
        const attempt = ssn.startAttempt('stalegangeviction', job, victims);
        const record = ssn.attempt(attempt);
        const stmt = ssn.statement({ action: 'stalegangeviction', by: job.name, attempt });
        for (const t of victims) stmt.evict(t);
        ssn.commits++;
        record.outcome = 'evicted';
        record.message = `${job.name} has run below its minAvailable (${active} of ${job.minAvailable}) for ${formatDuration(ssn.timeMs - job.staleSinceMs)}, longer than the ${formatDuration(grace)} grace period: its tasks are evicted.`;
        job.staleSinceMs = null;
      }
    },
  };
}
