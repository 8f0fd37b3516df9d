/** Filtering and sorting of the jobs table (pure, so the rules are unit-tested and cheap to memoise). */
import { type JobState } from '../../engine/model/snapshot';
import { protectionsOf, reclaimProtections, type ProtectionState } from '../../engine/model/protection';
import type { JobSortKey, JobStatusFilter } from '../../store/AppState';

export function jobStatusLabel(job: JobState): string {
  // KAI's names for a job's terminating pods, as the engine reported them (§23.4).
  if ((job.terminating?.stuck ?? 0) > 0) return 'StuckInReleasing';
  if (job.releasing > 0 || (job.terminating?.releasing ?? 0) > 0) return 'Releasing';
  if (job.taskCount > 0 && job.succeeded === job.taskCount) return 'Succeeded';
  if (job.running > 0 && job.pending === 0 && job.pipelined === 0) return 'Running';
  if (job.running > 0) return 'Partly running';
  if (job.pipelined > 0) return 'Pipelined';
  return 'Pending';
}

/**
 * Protected as the engine says: from preemption, or from reclaim by at least one waiting reclaimer (under lca
 * the answer depends on who reclaims; the engine resolved it for each waiting reclaimer's queue).
 */
const isProtected = (job: JobState): boolean =>
  protectionsOf(job).preemptProtection?.isProtected === true ||
  protectionsOf(job).reclaimProtection?.isProtected === true;

export function matchesStatus(job: JobState, status: JobStatusFilter): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'pending':
      return job.pending > 0;
    case 'running':
      return job.running > 0;
    case 'protected':
      return isProtected(job);
    case 'evicted':
      return job.releasing > 0;
  }
}

export function filterJobs<J extends JobState>(
  jobs: readonly J[],
  filter: { text: string; status: JobStatusFilter },
): J[] {
  const needle = filter.text.trim().toLowerCase();
  return jobs.filter(
    (job) =>
      matchesStatus(job, filter.status) &&
      (needle === '' ||
        job.name.toLowerCase().includes(needle) ||
        job.queue.toLowerCase().includes(needle) ||
        (job.priorityClassName ?? '').toLowerCase().includes(needle)),
  );
}

/** Remaining protection used for sorting: protected jobs first (least time left first), then the rest. */
function protectionKey(job: JobState, which: 'preempt' | 'reclaim', nowMs: number): number {
  const states: readonly (ProtectionState | null)[] =
    which === 'preempt'
      ? [protectionsOf(job).preemptProtection]
      : reclaimProtections(protectionsOf(job).reclaimProtection);
  // Under lca: the longest protection against a waiting reclaimer (how long some reclaimer is kept out).
  let key: number | null = null;
  for (const p of states) {
    if (p === null || !p.isProtected || p.protectedUntilMs === null) continue;
    key = Math.max(key ?? Number.NEGATIVE_INFINITY, p.protectedUntilMs - nowMs);
  }
  return key ?? Number.POSITIVE_INFINITY;
}

/**
 * `localeCompare` without arguments, as one collator: the same order (the spec defines the former by the
 * latter), without building a collator per comparison, which made sorting 33,000 jobs take a long task.
 */
const byText = new Intl.Collator().compare;

function compare(a: JobState, b: JobState, key: JobSortKey, nowMs: number): number {
  switch (key) {
    case 'name':
      return byText(a.name, b.name);
    case 'queue':
      return byText(a.queue, b.queue);
    case 'priority':
      return a.priority - b.priority;
    case 'status':
      return byText(jobStatusLabel(a), jobStatusLabel(b));
    case 'tasks':
      return a.running - b.running || a.taskCount - b.taskCount;
    case 'runtime':
      return a.progressMs - b.progressMs;
    case 'preempt':
      return protectionKey(a, 'preempt', nowMs) - protectionKey(b, 'preempt', nowMs);
    case 'reclaim':
      return protectionKey(a, 'reclaim', nowMs) - protectionKey(b, 'reclaim', nowMs);
  }
}

export function sortJobs<J extends JobState>(
  jobs: readonly J[],
  sort: { key: JobSortKey; direction: 'asc' | 'desc' },
  nowMs: number,
): J[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  // Ties fall back to the name so that rows keep their places from step to step.
  return [...jobs].sort((a, b) => {
    const primary = compare(a, b, sort.key, nowMs);
    if (primary !== 0 && !Number.isNaN(primary)) return sign * primary;
    return byText(a.name, b.name);
  });
}

/** Row models kept per session's job list: stepping back to a session (or re-rendering it) sorts nothing. */
const rowCache = new WeakMap<readonly JobState[], Map<string, JobState[]>>();
/** Filter and sort combinations kept per session (a person tries a few). */
const ROW_MODELS_PER_SESSION = 4;

/** The rows matching the filter in sort order, computed once per session's job list, filter and sort. */
export function jobRowsOf<J extends JobState>(
  jobs: readonly J[],
  filter: { text: string; status: JobStatusFilter },
  sort: { key: JobSortKey; direction: 'asc' | 'desc' },
  nowMs: number,
): J[] {
  const key = `${filter.status}\u0000${filter.text}\u0000${sort.key}\u0000${sort.direction}\u0000${nowMs}`;
  let models = rowCache.get(jobs);
  if (models === undefined) rowCache.set(jobs, (models = new Map()));
  const hit = models.get(key);
  if (hit !== undefined) return hit as J[];
  const rows = sortJobs(filterJobs(jobs, filter), sort, nowMs);
  models.set(key, rows);
  if (models.size > ROW_MODELS_PER_SESSION) models.delete(models.keys().next().value!);
  return rows;
}
