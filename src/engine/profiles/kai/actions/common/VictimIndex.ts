/**
 * The candidate victims of one action, by leaf queue, kept up to date as Statements evict and roll back
 * (Session.watchTasks), so that an attempt costs the victims it looks at rather than a scan of every job
 * of the cluster: upstream's solvers get their victims from the session's per-queue job maps too.
 *
 * Per leaf: the member jobs in name order (how refusals are listed in the trace), in victim order (the
 * session's job order reversed, as KAI's victim queue pops a leaf: lowest priority first, then an elastic
 * job above its minimum before one at it before one below it, then newest, then name descending), and how
 * many of them are running jobs now, in total and per priority. Whether a member qualifies is always
 * decided live (`isRunningJob`, the preemptor excluded, preempt's priority bound), exactly as the filter
 * the actions applied to every job at every attempt; the index only spares looking at the others.
 */
import type { JobInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';

interface Leaf {
  byName: JobInfo[];
  ordered: JobInfo[];
  running: number;
  runningByPriority: Map<number, number>;
  /** Members whose place in the order changed since it was sorted (see {@link VictimIndex.moved}). */
  moved: Set<JobInfo>;
}

export class VictimIndex {
  private readonly leaves = new Map<QueueInfo, Leaf>();
  /** Member job → whether it counted as running at the last look. */
  private readonly counted = new Map<JobInfo, boolean>();
  private readonly unwatch: () => void;
  /** Leaves in name order. */
  readonly queues: readonly QueueInfo[];

  /** `jobs` in name order (the session's job list order); only preemptible jobs should be given. */
  constructor(ssn: Session, jobs: readonly JobInfo[]) {
    for (const job of jobs) {
      let leaf = this.leaves.get(job.queue);
      if (!leaf) {
        leaf = { byName: [], ordered: [], running: 0, runningByPriority: new Map(), moved: new Set() };
        this.leaves.set(job.queue, leaf);
      }
      leaf.byName.push(job);
      const running = job.isRunningJob;
      this.counted.set(job, running);
      if (running) count(leaf, job, 1);
    }
    // Victim order is sorted once per session and shared by the three eviction actions, each taking its
    // members in that order. It depends on the job's state only through how many tasks it has placed (the
    // elastic plugin's rank): a job whose count changed since the sort is kept aside as `moved`, and the
    // victim queue ranks it live (KAI regenerates its victim queue for every attempt).
    const order = sessionVictimOrder(ssn);
    for (const job of order.jobs) {
      if (this.counted.has(job)) (this.leaves.get(job.queue) as Leaf).ordered.push(job);
    }
    this.placedAtSort = order.placed;
    for (const job of this.counted.keys()) this.track(job);
    this.priorityFirst = [...this.leaves.values()].every((l) =>
      l.ordered.every((j, i) => i === 0 || (l.ordered[i - 1] as JobInfo).priority <= j.priority),
    );
    this.queues = [...this.leaves.keys()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.unwatch = ssn.watchTasks((task) => {
      const job = task.job;
      const was = this.counted.get(job);
      if (was === undefined) return;
      this.track(job);
      const now = job.isRunningJob;
      if (now === was) return;
      this.counted.set(job, now);
      count(this.leaves.get(job.queue) as Leaf, job, now ? 1 : -1);
    });
  }

  private readonly placedAtSort: ReadonlyMap<JobInfo, number>;
  /** Whether every leaf's victim order starts with priority (the priority plugin's job order comes first). */
  private readonly priorityFirst: boolean;

  private track(job: JobInfo): void {
    const moved = (this.leaves.get(job.queue) as Leaf).moved;
    if (job.placed !== this.placedAtSort.get(job)) moved.add(job);
    else moved.delete(job);
  }

  /**
   * Members of `leaf` whose placed-task count changed since the order was sorted: their place in
   * {@link ordered} may be stale, so the victim queue skips them there and ranks them live.
   */
  moved(leaf: QueueInfo): ReadonlySet<JobInfo> {
    return this.leaves.get(leaf)?.moved ?? EMPTY;
  }

  /** Stops following the session (at the end of the action). */
  close(): void {
    this.unwatch();
  }

  has(leaf: QueueInfo): boolean {
    return this.leaves.has(leaf);
  }

  /** Members of `leaf` in name order. */
  byName(leaf: QueueInfo): readonly JobInfo[] {
    return this.leaves.get(leaf)?.byName ?? [];
  }

  /** Members of `leaf` in victim order. */
  ordered(leaf: QueueInfo): readonly JobInfo[] {
    return this.leaves.get(leaf)?.ordered ?? [];
  }

  /**
   * How many members of `leaf` in victim order can have a priority below `below`: the victim order sorts
   * by priority first, so they are a prefix.
   */
  prefixBelow(leaf: QueueInfo, below: number): number {
    const list = this.ordered(leaf);
    if (below === Infinity || !this.priorityFirst) return list.length;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as JobInfo).priority < below) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Running members of `leaf` with a priority below `below`, `exclude` not counted. */
  runningCount(leaf: QueueInfo, below: number, exclude: JobInfo | null): number {
    const l = this.leaves.get(leaf);
    if (!l) return 0;
    let n = 0;
    if (below === Infinity) n = l.running;
    else for (const [p, c] of l.runningByPriority) if (p < below) n += c;
    if (exclude && exclude.queue === leaf && exclude.priority < below && this.counted.get(exclude)) n--;
    return n;
  }
}

/**
 * A victim index built when an action first asks for victims, and closed at the end if it was built. Most
 * sessions of a long run have pending jobs that never get that far (the reclaim gate refuses them, or
 * nothing is pending), and building the index for every action of every session was a fifth of a
 * 1,000-session run. Nothing changes the session before the first attempt that asks (attempts stopped
 * earlier, and failures reused from FailureMemo, change nothing), so `jobs` then picks the same jobs, in
 * the same state, as at the action's start.
 */
export class LazyVictimIndex {
  private built: VictimIndex | null = null;

  constructor(
    private readonly ssn: Session,
    private readonly jobs: () => readonly JobInfo[],
  ) {}

  get(): VictimIndex {
    this.built ??= new VictimIndex(this.ssn, this.jobs());
    return this.built;
  }

  close(): void {
    this.built?.close();
  }
}

function count(leaf: Leaf, job: JobInfo, sign: 1 | -1): void {
  leaf.running += sign;
  leaf.runningByPriority.set(job.priority, (leaf.runningByPriority.get(job.priority) ?? 0) + sign);
}

const EMPTY: ReadonlySet<JobInfo> = new Set();

interface SessionVictimOrder {
  jobs: readonly JobInfo[];
  /** Each job's placed-task count when the order was sorted. */
  placed: ReadonlyMap<JobInfo, number>;
}

const sortedBySession = new WeakMap<Session, SessionVictimOrder>();

/** Every job of the session in victim order. */
function sessionVictimOrder(ssn: Session): SessionVictimOrder {
  let order = sortedBySession.get(ssn);
  if (!order) {
    const compare = victimOrder(ssn);
    order = {
      jobs: [...ssn.jobs].sort(compare),
      placed: new Map(ssn.jobs.map((j) => [j, j.placed])),
    };
    sortedBySession.set(ssn, order);
  }
  return order;
}

/**
 * KAI's victim queue orders a leaf's jobs by the session's job order reversed (`!ssn.JobOrderFn(l, r)`,
 * KAI pkg/scheduler/actions/utils/job_order_by_queue.go:258 @d5bc503): with the default plugins, lowest
 * priority first, then (elastic) a job above its minAvailable before one exactly at it before one below
 * it, then newest, then name descending.
 */
export function victimOrder(ssn: Session): (a: JobInfo, b: JobInfo) => number {
  return (a, b) => ssn.compareJobs(b, a);
}

/**
 * The victims one attempt may take: some leaves of an index, and the live rule for their members (a
 * running job now, not the preemptor, below the priority bound).
 */
export class VictimCandidates {
  constructor(
    readonly index: VictimIndex,
    readonly leaves: readonly QueueInfo[],
    readonly below: number,
    readonly exclude: JobInfo | null,
  ) {}

  isLive(job: JobInfo): boolean {
    return job !== this.exclude && job.priority < this.below && job.isRunningJob;
  }

  /** Live victims of `leaf` now. */
  count(leaf: QueueInfo): number {
    return this.index.runningCount(leaf, this.below, this.exclude);
  }

  /** True when no leaf has a live victim. */
  get isEmpty(): boolean {
    return this.leaves.every((leaf) => this.count(leaf) === 0);
  }
}
