/**
 * Helpers preempt and reclaim share (Volcano `util/scheduler_helper.go`, `actions/preempt`): the victim
 * priority queue, ValidateVictims, and predicate filtering for preemption.
 */
import { PriorityQueue } from '../../../framework/PriorityQueue';
import { addInto, type Resources } from '../../../model/resources';
import type { Verdict, VictimRecord } from '../../../model/trace';
import type { TaskInfo } from '../api/JobInfo';
import type { NodeInfo } from '../api/NodeInfo';
import type { QueueInfo } from '../api/QueueInfo';
import type { VolcanoSession } from './Session';

/**
 * `BuildVictimsPriorityQueue` (reference §1.5): popped first = evicted first. Same job → reverse task
 * order; same queue → the job that would be scheduled later first (job-order plugins only), else reverse
 * task order; different queues → `VictimQueueOrderFn` (default: the queue scheduled later first).
 */
export function victimQueue(ssn: VolcanoSession, preemptor: TaskInfo): PriorityQueue<TaskInfo> {
  const pq = ssn.queues.get(preemptor.job.queue) ?? null;
  return new PriorityQueue<TaskInfo>((l, r) => {
    if (l.job === r.job) return !ssn.taskOrderFn(l, r);
    if (l.job.queue === r.job.queue) {
      const c = ssn.jobOrderCompare(l.job, r.job);
      if (c !== 0) return c > 0;
      return !ssn.taskOrderFn(l, r);
    }
    return ssn.victimQueueOrderFn(
      ssn.queues.get(l.job.queue) as QueueInfo,
      ssn.queues.get(r.job.queue) as QueueInfo,
      pq,
    );
  });
}

/** `ValidateVictims`: FutureIdle + Σ victims covers the request (an empty list is fine when it fits). */
export function validateVictims(task: TaskInfo, node: NodeInfo, victims: readonly TaskInfo[]): boolean {
  const extra: Resources = { gpu: 0, cpu: 0, memory: 0, pods: 0 };
  for (const v of victims) addInto(extra, v.req);
  return node.account.fitsFuture(task.req, extra);
}

/** A node preemption or reclaim may use, with the tasks there that pass the action's filter. */
export interface CandidateNode {
  node: NodeInfo;
  /** Sorted by name (upstream: node task map order). */
  candidates: TaskInfo[];
}

/**
 * Nodes preemption may use, best score first (ties by name): only UnschedulableAndUnresolvable predicate
 * failures exclude a node (`PredicateForPreemptAction`). A node where even evicting every candidate
 * would not cover the request is dropped before scoring: ValidateVictims would refuse any victim set
 * there (victims are a subset of the candidates), so the outcome is upstream's without asking the
 * plugins on hundreds of hopeless nodes.
 */
export function preemptionNodes(
  ssn: VolcanoSession,
  task: TaskInfo,
  eligible: (c: TaskInfo) => boolean,
  pool?: ReadonlyMap<NodeInfo, readonly TaskInfo[]>,
): { nodes: CandidateNode[]; skipped: number } {
  const out: CandidateNode[] = [];
  let skipped = 0;
  for (const c of viableNodes(ssn, task, eligible, pool)) {
    if (c === null) skipped++;
    else out.push(c);
  }
  const scored = out.map((c) => ({ c, s: ssn.nodeScore(task, c.node) }));
  scored.sort((a, b) => b.s - a.s || (a.c.node.name < b.c.node.name ? -1 : 1));
  return { nodes: scored.map((x) => x.c), skipped };
}

/**
 * The viable nodes in name order, lazily (reclaim takes the first that works; upstream walks the
 * predicate-passing nodes unscored). Yields null for each node skipped. `pool`, when given, holds every
 * task that can pass `eligible` by node (built when the action starts: tasks only leave the eligible
 * set during an action), so nodes outside it are checked without walking their tasks.
 */
export function* viableNodes(
  ssn: VolcanoSession,
  task: TaskInfo,
  eligible: (c: TaskInfo) => boolean,
  pool?: ReadonlyMap<NodeInfo, readonly TaskInfo[]>,
): Generator<CandidateNode | null> {
  const sum: Resources = { gpu: 0, cpu: 0, memory: 0, pods: 0 };
  for (const node of ssn.nodes) {
    sum.gpu = sum.cpu = sum.memory = sum.pods = 0;
    const tasks: Iterable<TaskInfo> = pool ? (pool.get(node) ?? NONE) : node.tasks.values();
    // Sum first, build the list only for nodes that can work (most cannot: no allocation for them).
    let count = 0;
    for (const t of tasks) {
      if (!eligible(t)) continue;
      count++;
      addInto(sum, t.req);
    }
    if (!node.account.fitsFuture(task.req, sum)) {
      yield null;
      continue;
    }
    const f = ssn.predicate(task, node);
    if (f !== null && f.unresolvable) {
      yield null;
      continue;
    }
    const candidates: TaskInfo[] = [];
    if (count > 0) {
      for (const t of pool ? (pool.get(node) ?? NONE) : node.tasks.values())
        if (eligible(t)) candidates.push(t);
    }
    candidates.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    yield { node, candidates };
  }
}

const NONE: readonly TaskInfo[] = [];

/** Tasks by node, for `pool`: those of `of` that sit on a node. */
export function tasksByNode(tasks: Iterable<TaskInfo>): Map<NodeInfo, TaskInfo[]> {
  const m = new Map<NodeInfo, TaskInfo[]>();
  for (const t of tasks) {
    if (!t.node) continue;
    const list = m.get(t.node);
    if (list) list.push(t);
    else m.set(t.node, [t]);
  }
  return m;
}

/** A victim's trace record: the verdicts of the node vote that chose it. */
export function victimRecord(v: TaskInfo, verdicts: readonly Verdict[], message: string): VictimRecord {
  return {
    job: v.job.name,
    queue: v.job.queue,
    tasks: [v.name],
    outcome: 'evicted',
    verdicts: verdicts.filter((x) => x.point === 'preemptable' || x.point === 'reclaimable'),
    message,
  };
}
