/**
 * KAI's `JobsOrderByQueues` (`actions/utils/job_order_by_queue.go`): pending jobs in a tree that mirrors the
 * queue hierarchy. A pop descends from the top, at each level into the child queue the session's queue
 * order prefers (given the job each child would offer), and takes the best job of that leaf by job order.
 * Because queue order depends on live allocations, the best child of a queue is cached and recomputed only
 * on the path of a queue whose jobs or allocation changed.
 *
 * Upstream keeps each level in a priority queue; here each queue with children keeps a tournament tree
 * over them (see {@link Tournament}), so that a change to one child costs log(siblings) comparisons
 * rather than a scan of every sibling: 4,000 sibling queues took 19 s for one allocate session with a
 * scan. The winner is the one a left-to-right scan would pick (the first child that no later child beats
 * strictly), since a comparison between two siblings depends only on those two.
 */
import type { JobInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';

export class JobsOrderByQueues {
  private readonly leafJobs = new Map<QueueInfo, JobInfo[]>();
  /** Best job offered by each queue's subtree; absent = stale. */
  private readonly best = new Map<QueueInfo, JobInfo | null>();
  /** Per queue with children: the tournament over them; absent = rebuild from scratch. */
  private readonly tournaments = new Map<QueueInfo, Tournament>();
  /** The tournament over the top-level queues; null = rebuild from scratch. */
  private rootTournament: Tournament | null = null;
  private readonly compareOffers: CompareOffers = (a, aJob, b, bJob) =>
    this.ssn.compareQueues(a, b, aJob, bJob);
  /** Each queue's current offer (made once: a closure per pop was garbage). */
  private readonly offerOf = (q: QueueInfo): JobInfo | null => this.best.get(q) ?? null;

  constructor(
    private readonly ssn: Session,
    jobs: Iterable<JobInfo>,
  ) {
    for (const job of jobs) this.insert(job);
    for (const list of this.leafJobs.values()) list.sort(ssn.compareJobs);
  }

  /**
   * A queue over leaf lists already in job order, taken as they are (owned by the queue from now on): the
   * victim scenario's order (scenarioJobOrder.ts), which may stand one job for a run of alike jobs.
   */
  static fromSortedLeaves(ssn: Session, leaves: Map<QueueInfo, JobInfo[]>): JobsOrderByQueues {
    const order = new JobsOrderByQueues(ssn, []);
    for (const [queue, list] of leaves) order.leafJobs.set(queue, list);
    return order;
  }

  get isEmpty(): boolean {
    return this.peek() === null;
  }

  /** Removes and returns the next job, or null when none is left. */
  pop(): JobInfo | null {
    const job = this.peek();
    if (!job) return null;
    const list = this.leafJobs.get(job.queue) as JobInfo[];
    list.splice(list.indexOf(job), 1);
    this.invalidate(job.queue);
    return job;
  }

  /** Puts a job back (it still has pending tasks after a successful attempt). */
  push(job: JobInfo): void {
    const list = this.leafJobs.get(job.queue) ?? [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ssn.compareJobs(list[mid] as JobInfo, job) <= 0) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, job);
    this.leafJobs.set(job.queue, list);
    this.invalidate(job.queue);
  }

  /** Allocation of this queue and its ancestors changed: their ordering must be recomputed. */
  invalidate(queue: QueueInfo): void {
    for (const q of queue.path) {
      this.best.delete(q);
      if (q.parent !== null) this.tournaments.get(q.parent)?.markStale(q);
      else this.rootTournament?.markStale(q);
    }
  }

  /** Every queue's allocation may have changed (victims were evicted). */
  invalidateAll(): void {
    this.best.clear();
    this.tournaments.clear();
    this.rootTournament = null;
  }

  private insert(job: JobInfo): void {
    const list = this.leafJobs.get(job.queue) ?? [];
    list.push(job);
    this.leafJobs.set(job.queue, list);
  }

  private peek(): JobInfo | null {
    const roots = this.ssn.roots;
    for (const root of roots) if (!this.best.has(root)) this.bestOf(root);
    this.rootTournament ??= new Tournament(roots, this.compareOffers);
    return this.rootTournament.winner(this.offerOf);
  }

  /**
   * The best job of `queue`'s subtree. Walks down with an explicit stack rather than recursion, so that a
   * deep chain of queues cannot overflow the stack: a queue is finished once every stale child is.
   */
  private bestOf(queue: QueueInfo): JobInfo | null {
    const stack: QueueInfo[] = [queue];
    while (stack.length > 0) {
      const q = stack[stack.length - 1] as QueueInfo;
      if (this.best.has(q)) {
        stack.pop();
        continue;
      }
      if (q.children.length === 0) {
        this.best.set(q, this.leafJobs.get(q)?.[0] ?? null);
        stack.pop();
        continue;
      }
      let tournament = this.tournaments.get(q);
      if (tournament === undefined) {
        tournament = new Tournament(q.children, this.compareOffers);
        this.tournaments.set(q, tournament);
      }
      const depth = stack.length;
      tournament.forEachStaleChild((c) => {
        if (!this.best.has(c)) stack.push(c);
      });
      if (stack.length > depth) continue;
      this.best.set(q, tournament.winner(this.offerOf));
      stack.pop();
    }
    return this.best.get(queue) ?? null;
  }
}

