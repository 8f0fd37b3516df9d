/**
 * Where victims come from, in the order KAI takes them (`actions/common/solvers` victim queue): the queue
 * tree reversed — at each level the sibling the session's victim queue order prefers (most over-served
 * first, counting victims already taken from it) — and inside a leaf the session's job order reversed
 * (lowest priority first; an elastic job above its minimum before one at it; then the newest). An elastic
 * job above minAvailable gives one task at a time (its lowest in task order) and what is left of it is put
 * back and ranked again as the smaller job it now is, as upstream re-pushes a clone with the remaining tasks
 * (KAI pkg/scheduler/actions/common/solvers/pod_scenario_builder.go addNextPotentialVictims @d5bc503);
 * otherwise all its remaining active tasks go together.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { QUEUE_RESOURCE_NAMES, type QueueResources } from '../../../../model/resources';
import { victimOrder, type VictimCandidates } from './VictimIndex';
import { subGroupTasksToEvict } from '../../framework/subGroupEviction';

export class VictimQueue {
  /** Per leaf with candidates: where its walk in victim order stands. */
  private readonly cursors = new Map<QueueInfo, LeafCursor>();
  private readonly taken = new Map<string, QueueResources>();
  /** Tasks already handed out per job. */
  private readonly given = new Map<JobInfo, Set<TaskInfo>>();
  /**
   * The keys of `given` by leaf, each list in `given`'s insertion order: `head` asks one leaf's, and
   * walking every job that gave tasks for each victim was quadratic in the probe's victims (the 140,000-pod
   * session's reclaim). Same jobs in the same order, so the same ties go the same way.
   */
  private readonly givenByLeaf = new Map<QueueInfo, JobInfo[]>();
  private readonly order: (a: JobInfo, b: JobInfo) => number;

  /**
   * `accept` is the per-job victim filter, asked lazily when a job is first popped: a refused job is dropped
   * and the pick is made again, which yields the same order as filtering every candidate up front (refused
   * jobs never count as taken) while most candidates are never looked at. Jobs that do not qualify now
   * (`candidates.isLive`) are skipped the same way, before the filter is asked: the session does not
   * change while the solver picks (every scenario it tries is rolled back), so skipping them as they come
   * up gives the order that dropping them up front gave.
   */
  constructor(
    private readonly ssn: Session,
    private readonly candidates: VictimCandidates,
    private readonly accept: (job: JobInfo) => boolean = () => true,
  ) {
    this.order = victimOrder(ssn);
    let known = knownSkipped.get(accept);
    if (known === undefined || known.candidates !== candidates) {
      known = { candidates, leaves: new Map() };
      knownSkipped.set(accept, known);
    }
    this.known = known.leaves;
    for (const leaf of candidates.leaves) {
      const list = candidates.index.ordered(leaf);
      const end = candidates.index.prefixBelow(leaf, candidates.below);
      let skip = this.known.get(leaf);
      if (skip === undefined || skip.list !== list) this.known.set(leaf, (skip = { list, pos: 0 }));
      if (end > 0) this.cursors.set(leaf, { list, pos: Math.min(skip.pos, end), end, skip });
    }
  }

  /** This attempt's {@link KnownSkipped} leaves (shared by its probes' queues). */
  private readonly known: Map<QueueInfo, SkippedPrefix>;

  /** Marks tasks as already taken (recorded victims of an earlier step). */
  markTaken(tasks: readonly TaskInfo[]): void {
    for (const t of tasks) this.take(t.job, [t]);
  }

  private readonly accepted = new Set<JobInfo>();
  private readonly refused = new Set<JobInfo>();

  /**
   * The leaf's next victim job in victim order: the first of its sorted list that can still give a task
   * (skipping for good the ones that cannot), against the jobs ranked live — those whose placed count
   * changed since the sort, and those that already gave tasks, ranked as what is left of them. Null when
   * the leaf has none left.
   */
  private head(cursor: LeafCursor, leaf: QueueInfo): JobInfo | null {
    const moved = this.candidates.index.moved(leaf);
    let best: JobInfo | null = null;
    while (cursor.pos < cursor.end) {
      const job = cursor.list[cursor.pos] as JobInfo;
      if (!moved.has(job) && !this.given.has(job) && this.usable(job)) {
        best = job;
        break;
      }
      // Refused and not live hold for the whole attempt: the next probe's queue starts after this job.
      if (cursor.skip.pos === cursor.pos && (this.refused.has(job) || !this.candidates.isLive(job)))
        cursor.skip.pos++;
      cursor.pos++;
    }
    let bestView = best;
    // Jobs ranked live, the best of them that has not given tasks (those are ranked below, as what is left).
    const live = this.liveHead(leaf, moved);
    if (live !== null && (bestView === null || this.order(live, bestView) < 0)) {
      best = live;
      bestView = live;
    }
    const givenHere = this.givenByLeaf.get(leaf);
    if (givenHere === undefined) return best;
    // A job that is no longer usable never is again (refused and given only grow, live does not change,
    // liveHead), so it leaves the list: at 140,000 pods each call walked about 19 spent jobs (700,000 looks
    // in the first session), none of them usable. The rest keep their order.
    let kept = 0;
    for (const job of givenHere) {
      if (!this.usable(job)) continue;
      givenHere[kept++] = job;
      const view = this.viewOf(job);
      if (bestView === null || this.order(view, bestView) < 0) {
        best = job;
        bestView = view;
      }
    }
    givenHere.length = kept;
    return best;
  }

  /**
   * The first of `leaf`'s moved jobs in victim order that has given no task and is usable. The queue asks
   * once per victim, and scanning every moved job each time was most of `head` at 140,000 pods (8 million
   * looks in one session's reclaim, about 220 moved jobs per call). Sorted once per leaf and walked with a
   * cursor, which is exact: the solver asks only with the session as the attempt found it (each scenario it
   * tries is rolled back before the next pick, solveVictims.ts), so the moved jobs and their order are the
   * same at every call (the order is total: it ends with the job's name, Session.compareJobs), and a job
   * passed over stays out (given and refused only grow; live does not change).
   */
  private liveHead(leaf: QueueInfo, moved: ReadonlySet<JobInfo>): JobInfo | null {
    let cursor = this.movedByLeaf.get(leaf);
    if (cursor === undefined) {
      const list = [...moved].filter((job) => job.queue === leaf).sort(this.order);
      this.movedByLeaf.set(leaf, (cursor = { list, pos: 0 }));
    }
    const { list } = cursor;
    while (cursor.pos < list.length) {
      const job = list[cursor.pos] as JobInfo;
      if (!this.given.has(job) && this.usable(job)) return job;
      cursor.pos++;
    }
    return null;
  }

  /** Per leaf, its moved jobs in victim order and how far {@link liveHead} has passed over them. */
  private readonly movedByLeaf = new Map<QueueInfo, { list: readonly JobInfo[]; pos: number }>();

  private usable(job: JobInfo): boolean {
    return (
      !this.refused.has(job) &&
      this.candidates.isLive(job) &&
      (!this.given.has(job) || this.hasRemaining(job))
    );
  }

  /** Whether {@link remaining} is not empty, without building and sorting it. */
  private hasRemaining(job: JobInfo): boolean {
    const given = this.given.get(job);
    for (const t of job.tasks) {
      if ((t.status === 'Running' || t.status === 'Allocated') && !given?.has(t)) return true;
    }
    return false;
  }

  /**
   * A job that already gave tasks, as upstream's clone with the remaining tasks: fewer placed, which moves
   * it in the elastic rank. The job itself otherwise.
   */
  private viewOf(job: JobInfo): JobInfo {
    const given = this.given.get(job);
    if (given === undefined || given.size === 0) return job;
    const placed = job.placed - given.size;
    const kept = this.views.get(job);
    if (kept !== undefined && kept.placed === placed) return kept;
    const view = Object.create(job) as JobInfo;
    Object.defineProperty(view, 'placed', { value: placed });
    this.views.set(job, view);
    return view;
  }

  /** The last view made of each job that gave tasks, used again while its placed count is the same. */
  private readonly views = new Map<JobInfo, JobInfo>();

  /** The next victim tasks (one job's worth), or null when no victim is left. */
  next(): TaskInfo[] | null {
    let job: JobInfo;
    for (;;) {
      const leaf = this.pickLeaf();
      if (!leaf) return null;
      const cursor = this.cursors.get(leaf) as LeafCursor;
      const first = this.head(cursor, leaf);
      if (first === null) {
        this.cursors.delete(leaf);
        this.withVictims = null;
        continue;
      }
      job = first;
      if (this.accepted.has(job) || this.accept(job)) break;
      this.refused.add(job);
    }
    this.accepted.add(job);
    const remaining = this.remaining(job);
    // A job with subgroups gives what KAI's GetTasksToEvict picks (§22); an elastic job above minAvailable
    // its last task in task order. What is left of either is ranked again.
    const tree = job.subGroupTree;
    const tasks =
      tree !== null
        ? subGroupTasksToEvict(tree, new Set(remaining), this.ssn.compareTasks)
        : remaining.length > job.minAvailable
          ? [remaining[remaining.length - 1] as TaskInfo]
          : remaining;
    this.take(job, tasks);
    return tasks;
  }

  private remaining(job: JobInfo): TaskInfo[] {
    const given = this.given.get(job);
    return job.tasks
      .filter((t) => (t.status === 'Running' || t.status === 'Allocated') && !given?.has(t))
      .sort(this.ssn.compareTasks);
  }

  private take(job: JobInfo, tasks: readonly TaskInfo[]): void {
    let given = this.given.get(job);
    if (given === undefined) {
      given = new Set<TaskInfo>();
      const list = this.givenByLeaf.get(job.queue);
      if (list === undefined) this.givenByLeaf.set(job.queue, [job]);
      else list.push(job);
    }
    for (const t of tasks) {
      given.add(t);
      // What the victim's queue counts for it on its node (proportion's victim resources read
      // AcceptedResourceVector, proportion.go:172-195, 235 @d5bc503: a GPU-memory request's portion of that
      // node's devices rounded up to the hundredth, decisions 0328 and 0356). Read once per task, not per queue.
      const held = t.heldQuota;
      for (const q of job.queue.path) {
        let r = this.taken.get(q.name);
        if (r === undefined) this.taken.set(q.name, (r = { gpu: 0, cpu: 0, memory: 0 }));
        for (const name of QUEUE_RESOURCE_NAMES) r[name] += held[name];
      }
    }
    this.given.set(job, given);
  }

  /**
   * Queues with at least one candidate victim at or below them, marked from the leaves up. Iterative and
   * linear in the tree: queue chains may be thousands of levels deep (docs/scenario-format.md limits), where
   * a recursive walk overflowed the stack and re-walking every level per pick was quadratic.
   */
  private queuesWithVictims(): Set<QueueInfo> {
    const out = new Set<QueueInfo>();
    for (const leaf of this.cursors.keys()) {
      for (let i = leaf.path.length - 1; i >= 0; i--) {
        const q = leaf.path[i] as QueueInfo;
        if (out.has(q)) break;
        out.add(q);
      }
    }
    return out;
  }

  /** {@link queuesWithVictims}, kept until a leaf runs out of candidates. */
  private withVictims: Set<QueueInfo> | null = null;

  private pickLeaf(): QueueInfo | null {
    const withVictims = (this.withVictims ??= this.queuesWithVictims());
    let level: readonly QueueInfo[] = this.ssn.roots;
    for (;;) {
      let best: QueueInfo | null = null;
      for (const q of level) {
        if (!withVictims.has(q)) continue;
        if (!best || this.ssn.compareVictimQueues(q, best, null, null, this.taken) < 0) best = q;
      }
      if (!best) return null;
      if (best.children.length === 0) return best;
      level = best.children;
    }
  }
}

