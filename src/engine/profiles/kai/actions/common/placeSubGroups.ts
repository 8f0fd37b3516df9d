/**
 * Placing a job whose subgroups carry topology constraints (segments included): KAI `allocateSubGroupSet`,
 * `allocateMembersOnNodes` and `allocatePodSet` (KAI pkg/scheduler/actions/common/allocate.go:41-136
 * @d5bc503). Each subgroup set asks the topology plugin for node subsets within the nodes its parent's domain
 * left (the root: every node, with the pod group's own constraint), tries them in order, and within a subset
 * places its members in subgroup order, each member asking again for its own constraint; a pod set places
 * its tasks one by one in the subset its constraint gives. The first subset in which every member succeeds
 * wins; otherwise the statement is rolled back to the subset's start and the next one is tried. A job whose
 * subgroups have no constraint keeps the flat path (placeTask.ts), which upstream's recursion reduces to; its
 * root still asks with the pod sets that have tasks in the call (placeTask.ts `rootScope`, decision 0363).
 *
 * The trace keeps one line per subgroup that asked the plugin: which domain it went to, or why none fits.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { Session } from '../../framework/Session';
import type { Statement } from '../../framework/Statement';
import type { NodeSubset } from '../../framework/extensions';
import { placedCount } from '../../framework/subGroupAllocation';
import {
  orderedMembers,
  podSetsOf,
  tasksOfPodSetsIn,
  type PodSetNode,
  type SubGroupMember,
  type SubGroupSetNode,
} from '../../framework/subGroupTree';
import type { Verdict } from '../../../../model/trace';
import type { PlaceFailure, PlaceResult, PlaceSuccess } from './placeTask';

/** Places one task (placeTask.ts's `placeTask`, passed in to keep the modules acyclic). */
export type PlaceOne = (task: TaskInfo) => PlaceResult;

/** Does any subgroup of the job carry its own constraint? Then placement follows the tree. */
export function hasSubGroupConstraints(job: JobInfo): boolean {
  return (job.spec.subGroups ?? []).some((g) => g.topologyConstraint !== undefined);
}

interface Walk {
  ssn: Session;
  stmt: Statement;
  job: JobInfo;
  placeOne: PlaceOne;
  /** One line per subgroup that asked for subsets, in the order asked (kept only along the path that won). */
  notes: string[];
  pipelined: number;
  failure: PlaceFailure | null;
}

type Outcome = { ok: true } | { ok: false };

/** KAI allocate.go:38 `allocateSubGroupSet(…, job.RootSubGroupSet, …)`. */
export function placeSubGroupTree(
  ssn: Session,
  stmt: Statement,
  job: JobInfo,
  root: SubGroupSetNode,
  tasks: readonly TaskInfo[],
  placeOne: PlaceOne,
): PlaceSuccess | PlaceFailure {
  const w: Walk = { ssn, stmt, job, placeOne, notes: [], pipelined: 0, failure: null };
  const cp = stmt.checkpoint();
  const r = placeSet(w, root, tasks);
  const verdict = (allowed: boolean): Verdict => ({
    plugin: 'topology',
    point: 'subsetNodes',
    allowed,
    message: w.notes.join(' '),
  });
  if (!r.ok) {
    stmt.rollback(cp);
    const first = tasks[0] as TaskInfo;
    const failure = w.failure ?? { ok: false, task: first, reasons: [], capacity: null };
    return { ...failure, subsets: verdict(false) };
  }
  return { ok: true, pipelined: w.pipelined, subsets: verdict(true) };
}

/** Tasks of `tasks` that belong to the pod sets under `member`, in their order. */
function tasksUnder(member: SubGroupMember, tasks: readonly TaskInfo[]): TaskInfo[] {
  const mine = new Set(podSetsOf(member).flatMap((ps) => ps.tasks));
  return tasks.filter((t) => mine.has(t));
}

/**
 * Asks for subsets and runs `inside` in each until one succeeds (allocate.go:49-66, :119-135). A subgroup
 * without a constraint gets the enclosing nodes as its one subset, as the plugin returns them (:45-47).
 */
function trySubsets(
  w: Walk,
  member: SubGroupMember,
  tasks: readonly TaskInfo[],
  inside: () => Outcome,
): Outcome {
  if (tasks.length === 0) return { ok: true };
  const split = w.ssn.subsetNodes(w.job, tasks, {
    subGroup: member.name,
    constraint: member.constraint,
    nodes: w.ssn.placementNodes,
    podSetTasks: tasksOfPodSetsIn(member, tasks),
  });
  if (split === null) return inside();
  const notesBefore = w.notes.length;
  if (split.subsets.length === 0) {
    w.notes.push(split.verdict.message);
    return { ok: false };
  }
  const tried: string[] = [];
  let inner: string[] = [];
  for (const subset of split.subsets) {
    const cp = w.stmt.checkpoint();
    const pipelinedBefore = w.pipelined;
    w.notes.push(''); // this subgroup's line, filled in below
    const r = w.ssn.withinNodes(subset.nodes, inside);
    if (r.ok) {
      w.notes[notesBefore] = placedLine(split.verdict.message, subset, tried);
      return r;
    }
    w.stmt.rollback(cp);
    w.pipelined = pipelinedBefore;
    inner = w.notes.slice(notesBefore + 1); // why the members failed in this domain
    w.notes.length = notesBefore;
    tried.push(subset.label);
  }
  w.notes.push(`${split.verdict.message} No domain took every task: tried ${tried.join(', ')}.`, ...inner);
  return { ok: false };
}

function placedLine(head: string, subset: NodeSubset, tried: readonly string[]): string {
  const before = tried.length === 0 ? '' : ` (tried first, without room for every task: ${tried.join(', ')})`;
  return `${head} Placed in ${subset.label}${before}.`;
}

/** allocateSubGroupSet → allocateMembersOnNodes (allocate.go:41-91): members in subgroup order. */
function placeSet(w: Walk, set: SubGroupSetNode, tasks: readonly TaskInfo[]): Outcome {
  return trySubsets(w, set, tasks, () => {
    // Ordered when the subset is entered, as upstream sorts at each call (allocate.go:76, :294-299).
    for (const member of orderedMembers(set, placedCount)) {
      const mine = tasksUnder(member, tasks);
      const r = member.kind === 'podset' ? placePodSet(w, member, mine) : placeSet(w, member, mine);
      if (!r.ok) return r;
    }
    return { ok: true };
  });
}

/** allocatePodSet → allocateTasksOnNodeSet (allocate.go:109-148): every task, or the pod set fails. */
function placePodSet(w: Walk, ps: PodSetNode, tasks: readonly TaskInfo[]): Outcome {
  return trySubsets(w, ps, tasks, () => {
    for (const task of tasks) {
      const r = w.placeOne(task);
      if (r.placement === null) {
        w.failure ??= { ok: false, task, reasons: r.reasons, capacity: null };
        return { ok: false };
      }
      if (r.placement === 'pipelined') w.pipelined++;
    }
    return { ok: true };
  });
}
