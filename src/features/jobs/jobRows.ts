/** Filtering and sorting of the jobs table (pure, so the rules are unit-tested and cheap to memoise). */
import { type JobState } from '../../engine/model/snapshot';
import { protectionsOf, reclaimProtections, type ProtectionState } from '../../engine/model/protection';
import type { JobSortKey, JobStatusFilter } from '../../store/AppState';
import { byText, collatorRanks, createNameRanker, type JobNameOrder } from '../../protocol/jobNameOrder';

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
  return jobs.filter(jobFilter(filter));
}

/** Whether a job matches the filter: its status, and the text in its name, queue or priority class. */
function jobFilter(filter: { text: string; status: JobStatusFilter }): (job: JobState) => boolean {
  const needle = filter.text.trim().toLowerCase();
  return (job) =>
    matchesStatus(job, filter.status) &&
    (needle === '' ||
      job.name.toLowerCase().includes(needle) ||
      job.queue.toLowerCase().includes(needle) ||
      (job.priorityClassName ?? '').toLowerCase().includes(needle));
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

/** The names' ranks of views without the worker's (tests, tools): ranked here, kept while a session's names are in them. */
const rankNames = createNameRanker();

function namesRanked(jobs: readonly JobState[]): Map<string, number> {
  return rankNames(jobs.map((j) => j.name));
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
  const names = namesRanked(jobs);
  return sortRanked(
    jobs.map((job) => ({ job, name: names.get(job.name) as number })),
    sort,
    nowMs,
  );
}

/** Jobs with their names' ranks, sorted: by the sort key, then by name; equal names keep their order. */
function sortRanked<J extends JobState>(
  ranked: readonly { job: J; name: number }[],
  sort: { key: JobSortKey; direction: 'asc' | 'desc' },
  nowMs: number,
): J[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const queues = sort.key === 'queue' ? collatorRanks(ranked.map((r) => r.job.queue)) : null;
  // Each job with its ranks, looked up once: the sort then compares numbers (a map lookup per comparison
  // cost more than the collator it replaces).
  const rows = ranked.map(({ job, name }) => ({
    job,
    name,
    key: sort.key === 'name' ? name : queues !== null ? (queues.get(job.queue) as number) : 0,
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

/**
 * The rows from the worker's name order (decision 0377): the matching jobs in name order, each with its rank,
 * then sorted as {@link sortJobs} sorts (the default, name ascending, is that order already). Jobs of equal
 * rank are in their own order in the name order, so they keep it as in {@link sortJobs}.
 */
function rowsInNameOrder<J extends JobState>(
  jobs: readonly J[],
  filter: { text: string; status: JobStatusFilter },
  sort: { key: JobSortKey; direction: 'asc' | 'desc' },
  nowMs: number,
  order: JobNameOrder,
): J[] {
  const matches = jobFilter(filter);
  const rows: J[] = [];
  const at: number[] = [];
  for (const i of order.order) {
    const job = jobs[i] as J;
    if (matches(job)) {
      rows.push(job);
      at.push(i);
    }
  }
  if (sort.key === 'name' && sort.direction === 'asc') return rows;
  if (sort.key === 'queue') return byQueueInNameOrder(rows, sort.direction);
  return sortRanked(
    rows.map((job, k) => ({ job, name: order.ranks[at[k] as number] as number })),
    sort,
    nowMs,
  );
}

/**
 * Jobs in name order grouped by queue, the queues in collator order (the table's default sort): a stable sort
 * by queue of the name order, done by grouping (linear; comparing 43,700 jobs took 28 ms of a main-thread task
 * when a 140,000-pod cluster's first session arrived).
 */
function byQueueInNameOrder<J extends JobState>(inNameOrder: readonly J[], direction: 'asc' | 'desc'): J[] {
  const queues = collatorRanks(inNameOrder.map((job) => job.queue));
  // One group per rank, filled in name order: queues the collator finds equal (an é composed and not) share a
  // rank, and their jobs stay in name order, as a stable sort by rank leaves them.
  const groups = new Map<number, J[]>();
  for (const job of inNameOrder) {
    const rank = queues.get(job.queue) as number;
    const group = groups.get(rank);
    if (group === undefined) groups.set(rank, [job]);
    else group.push(job);
  }
  const sign = direction === 'asc' ? 1 : -1;
  return [...groups.keys()].sort((a, b) => sign * (a - b)).flatMap((rank) => groups.get(rank) as J[]);
}

/** Row models kept per session's job list: stepping back to a session (or re-rendering it) sorts nothing. */
const rowCache = new WeakMap<readonly JobState[], Map<string, JobState[]>>();
/** Filter and sort combinations kept per session (a person tries a few). */
const ROW_MODELS_PER_SESSION = 4;

/**
 * The rows matching the filter in sort order, computed once per session's job list, filter and sort. With the
 * worker's name order of `jobs` (`nameOrder`, protocol/jobNameOrder.ts), nothing is ranked here and the names'
 * order is read from it (same rows, {@link rowsInNameOrder}).
 */
export function jobRowsOf<J extends JobState>(
  jobs: readonly J[],
  filter: { text: string; status: JobStatusFilter },
  sort: { key: JobSortKey; direction: 'asc' | 'desc' },
  nowMs: number,
  nameOrder?: JobNameOrder,
): J[] {
  const key = `${filter.status}\u0000${filter.text}\u0000${sort.key}\u0000${sort.direction}\u0000${nowMs}`;
  let models = rowCache.get(jobs);
  if (models === undefined) rowCache.set(jobs, (models = new Map()));
  const hit = models.get(key);
  if (hit !== undefined) return hit as J[];
  const rows =
    nameOrder !== undefined && nameOrder.ranks.length === jobs.length
      ? rowsInNameOrder(jobs, filter, sort, nowMs, nameOrder)
      : sortJobs(filterJobs(jobs, filter), sort, nowMs);
  models.set(key, rows);
  if (models.size > ROW_MODELS_PER_SESSION) models.delete(models.keys().next().value!);
  return rows;
}
