/**
 * KAI's `stalegangeviction` action: a job is stale while it has an active task, no succeeded task, and
 * fewer active tasks than minAvailable. The first session that sees it stale stamps the time; once it has
 * been stale longer than the grace period (default 60 s; negative = never) all its active tasks are
 * evicted. A job that is no longer stale loses its stamp. A job with subgroups (§22) is stale while one of
 * its pod sets is below minMember, and its own `stalenessGracePeriod` replaces the scheduler-wide one.
 *
 * "Active" is KAI's active-used group (KAI pkg/scheduler/api/pod_status/pod_status.go:70 @d5bc503: Allocated,
 * Pipelined, Binding, Bound, Running, Releasing, StuckInReleasing): `IsStale` counts
 * `GetNumActiveUsedTasks` and each pod set's `IsGangSatisfied` does too (KAI
 * pkg/scheduler/api/podgroup_info/job_info.go:495-510, subgroup_info/podset.go:122-125 @d5bc503). So a
 * gang whose pods include a terminating one (Releasing or StuckInReleasing, §23.4) is whole for this
 * action, and so is a job that lost pods to an eviction earlier in the session (decision 0265).
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import { podSetsOf } from '../../framework/subGroupTree';
import type { Action } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import { formatDuration } from '../../../../model/duration';

/**
 * KAI active-used (pod_status.go:70 @d5bc503): Allocated, Pipelined, Running, and Releasing — a pod
 * terminating since before the session (Releasing or StuckInReleasing, §23.4) or one evicted earlier in this
 * session (KAI's Statement.Evict makes it Releasing, which IsStale still counts).
 */
function isActive(t: TaskInfo): boolean {
  return t.status !== 'Pending' && t.status !== 'Succeeded';
}

/** KAI active-allocated (pod_status.go:72 @d5bc503): the lab's Allocated, Pipelined and Running. */
function isActiveAllocated(t: TaskInfo): boolean {
  return t.status === 'Running' || t.status === 'Allocated' || t.status === 'Pipelined';
}

/**
 * For a job with subgroups, its pod sets below minMember (KAI job_info.go:495 IsStale asks every pod set's
 * IsGangSatisfied, podset.go:101 — leaves only, minSubGroup does not enter); null for a job without them.
 * Active tasks are counted as for a job without subgroups above.
 */
function shortPodSets(job: JobInfo): string[] | null {
  const tree = job.subGroupTree;
  if (tree === null) return null;
  const out: string[] = [];
  for (const ps of podSetsOf(tree)) {
    const n = ps.tasks.filter(isActive).length;
    if (n < ps.minMember) out.push(`${ps.name} (${n} of minMember ${ps.minMember})`);
  }
  return out;
}

export function createStaleGangEvictionAction(): Action {
  return {
    name: 'stalegangeviction',
    execute(ssn: Session) {
      for (const job of ssn.jobs) {
        // KAI stalegangeviction.go:47 @d5bc503 (#1942): the pod group's own period overrides the scheduler's.
        const grace = job.spec.stalenessGracePeriodMs ?? ssn.config.stalenessGracePeriodMs;
        const active = job.activeUsed;
        const short = shortPodSets(job);
        const stale =
          active > 0 &&
          // KAI job_info.go:495-497 @d5bc503: a job with a Succeeded pod is never stale (SG-S13..S15, decision 0330).
          job.counts.Succeeded === 0 &&
          (short === null ? active < job.minAvailable : short.length > 0);
        if (!stale) {
          job.staleSinceMs = null;
          continue;
        }
        // KAI stalegangeviction.go:41-60 @d5bc503: the first stale session stamps the time and the same
        // session goes on to compare it with the grace period, evicting once `time.Since(stamp) >= grace`:
        // a 0s grace period evicts in the stamping session.
        if (job.staleSinceMs === null) job.staleSinceMs = ssn.timeMs;
        const staleForMs = ssn.timeMs - job.staleSinceMs;
        if (grace < 0 || staleForMs < grace) continue;
        // KAI stalegangeviction.go:64-72: every active-allocated pod (pod_status.go:72: Allocated, Pipelined,
        // Binding, Bound, Running) is evicted; terminating ones (Releasing, StuckInReleasing) are not.
        const victims = job.tasks.filter(isActiveAllocated);
        if (victims.length === 0) continue;
        const attempt = ssn.startAttempt('stalegangeviction', job, victims);
        const record = ssn.attempt(attempt);
        const stmt = ssn.statement({ action: 'stalegangeviction', by: job.name, attempt });
        for (const t of victims) stmt.evict(t);
        // Upstream evicts through ssn.Evict (stalegangeviction.go:80 @d5bc503), never virtually.
        stmt.commit();
        ssn.commits++;
        record.outcome = 'evicted';
        record.message = `${job.name} has run below ${short === null ? `its minAvailable (${active} of ${job.minAvailable})` : `the minimum of subgroup ${short.join(', ')}`} for ${formatDuration(staleForMs)}, ${staleForMs === grace ? 'reaching' : 'longer than'} the ${formatDuration(grace)} grace period: its tasks are evicted.`;
        // The stamp stays (upstream sets `Stale` and keeps `TimeStamp`, stalegangeviction.go:62); it is
        // cleared when a later session finds the job no longer stale (handleNonStaleJob, :90-94).
      }
    },
  };
}
