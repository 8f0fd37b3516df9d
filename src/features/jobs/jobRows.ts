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

/**
 * Each text's place in collator order (texts the collator finds equal share one), so that a sort compares
 * numbers: sorting 43,000 jobs by queue and then name with the collator was a 117 ms main-thread task when a
 * 140,000-pod cluster's first session arrived (issue 22, decision 0365). Same order as comparing with
 * `byText`: the texts are sorted with it once.
 */
function collatorRanks(texts: Iterable<string>): Map<string, number> {
  const sorted = [...new Set(texts)].sort(byText);
  const ranks = new Map<string, number>();
  let rank = 0;
  sorted.forEach((text, i) => {
    if (i > 0 && byText(sorted[i - 1] as string, text) !== 0) rank = i;
    ranks.set(text, rank);
  });
  return ranks;
}

/**
 * The job names' ranks, kept while every job of the session is in them: a session's jobs are mostly the
 * last one's, so a step ranks nothing again. Rebuilt from the session's names when one is new (nothing else
 * is kept, so another scenario's names do not pile up).
 */
let nameRanks = new Map<string, number>();

function namesRanked(jobs: readonly JobState[]): Map<string, number> {
  for (const job of jobs) {
    if (!nameRanks.has(job.name)) {
      nameRanks = collatorRanks(jobs.map((j) => j.name));
      break;
    }
  }
  return nameRanks;
}

/** Compares two jobs by one sort key other than `name` and `queue` (those are ranked, {@link sortJobs}). */
function comparer(key: JobSortKey, nowMs: number): (a: JobState, b: JobState) => number {
  switch (key) {
    case 'name':
    case 'queue':
      return () => 0;
    case 'priority':
      return (a, b) => a.priority - b.priority;
    case 'status':
      return (a, b) => byText(jobStatusLabel(a), jobStatusLabel(b));
    case 'tasks':
      return (a, b) => a.running - b.running || a.taskCount - b.taskCount;
    case 'runtime':
      return (a, b) => a.progressMs - b.progressMs;
    case 'preempt':
      return (a, b) => protectionKey(a, 'preempt', nowMs) - protectionKey(b, 'preempt', nowMs);
    case 'reclaim':
      return (a, b) => protectionKey(a, 'reclaim', nowMs) - protectionKey(b, 'reclaim', nowMs);
  }
}

export function sortJobs<J extends JobState>(
  jobs: readonly J[],
  sort: { key: JobSortKey; direction: 'asc' | 'desc' },
  nowMs: number,
): J[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const names = namesRanked(jobs);
  const queues = sort.key === 'queue' ? collatorRanks(jobs.map((j) => j.queue)) : null;
  // Each job with its ranks, looked up once: the sort then compares numbers (a map lookup per comparison
  // cost more than the collator it replaces).
  const rows = jobs.map((job) => ({
    job,
    name: names.get(job.name) as number,
    key:
      sort.key === 'name'
        ? (names.get(job.name) as number)
        : queues !== null
          ? (queues.get(job.queue) as number)
          : 0,
  }));
  const primary = comparer(sort.key, nowMs);
  // Ties fall back to the name so that rows keep their places from step to step.
  rows.sort((a, b) => {
    const p = a.key - b.key || primary(a.job, b.job);
    if (p !== 0 && !Number.isNaN(p)) return sign * p;
    return a.name - b.name;
  });
  return rows.map((r) => r.job);
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
