/**
 * Which tasks a victim job with subgroups gives at one step: KAI `GetTasksToEvict`
 * (pkg/scheduler/api/podgroup_info/eviction_info.go:16-172 @d5bc503). Walking the tree in reverse subgroup
 * order: phase 1 takes one surplus task from the deepest elastic pod set found; phase 2 drops a whole
 * surplus member of a set that has more satisfied members than it needs; otherwise (phase 3) every
 * remaining task of the job goes. `remaining` are the job's evictable tasks not yet handed out (Running or
 * Allocated, as the lab's victim queue counts them); counts are taken over them.
 */
import type { TaskInfo } from './JobInfo';
import {
  minToSatisfy,
  orderedMembers,
  podSetsOf,
  satisfiedMembers,
  type PodSetNode,
  type SubGroupMember,
  type SubGroupSetNode,
  type TaskCount,
} from './subGroupTree';

export function subGroupTasksToEvict(
  root: SubGroupSetNode,
  remaining: ReadonlySet<TaskInfo>,
  compareTasks: (a: TaskInfo, b: TaskInfo) => number,
): TaskInfo[] {
  const count: TaskCount = (ps) => ps.tasks.filter((t) => remaining.has(t)).length;
  const evictable = (ps: PodSetNode) => ps.tasks.filter((t) => remaining.has(t)).sort(compareTasks);
  const elastic = (set: SubGroupSetNode): TaskInfo[] => {
    // eviction_info.go:53
    const numSatisfied = satisfiedMembers(set, count);
    if (numSatisfied === 0) return [];
    const members = orderedMembers(set, count, true);
    if (hasSurplus(set, count)) {
      for (const m of members) {
        const tasks = m.kind === 'set' ? elastic(m) : elasticPodSet(m);
        if (tasks.length > 0) return tasks;
      }
    }
    // eviction_info.go:74 — phase 2: a whole member of a set above its minimum.
    if (minToSatisfy(set) < numSatisfied) {
      for (const m of members) {
        const tasks = podSetsOf(m).flatMap(evictable);
        if (tasks.length > 0) return tasks;
      }
    }
    return [];
  };
  // eviction_info.go:98 — the last task in task order of a pod set above minMember.
  const elasticPodSet = (ps: PodSetNode): TaskInfo[] => {
    if (count(ps) <= ps.minMember) return [];
    const tasks = evictable(ps);
    return tasks.slice(tasks.length - 1);
  };
  const tasks = elastic(root);
  return tasks.length > 0 ? tasks : podSetsOf(root).flatMap(evictable);
}

/** eviction_info.go:140 — some set has more satisfied members than it needs, or some pod set above minMember. */
function hasSurplus(m: SubGroupMember, count: TaskCount): boolean {
  if (m.kind === 'podset') return count(m) > m.minMember;
  if (satisfiedMembers(m, count) > minToSatisfy(m)) return true;
  return m.members.some((c) => hasSurplus(c, count));
}
