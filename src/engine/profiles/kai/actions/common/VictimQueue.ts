/**
 * Where victims come from, in the order KAI takes them (`actions/common/solvers` victim queue): the queue
 * tree reversed — at each level the sibling the session's victim queue order prefers (most over-served
 * first, counting victims already taken from it) — and inside a leaf the lowest priority job first, then
 * the newest. An elastic job above minAvailable gives one task at a time (its lowest in task order) and is
 * put back; otherwise all its remaining active tasks go together.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { QUEUE_RESOURCE_NAMES, type QueueResources } from '../../../../model/resources';

export class VictimQueue {
  private readonly byLeaf = new Map<QueueInfo, JobInfo[]>();
  private readonly taken = new Map<string, QueueResources>();
  /** Tasks already handed out per job. */
  private readonly given = new Map<JobInfo, Set<TaskInfo>>();

  /**
   * `accept` is the per-job victim filter, asked lazily when a job is first popped: a refused job is dropped
   * and the pick is made again, which yields the same order as filtering every candidate up front (refused
   * jobs never count as taken) while most candidates are never looked at.
   */
  constructor(
    private readonly ssn: Session,
    jobsByLeaf: ReadonlyMap<QueueInfo, readonly JobInfo[]>,
    private readonly accept: (job: JobInfo) => boolean = () => true,
  ) {
    // Lists are copied when a leaf is first used (jobsOf), so building the queue costs one entry per leaf.
    for (const [leaf, jobs] of jobsByLeaf) if (jobs.length > 0) this.byLeaf.set(leaf, jobs as JobInfo[]);
  }

  /** Leaves are sorted the first time a victim is taken from them (most leaves never are). */
  private readonly sorted = new Set<QueueInfo>();

  private jobsOf(leaf: QueueInfo): JobInfo[] {
    let list = this.byLeaf.get(leaf) as JobInfo[];
    if (!this.sorted.has(leaf)) {
      list = [...list].sort(victimOrder);
      this.byLeaf.set(leaf, list);
      this.sorted.add(leaf);
    }
    return list;
  }

  /** Marks tasks as already taken (recorded victims of an earlier step). */
  markTaken(tasks: readonly TaskInfo[]): void {
    if (tasks.length === 0) return;
    for (const t of tasks) this.take(t.job, [t]);
    for (const [leaf, list] of this.byLeaf) {
      this.byLeaf.set(
        leaf,
        list.filter((j) => this.remaining(j).length > 0),
      );
      this.sorted.delete(leaf);
    }
  }

  private readonly accepted = new Set<JobInfo>();

  /** The next victim tasks (one job's worth), or null when no victim is left. */
  next(): TaskInfo[] | null {
    let leaf: QueueInfo | null;
    let list: JobInfo[];
    let job: JobInfo;
    for (;;) {
      leaf = this.pickLeaf();
      if (!leaf) return null;
      list = this.jobsOf(leaf);
      job = list[0] as JobInfo;
      if (this.accepted.has(job) || this.accept(job)) break;
      list.shift();
    }
    this.accepted.add(job);
    list.shift();
    const remaining = this.remaining(job);
    let tasks: TaskInfo[];
    if (remaining.length > job.minAvailable) {
      tasks = [remaining[remaining.length - 1] as TaskInfo];
      list.unshift(job);
    } else {
      tasks = remaining;
    }
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
    const given = this.given.get(job) ?? new Set<TaskInfo>();
    for (const t of tasks) {
      given.add(t);
      for (const q of job.queue.path) {
        const r = this.taken.get(q.name) ?? { gpu: 0, cpu: 0, memory: 0 };
        for (const name of QUEUE_RESOURCE_NAMES) r[name] += t.req[name];
        this.taken.set(q.name, r);
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
    for (const [leaf, jobs] of this.byLeaf) {
      if (jobs.length === 0) continue;
      for (let i = leaf.path.length - 1; i >= 0; i--) {
        const q = leaf.path[i] as QueueInfo;
        if (out.has(q)) break;
        out.add(q);
      }
    }
    return out;
  }

  private pickLeaf(): QueueInfo | null {
    const withVictims = this.queuesWithVictims();
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

/** Lowest priority first, then newest first, then name (descending, the mirror of job order). */
function victimOrder(a: JobInfo, b: JobInfo): number {
  return (
    a.priority - b.priority ||
    b.spec.submitAtMs - a.spec.submitAtMs ||
    (a.name < b.name ? 1 : a.name > b.name ? -1 : 0)
  );
}
