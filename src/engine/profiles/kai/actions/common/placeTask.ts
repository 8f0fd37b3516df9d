/**
 * Placing one task (KAI `common.AllocateTask`): nodes that pass every predicate, best score first, ties by
 * name. Outside victim simulations a task is allocated on the best node with idle room, else pipelined onto
 * the best node whose capacity being released suffices. Victim simulations are pipeline-only (KAI's solvers
 * call AllocateJob with isPipelineOnly): the preemptor is promised capacity, and a victim that lands back on
 * its own node is un-evicted instead of moved.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import { podSetsOf, tasksOfPodSetsIn } from '../../framework/subGroupTree';
import { hasSubGroupConstraints, placeSubGroupTree } from './placeSubGroups';
import type { FitMode, NodeInfo } from '../../framework/NodeInfo';
import type { Session } from '../../framework/Session';
import type { NodeSubsets, SubsetScope } from '../../framework/extensions';
import type { Statement } from '../../framework/Statement';
import { EPSILON } from '../../../../model/resources';
import type { PendingCode, Verdict } from '../../../../model/trace';
import { canUnevictWholeGpus, unevictWholeGpus } from './unevictWholeGpus';

export type Placement = 'allocated' | 'pipelined' | 'unevicted';

export interface PlaceResult {
  placement: Placement | null;
  /** Why no node took the task (first predicate failures, by node). */
  reasons: string[];
}

/** Can a releasing victim take back exactly the devices it holds on its own node? */
function canUnevict(task: TaskInfo, node: NodeInfo): boolean {
  for (const slot of task.gpus) {
    const d = node.devices[slot.index];
    if (!d || 1 - d.used - d.pipelined < slot.share - EPSILON) return false;
  }
  for (const r of ['cpu', 'memory', 'pods'] as const) {
    if (node.capacity[r] - node.used[r] - node.pipelined[r] < task.reqOn(node)[r] - EPSILON) return false;
  }
  return true;
}

/**
 * Best node by score among those where the task fits in `mode` (for `own`, a victim's node: where
 * `ownAccept` holds instead); nodes are visited in name order, so the first of equal scores wins. One
 * pass, no sorting: this runs for every task of every attempt. Only the nodes with room for the request
 * are visited (the session's free-node index, a superset of the nodes that fit), plus `own`; or, when most
 * nodes have room, the session's remembered verdicts are walked instead (PlacementScan: same rule, same
 * order, recomputed only for nodes that changed since the last task that asked the same).
 */
function bestNode(
  ssn: Session,
  task: TaskInfo,
  reasons: string[],
  mode: FitMode,
  own: NodeInfo | null = null,
  ownAccept: ((node: NodeInfo) => boolean) | null = null,
): NodeInfo | null {
  // The free-node index is asked with the least the task can need on any node (its request at the largest
  // device memory, the same as `req` unless it asks for GPU memory), so it stays a superset.
  const scan = ssn.placementScan(task.capacityReq);
  if (scan !== null) return scan.best(task, mode, reasons, own, ownAccept);
  let best: NodeInfo | null = null;
  let bestScore = -Infinity;
  ssn.forEachPlacementCandidate(task.capacityReq, own, (node) => {
    // Capacity first: it is cheap and rejects most candidates.
    if (node === own ? !(ownAccept as (node: NodeInfo) => boolean)(node) : !node.fitsTask(task, mode)) return;
    const why = ssn.predicate(task, node);
    if (why !== null) {
      if (reasons.length < 4) reasons.push(`${node.name}: ${why}`);
      return;
    }
    const score = ssn.nodeScore(task, node);
    if (score > bestScore + EPSILON) {
      best = node;
      bestScore = score;
    }
  });
  return best;
}

