/**
 * The job order a victim scenario is simulated in (KAI actions/common/action.go:59-72 GetJobsToAllocate
 * @d5bc503): every job with a pending task (utils/action.go:177-185), the scenario's victim jobs and its
 * preemptor, in one JobsOrderByQueues; jobs outside the scenario are popped and skipped (action.go:92-94).
 * Only the order in which the scenario's own jobs come out matters, and decision 0291 shows how it is had
 * without popping every pending job:
 *
 * - The pending jobs outside the scenario are untouched by it, so their order per leaf queue is sorted once
 *   and reused while nothing is committed (`Session.commits`, the generation FailureMemo relies on); only the
 *   scenario's own jobs are put in their places each time, by the same binary search as a push.
 * - A run of consecutive jobs of one leaf that are outside the scenario and that queue order cannot tell
 *   apart (equal `Session.queueOrderJobKey`, for proportion the job's request) stands as its first job: once
 *   one of them is popped, every comparison the next pop makes is the one just made (nothing is placed in
 *   between), so the same leaf wins again until the run is out. Popping the run at once skips the same jobs.
 * - Only the top-level queues holding a scenario job are filled (decision 0242): a top-level queue without
 *   one interleaves pops that allocate nothing, and top-level queues are compared pairwise. Below a single
 *   root the root's children count as top-level (decision 0349, see topDepth).
 *
 * `scenarioJobOrder.literal.test.ts` checks, pop by pop over random sessions, that the scenario's jobs come
 * out as from the literal queue of every pending job.
 */