type CompareOffers = (a: QueueInfo, aJob: JobInfo, b: QueueInfo, bJob: JobInfo) => number;

/**
 * A tournament (winner) tree over the children of one queue, in their order: leaf i holds child i, each
 * inner slot the winner of its two halves, the left one unless the right one is strictly better (so the
 * first of equals wins, as in a left-to-right scan). A child whose offer changed is marked stale and its
 * path to the top replayed when the winner is next asked for.
 */
class Tournament {
  private readonly size: number;
  /** Slot → child index, or -1 when that part of the tree offers no job. */
  private readonly slots: Int32Array;
  private readonly indexOf = new Map<QueueInfo, number>();
  private readonly stale = new Set<number>();
  private built = false;

  constructor(
    private readonly children: readonly QueueInfo[],
    private readonly compare: CompareOffers,
  ) {
    let size = 1;
    while (size < children.length) size *= 2;
    this.size = size;
    this.slots = new Int32Array(2 * size).fill(-1);
    children.forEach((c, i) => this.indexOf.set(c, i));
  }

  markStale(child: QueueInfo): void {
    const i = this.indexOf.get(child);
    if (i !== undefined && this.built) this.stale.add(i);
  }

  /** Visits the children whose offer must be known before {@link winner} can answer, in order. */
  forEachStaleChild(visit: (child: QueueInfo) => void): void {
    if (!this.built) for (const c of this.children) visit(c);
    else for (const i of this.stale) visit(this.children[i] as QueueInfo);
  }

  /** The best offer among the children, given each child's current offer. */
  winner(offer: (child: QueueInfo) => JobInfo | null): JobInfo | null {
    if (!this.built) {
      this.children.forEach((c, i) => (this.slots[this.size + i] = offer(c) === null ? -1 : i));
      for (let slot = this.size - 1; slot >= 1; slot--) this.play(slot, offer);
      this.built = true;
    } else {
      for (const i of this.stale) {
        this.slots[this.size + i] = offer(this.children[i] as QueueInfo) === null ? -1 : i;
        for (let slot = (this.size + i) >> 1; slot >= 1; slot >>= 1) this.play(slot, offer);
      }
    }
    this.stale.clear();
    const top = this.slots[1] as number;
    return top < 0 ? null : offer(this.children[top] as QueueInfo);
  }

  private play(slot: number, offer: (child: QueueInfo) => JobInfo | null): void {
    const left = this.slots[2 * slot] as number;
    const right = this.slots[2 * slot + 1] as number;
    this.slots[slot] = this.better(left, right, offer);
  }

  private better(left: number, right: number, offer: (child: QueueInfo) => JobInfo | null): number {
    if (left < 0) return right;
    if (right < 0) return left;
    const l = this.children[left] as QueueInfo;
    const r = this.children[right] as QueueInfo;
    return this.compare(r, offer(r) as JobInfo, l, offer(l) as JobInfo) < 0 ? right : left;
  }
}