/** Places one task. */
export function placeTask(ssn: Session, stmt: Statement, task: TaskInfo, pipelineOnly: boolean): PlaceResult {
  const reasons: string[] = [];
  if (task.status !== 'Releasing' && !ssn.mayFitSomewhere(task.capacityReq)) {
    return {
      placement: null,
      reasons: ['the whole cluster has no room for it, even counting capacity being released'],
    };
  }
  if (task.status === 'Releasing') {
    const own = task.node;
    const node = bestNode(
      ssn,
      task,
      reasons,
      'future',
      own,
      (n) => canUnevict(task, n) || canUnevictWholeGpus(stmt, task, n),
    );
    if (!node) return { placement: null, reasons };
    if (node === own) {
      if (canUnevict(task, node)) stmt.unevict(task);
      else unevictWholeGpus(stmt, task, node);
      return { placement: 'unevicted', reasons };
    }
    stmt.pipeline(task, node, node.pickGpusFor(task, 'future'));
    return { placement: 'pipelined', reasons };
  }
  if (!pipelineOnly) {
    const node = bestNode(ssn, task, [], 'idle');
    if (node) {
      stmt.allocate(task, node, node.pickGpusFor(task, 'idle'));
      return { placement: 'allocated', reasons };
    }
  }
  const node = bestNode(ssn, task, reasons, 'future');
  if (node) {
    stmt.pipeline(task, node, node.pickGpusFor(task, 'future'));
    return { placement: 'pipelined', reasons };
  }
  if (reasons.length === 0)
    reasons.push(
      ssn.nodes.length === 0
        ? 'there are no nodes'
        : 'no node has room for it, even counting capacity being released',
    );
  return { placement: null, reasons };
}

/** The pending-reason code of a capacity refusal: the non-preemptible quota rule, else a queue limit. */
export function capacityCode(refusals: readonly Verdict[]): PendingCode {
  return refusals.some((v) => v.message.includes('non-preemptible'))
    ? 'non-preemptible-over-quota'
    : 'over-limit';
}

/** Why `placeTasks` could not place a job's tasks. */
export interface PlaceFailure {
  ok: false;
  task: TaskInfo;
  reasons: string[];
  /** Set when the queue's capacity refused the job before any node was tried (limit, non-preemptible quota). */
  capacity: Verdict[] | null;
  /** Set when a plugin limited the nodes (topology): its verdict, saying which domains were tried or why none. */
  subsets?: Verdict;
}

/** A job's tasks placed; `subsets` as in {@link PlaceFailure}, saying which domain took them. */
export interface PlaceSuccess {
  ok: true;
  pipelined: number;
  subsets?: Verdict;
}

/**
 * Places a job's tasks all-or-nothing (KAI `common.AllocateJob`). First the queue's capacity: no queue on
 * the job's path may go above its limit, and a non-preemptible job must stay within quota at every level
 * (proportion's job capacity check). Upstream asks it before placing a job in every mode, pipeline-only
 * included, so it holds for allocate, for the preemptor of a victim simulation (with the victims' usage
 * already released) and for victims being re-placed. Then the tasks: if any task had to be pipelined while
 * fewer than minAvailable tasks are really allocated, the whole attempt is redone pipeline-only (KAI
 * converts every allocated task of such a gang to pipelined). On failure the statement is rolled back to
 * where it was.
 */
export function placeTasks(
  ssn: Session,
  stmt: Statement,
  tasks: readonly TaskInfo[],
  pipelineOnly: boolean,
): PlaceSuccess | PlaceFailure {
  const first = tasks[0];
  if (!first) return placeCheckedTasks(ssn, stmt, tasks, pipelineOnly);
  const refusals = ssn.checkCapacity(first.job, tasks);
  if (refusals.length > 0) {
    return { ok: false, task: first, reasons: refusals.map((v) => v.message), capacity: refusals };
  }
  const tree = first.job.subGroupTree;
  if (tree !== null && hasSubGroupConstraints(first.job)) return placeTree(ssn, stmt, tasks, pipelineOnly);
  const split = ssn.subsetNodes(first.job, tasks, rootScope(first.job, tasks));
  if (split === null) return placeCheckedTasks(ssn, stmt, tasks, pipelineOnly);
  return placeInSubsets(ssn, stmt, tasks, pipelineOnly, split);
}

/**
 * How the root of a job with subgroups (none with a constraint of its own) asks for subsets: with the pod
 * group's constraint and the pod sets that have tasks in this call (KAI allocate.go:50-51
 * `subtreePodSetsContainingTasks`, :93-107 @d5bc503). Their active tasks alone pin a required domain
 * (plugins/topology/job_filtering.go:283-288, 319-353): a call for pod set b does not follow where pod set a
 * runs. A job without subgroups has one pod set holding every task, so it asks for the job as a whole.
 */
