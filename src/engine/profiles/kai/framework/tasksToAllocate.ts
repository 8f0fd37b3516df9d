/**
 * What a job asks for in one attempt (KAI `podgroup_info.GetTasksToAllocate`): the pending tasks still
 * needed to reach minAvailable, or exactly one more task once the gang is satisfied (elastic growth is one
 * pod per attempt), in task order.
 */
import { QUEUE_RESOURCE_NAMES, type QueueResources, type Resources } from '../../../model/resources';
import type { JobInfo, TaskInfo } from './JobInfo';
import { shouldAllocate } from './shouldAllocate';
import { subGroupTasksToAllocate } from './subGroupAllocation';

export function tasksToAllocate(
  job: JobInfo,
  compareTasks: (a: TaskInfo, b: TaskInfo) => number,
  realAllocation = true,
): TaskInfo[] {
  const tree = job.subGroupTree;
  if (tree !== null) return subGroupTasksToAllocate(tree, compareTasks, realAllocation);
  const pending = realAllocation ? job.pendingTasks : job.tasks.filter((t) => shouldAllocate(t, false));
  if (pending.length === 0) return [];
  pending.sort(compareTasks);
  const placed = job.placed;
  const count = placed < job.minAvailable ? job.minAvailable - placed : 1;
  return pending.slice(0, count);
}

/**
 * The sum of `amount` over `tasks`: by default each task's request before placement (`req`); `held` for what
 * placed tasks hold where they are, `capacityReq` for the job-level capacity check (decision 0328).
 */
export function sumRequest(
  tasks: readonly TaskInfo[],
  amount: (t: TaskInfo) => Resources = (t) => t.req,
): QueueResources {
  const r = { gpu: 0, cpu: 0, memory: 0 };
  for (const t of tasks) {
    const a = amount(t);
    for (const name of QUEUE_RESOURCE_NAMES) r[name] += a[name];
  }
  return r;
}
