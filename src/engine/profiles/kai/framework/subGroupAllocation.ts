/**
 * Which pending tasks a job with subgroups asks for in one attempt: KAI `GetTasksToAllocate` walking the
 * subgroup tree (pkg/scheduler/api/podgroup_info/allocation_info.go:52-123 @d5bc503). A set below its
 * minimum takes tasks from its K first children in subgroup order (K = minSubGroup, or all), skipping
 * children already satisfied (gang phase); a satisfied set takes from its first child that still has
 * something to give (elastic phase). A pod set gives what it lacks up to minMember, or one more task once
 * satisfied. Tasks count as allocated while Allocated, Running or Pipelined (KAI activeAllocatedStatuses,
 * pod_status.go:71), as `tasksToAllocate` counts a job's placed tasks.
 */
import type { TaskInfo } from './JobInfo';
import { shouldAllocate } from './shouldAllocate';
import {
  isSatisfied,
  minToSatisfy,
  orderedMembers,
  type PodSetNode,
  type SubGroupMember,
  type SubGroupSetNode,
  type TaskCount,
} from './subGroupTree';

type Compare = (a: TaskInfo, b: TaskInfo) => number;

export const placedCount: TaskCount = (ps) => {
  let n = 0;
  for (const t of ps.tasks)
    if (t.status === 'Allocated' || t.status === 'Running' || t.status === 'Pipelined') n++;
  return n;
};

export function subGroupTasksToAllocate(
  root: SubGroupSetNode,
  compareTasks: (a: TaskInfo, b: TaskInfo) => number,
  realAllocation = true,
): TaskInfo[] {
  return fromSet(root, compareTasks, realAllocation);
}

function fromSet(set: SubGroupSetNode, compareTasks: Compare, real: boolean): TaskInfo[] {
  const k = minToSatisfy(set);
  const children = orderedMembers(set, placedCount);
  if (!isSatisfied(set, placedCount)) {
    // allocation_info.go:62 — gang phase: the K most prioritised children, satisfied ones skipped (:90, :95).
    const out: TaskInfo[] = [];
    for (let i = 0; i < k && i < children.length; i++) {
      const c = children[i] as SubGroupMember;
      if (isSatisfied(c, placedCount)) continue;
      out.push(...(c.kind === 'set' ? fromSet(c, compareTasks, real) : fromPodSet(c, compareTasks, real)));
    }
    return out;
  }
  // allocation_info.go:72 — elastic phase: the first child in order that has tasks to give.
  for (const c of children) {
    const tasks = c.kind === 'set' ? fromSet(c, compareTasks, real) : fromPodSet(c, compareTasks, real);
    if (tasks.length > 0) return tasks;
  }
  return [];
}

/** allocation_info.go:116 and :211 — what a pod set lacks up to minMember, else at most one task. */
function fromPodSet(ps: PodSetNode, compareTasks: Compare, real: boolean): TaskInfo[] {
  const pending = ps.tasks.filter((t) => shouldAllocate(t, real)).sort(compareTasks);
  if (pending.length === 0) return [];
  const placed = placedCount(ps);
  const count = placed >= ps.minMember ? 1 : ps.minMember - placed;
  return pending.slice(0, count);
}