/**
 * Per leaf, how many jobs at the front of its victim-order list are refused by the attempt's victim filter or
 * not live. Both hold for the whole attempt: every probe starts from the session as the attempt found it
 * (a failed scenario is rolled back, a discarded probe's statement is dropped: solveVictims.ts), and
 * `accept` remembers its answer per job (evictionAttempt.ts filterVictims), so asking again changes nothing.
 * Every probe builds a new queue (KAI regenerates its victim queue per probe, job_solver.go:160-182
 * @d5bc503), which walked that same front again: at 140,000 pods, protected jobs by the thousand for each of
 * 1,880 probes. A queue skipping them picks exactly what one that walks them picks (they are never taken, so
 * the queue order between leaves does not see them).
 */
interface SkippedPrefix {
  list: readonly JobInfo[];
  pos: number;
}

/** An attempt (its `accept` function and candidates) -> its leaves' skipped fronts. */
const knownSkipped = new WeakMap<
  (job: JobInfo) => boolean,
  { candidates: VictimCandidates; leaves: Map<QueueInfo, SkippedPrefix> }
>();

interface LeafCursor {
  /** The leaf's candidates in victim order (shared with the index: never changed here). */
  list: readonly JobInfo[];
  /** First position not yet given out or skipped. */
  pos: number;
  /** Positions from here on are above the priority bound. */
  end: number;
  /** The attempt's known front of this list (shared with later probes' queues). */
  skip: SkippedPrefix;
}
