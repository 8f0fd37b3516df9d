/**
 * KAI's preemption delay (#1886, #1890): a pending job whose delay has not elapsed is not an eviction
 * trigger. Reclaim, preempt and consolidation leave it out of their job order (KAI
 * pkg/scheduler/actions/utils/input_jobs.go:73 @d5bc503, `FilterWithinPreemptionDelay`, set in
 * actions/reclaim/reclaim.go, actions/preempt/preempt.go and actions/consolidation/consolidation.go);
 * allocate still places it into free room. The delay counts from the later of the job's creation and its
 * last eviction (KAI pkg/scheduler/api/podgroup_info/job_info.go:206-222 @d5bc503): each time the job is
 * back to pending after an eviction it waits afresh.
 */
import type { JobInfo } from '../../framework/JobInfo';
import type { Session } from '../../framework/Session';
import { formatDuration } from '../../../../model/duration';

/** When the job may first trigger evictions (ms), or null when it has no delay. */
export function preemptionDelayEndMs(job: JobInfo): number | null {
  const delay = job.spec.preemptionDelayMs;
  if (delay === undefined || delay <= 0) return null;
  const anchor = Math.max(job.spec.submitAtMs, job.lastEvictedAtMs ?? -Infinity);
  return anchor + delay;
}

/** Sessions in which a job's wait was already written (upstream records its fit error once per job). */
const recorded = new WeakMap<Session, Set<JobInfo>>();

/**
 * The jobs that may trigger evictions now. Each job still within its delay gets one `skipped` attempt per
 * session (in the first eviction action that meets it) saying how long it waits, as KAI writes the
 * `PreemptionDelayNotElapsed` fit error once (input_jobs.go:84-93 @d5bc503).
 */
export function jobsThatMayEvict(ssn: Session, action: string, jobs: readonly JobInfo[]): JobInfo[] {
  const out: JobInfo[] = [];
  for (const job of jobs) {
    const end = preemptionDelayEndMs(job);
    // Strictly before the end: at the end itself the job may evict (upstream `now.Before(end)`).
    if (end === null || ssn.timeMs >= end) {
      out.push(job);
      continue;
    }
    let seen = recorded.get(ssn);
    if (seen === undefined) recorded.set(ssn, (seen = new Set()));
    if (seen.has(job)) continue;
    seen.add(job);
    const pending = job.tasks.filter((t) => t.status === 'Pending');
    const record = ssn.attempt(ssn.startAttempt(action, job, pending));
    record.outcome = 'skipped';
    record.code = 'preemption-delay';
    record.message = preemptionDelayMessage(job, end, ssn.timeMs);
  }
  return out;
}

/** "waits N more before it may evict", with where the delay counts from. */
export function preemptionDelayMessage(job: JobInfo, endMs: number, nowMs: number): string {
  const delay = formatDuration(job.spec.preemptionDelayMs ?? 0);
  const evicted = job.lastEvictedAtMs !== null && job.lastEvictedAtMs > job.spec.submitAtMs;
  const from = evicted
    ? `its last eviction at ${formatDuration(job.lastEvictedAtMs ?? 0)}`
    : `its creation at ${formatDuration(job.spec.submitAtMs)}`;
  return `${job.name} waits ${formatDuration(endMs - nowMs)} more before it may evict: its preemption delay of ${delay} counts from ${from}, so it may trigger evictions from ${formatDuration(endMs)}. It can still be placed into free room.`;
}
