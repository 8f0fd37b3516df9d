/**
 * KAI's `JobsOrderByQueues` (`actions/utils/job_order_by_queue.go`): pending jobs in a tree that mirrors the
 * queue hierarchy. A pop descends from the top, at each level into the child queue the session's queue
 * order prefers (given the job each child would offer), and takes the best job of that leaf by job order.
 * Because queue order depends on live allocations, the best child of a queue is cached and recomputed only
 * on the path of a queue whose jobs or allocation changed.
 */
import type { JobInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';

export class JobsOrderByQueues {
  private readonly leafJobs = new Map<QueueInfo, JobInfo[]>();
  /** Best job offered by each queue's subtree; absent = stale. */
  private readonly best = new Map<QueueInfo, JobInfo | null>();

  constructor(
    private readonly ssn: Session,
    jobs: Iterable<JobInfo>,
  ) {
    for (const job of jobs) this.insert(job);
    for (const list of this.leafJobs.values()) list.sort(ssn.compareJobs);
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
    for (const q of queue.path) this.best.delete(q);
  }

  /** Every queue's allocation may have changed (victims were evicted). */
  invalidateAll(): void {
    this.best.clear();
  }

  private insert(job: JobInfo): void {
    const list = this.leafJobs.get(job.queue) ?? [];
    list.push(job);
    this.leafJobs.set(job.queue, list);
  }

  private peek(): JobInfo | null {
    let winner: QueueInfo | null = null;
    let winnerJob: JobInfo | null = null;
    for (const root of this.ssn.roots) {
      const job = this.bestOf(root);
      if (!job) continue;
      if (!winner || this.ssn.compareQueues(root, winner, job, winnerJob) < 0) {
        winner = root;
        winnerJob = job;
      }
    }
    return winnerJob;
  }

  private bestOf(queue: QueueInfo): JobInfo | null {
    const cached = this.best.get(queue);
    if (cached !== undefined) return cached;
    let result: JobInfo | null = null;
    if (queue.children.length === 0) {
      result = this.leafJobs.get(queue)?.[0] ?? null;
    } else {
      let winner: QueueInfo | null = null;
      for (const child of queue.children) {
        const job = this.bestOf(child);
        if (!job) continue;
        if (!winner || this.ssn.compareQueues(child, winner, job, result) < 0) {
          winner = child;
          result = job;
        }
      }
    }
    this.best.set(queue, result);
    return result;
  }
}