function rootScope(job: JobInfo, tasks: readonly TaskInfo[]): SubsetScope | undefined {
  const tree = job.subGroupTree;
  if (tree === null) return undefined;
  const podSetTasks = tasksOfPodSetsIn(tree, tasks);
  return { subGroup: '', constraint: job.spec.topologyConstraint, nodes: null, podSetTasks };
}

/**
 * KAI `allocateSubGroupSet` (KAI pkg/scheduler/actions/common/allocate.go:41-64 @d5bc503): the job's tasks are
 * tried in each node subset in turn, all-or-nothing, and the first subset that takes them all wins.
 */
function placeInSubsets(
  ssn: Session,
  stmt: Statement,
  tasks: readonly TaskInfo[],
  pipelineOnly: boolean,
  split: NodeSubsets,
): PlaceSuccess | PlaceFailure {
  const first = tasks[0] as TaskInfo;
  if (split.subsets.length === 0)
    return {
      ok: false,
      task: first,
      reasons: [split.verdict.message],
      capacity: null,
      subsets: split.verdict,
    };
  let failure: PlaceFailure | null = null;
  for (const [i, subset] of split.subsets.entries()) {
    const r = ssn.withinNodes(subset.nodes, () => placeCheckedTasks(ssn, stmt, tasks, pipelineOnly));
    const tried = split.subsets.slice(0, i).map((s) => s.label);
    if (r.ok) {
      const before =
        tried.length === 0 ? '' : ` (tried first, without room for every task: ${tried.join(', ')})`;
      const message = `${split.verdict.message} Placed in ${subset.label}${before}.`;
      return { ...r, subsets: { ...split.verdict, message } };
    }
    failure ??= r;
  }
  const all = split.subsets.map((s) => s.label).join(', ');
  const message = `${split.verdict.message} No domain took every task: tried ${all}.`;
  const verdict: Verdict = { ...split.verdict, allowed: false, message };
  return { ...(failure as PlaceFailure), subsets: verdict };
}

/** A job whose subgroups have constraints: the tree walk (placeSubGroups.ts), then the pipeline-all rule. */
function placeTree(
  ssn: Session,
  stmt: Statement,
  tasks: readonly TaskInfo[],
  pipelineOnly: boolean,
): PlaceSuccess | PlaceFailure {
  const job = (tasks[0] as TaskInfo).job;
  const cp = stmt.checkpoint();
  const r = placeSubGroupTree(
    ssn,
    stmt,
    job,
    job.subGroupTree as NonNullable<JobInfo['subGroupTree']>,
    tasks,
    (t) => placeTask(ssn, stmt, t, pipelineOnly),
  );
  if (r.ok && !pipelineOnly && r.pipelined > 0 && shouldPipelineJob(job)) {
    stmt.rollback(cp);
    return placeTree(ssn, stmt, tasks, true);
  }
  return r;
}

function placeCheckedTasks(
  ssn: Session,
  stmt: Statement,
  tasks: readonly TaskInfo[],
  pipelineOnly: boolean,
): PlaceSuccess | PlaceFailure {
  const cp = stmt.checkpoint();
  let pipelined = 0;
  for (const task of tasks) {
    const r = placeTask(ssn, stmt, task, pipelineOnly);
    if (r.placement === null) {
      stmt.rollback(cp);
      return { ok: false, task, reasons: r.reasons, capacity: null };
    }
    if (r.placement === 'pipelined') pipelined++;
  }
  const job = tasks[0]?.job;
  if (!pipelineOnly && job && pipelined > 0 && shouldPipelineJob(job)) {
    stmt.rollback(cp);
    return placeCheckedTasks(ssn, stmt, tasks, true);
  }
  return { ok: true, pipelined };
}

/**
 * KAI job_info.go:521 `ShouldPipelineJob`: some pod set has a pipelined task while fewer than its minimum are
 * really allocated. A job without subgroups is one pod set whose minimum is minAvailable.
 */
function shouldPipelineJob(job: JobInfo): boolean {
  const tree = job.subGroupTree;
  if (tree === null) return job.counts.Pipelined > 0 && job.activeAllocated < job.minAvailable;
  return podSetsOf(tree).some(
    (ps) =>
      ps.tasks.some((t) => t.status === 'Pipelined') &&
      ps.tasks.filter((t) => t.status === 'Allocated' || t.status === 'Running').length < ps.minMember,
  );
}