import type { JobInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { JobsOrderByQueues } from './JobsOrderByQueues';

/** One leaf queue's pending jobs in job order, their queue-order keys, and the first job of each run. */
interface PendingLeaf {
  jobs: JobInfo[];
  /** Parallel to `jobs`; null when no key is known (every job is its own run). */
  keys: string[] | null;
  reps: JobInfo[];
}

/** The session's pending jobs by leaf queue, as they stand between scenarios (see pendingJobsSorted). */
export interface PendingJobs {
  readonly leaves: ReadonlyMap<QueueInfo, PendingLeaf>;
}

interface PendingState extends PendingJobs {
  commits: number;
  readonly leaves: Map<QueueInfo, PendingLeaf>;
  /** The jobs in `leaves`. */
  readonly sorted: Set<JobInfo>;
  /** Jobs a task of which changed since they were last sorted in (Session.watchTasks, rollbacks included). */
  readonly touched: Set<JobInfo>;
  readonly keyOf: ((job: JobInfo) => string) | null;
}

const sortedBySession = new WeakMap<Session, PendingState>();

/**
 * Call before the scenario's evictions (the pending jobs must be sorted as the session stands between
 * scenarios); {@link scenarioJobOrder} then builds the queue once they are made. After a commit only the
 * jobs a task of which changed are taken out and put back by binary search: job order reads only the job
 * itself (priority, elastic's minAvailable state, creation time, name), so the others keep their order.
 */
export function pendingJobsSorted(ssn: Session): PendingJobs {
  const state = sortedBySession.get(ssn);
  if (state === undefined) {
    const fresh = sortAll(ssn);
    sortedBySession.set(ssn, fresh);
    ssn.watchTasks((task) => fresh.touched.add(task.job));
    return fresh;
  }
  if (state.commits !== ssn.commits) refresh(ssn, state);
  return state;
}

function sortAll(ssn: Session): PendingState {
  const byLeaf = new Map<QueueInfo, JobInfo[]>();
  const sorted = new Set<JobInfo>();
  for (const job of ssn.jobs) {
    if (job.counts.Pending === 0) continue;
    sorted.add(job);
    const list = byLeaf.get(job.queue);
    if (list) list.push(job);
    else byLeaf.set(job.queue, [job]);
  }
  const keyOf = ssn.queueOrderJobKey();
  const leaves = new Map<QueueInfo, PendingLeaf>();
  for (const [queue, jobs] of byLeaf) {
    jobs.sort(ssn.compareJobs);
    const leaf: PendingLeaf = { jobs, keys: keyOf === null ? null : jobs.map(keyOf), reps: [] };
    leaf.reps = runsOf(leaf);
    leaves.set(queue, leaf);
  }
  return { commits: ssn.commits, leaves, sorted, touched: new Set(), keyOf };
}

function refresh(ssn: Session, state: PendingState): void {
  const changed = new Set<QueueInfo>();
  for (const job of state.touched) {
    let leaf = state.leaves.get(job.queue);
    if (leaf && state.sorted.delete(job)) {
      const at = leaf.jobs.indexOf(job);
      leaf.jobs.splice(at, 1);
      leaf.keys?.splice(at, 1);
      changed.add(job.queue);
    }
    if (job.counts.Pending === 0) continue;
    if (!leaf) {
      leaf = { jobs: [], keys: state.keyOf === null ? null : [], reps: [] };
      state.leaves.set(job.queue, leaf);
    }
    const i = insertionIndex(ssn, leaf.jobs, job);
    leaf.jobs.splice(i, 0, job);
    leaf.keys?.splice(i, 0, (state.keyOf as (job: JobInfo) => string)(job));
    state.sorted.add(job);
    changed.add(job.queue);
  }
  state.touched.clear();
  for (const queue of changed) {
    const leaf = state.leaves.get(queue) as PendingLeaf;
    if (leaf.jobs.length === 0) state.leaves.delete(queue);
    else leaf.reps = runsOf(leaf);
  }
  state.commits = ssn.commits;
}

/** The first job of each run of consecutive jobs with one key. */
function runsOf(leaf: PendingLeaf): JobInfo[] {
  const keys = leaf.keys;
  return keys === null ? leaf.jobs.slice() : leaf.jobs.filter((_, i) => i === 0 || keys[i] !== keys[i - 1]);
}

/** The same search as JobsOrderByQueues.push: after every job that job order does not put behind `job`. */
function insertionIndex(ssn: Session, list: readonly JobInfo[], job: JobInfo): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ssn.compareJobs(list[mid] as JobInfo, job) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The scenario's queue: the pending jobs of the top-level queues holding a job of `scenarioJobs`, runs of
 * alike jobs outside the scenario as one, and `scenarioJobs` put in their places (each alone). Popping it
 * gives the scenario's jobs in the order the queue of every pending job would.
 */
export function scenarioJobOrder(
  ssn: Session,
  pending: PendingJobs,
  scenarioJobs: ReadonlySet<JobInfo>,
): JobsOrderByQueues {
  const depth = topDepth(ssn);
  const topOf = (queue: QueueInfo) => queue.path[Math.min(depth, queue.path.length - 1)] as QueueInfo;
  const tops = new Set<QueueInfo>();
  const inserted = new Map<QueueInfo, JobInfo[]>();
  for (const job of scenarioJobs) {
    tops.add(topOf(job.queue));
    const list = inserted.get(job.queue);
    if (list) list.push(job);
    else inserted.set(job.queue, [job]);
  }
  const leaves = new Map<QueueInfo, JobInfo[]>();
  for (const [queue, leaf] of pending.leaves) {
    if (!tops.has(topOf(queue))) continue;
    // A leaf without a scenario job keeps its runs as they are (a scenario job pending in a leaf is in it).
    if (!inserted.has(queue)) leaves.set(queue, leaf.reps.slice());
  }
  for (const [queue, jobs] of inserted)
    leaves.set(queue, leafWith(ssn, pending.leaves.get(queue), jobs, scenarioJobs));
  return JobsOrderByQueues.fromSortedLeaves(ssn, leaves);
}

/**
 * The level whose queues count as top-level for decision 0242's rule: the first one with more than one
 * queue. A queue that is the only one of its level (a single root, the only child of one) never has its
 * offer compared (JobsOrderByQueues passes it up unchanged), so the queues below it are the ones compared
 * pairwise with nothing above them: a queue there without a scenario job only interleaves pops that place
 * nothing. An imported KAI cluster has one root queue above its departments, which left the rule idle.
 */
function topDepth(ssn: Session): number {
  let level: readonly QueueInfo[] = ssn.roots;
  let depth = 0;
  while (level.length === 1 && (level[0] as QueueInfo).children.length > 0) {
    level = (level[0] as QueueInfo).children;
    depth++;
  }
  return depth;
}

/** One leaf's runs with the scenario's jobs taken out of their old places and put into their new ones. */
function leafWith(
  ssn: Session,
  leaf: PendingLeaf | undefined,
  jobs: readonly JobInfo[],
  scenarioJobs: ReadonlySet<JobInfo>,
): JobInfo[] {
  const list: JobInfo[] = [];
  // A scenario job's key is null: it never joins a run, and the job after it starts one.
  const keys: (string | null)[] = [];
  if (leaf)
    leaf.jobs.forEach((job, i) => {
      if (scenarioJobs.has(job)) return;
      list.push(job);
      keys.push(leaf.keys?.[i] ?? null);
    });
  for (const job of jobs) {
    const lo = insertionIndex(ssn, list, job);
    list.splice(lo, 0, job);
    keys.splice(lo, 0, null);
  }
  return list.filter((_, i) => i === 0 || keys[i] === null || keys[i] !== keys[i - 1]);
}
