import type { TaskInfo } from './JobInfo';

/**
 * KAI `ShouldAllocate` (pod_info.go:585-588 @d5bc503): a Pending task, or, when the question is not about a
 * real allocation (queue order, queue_order.go:39; a scenario's jobs), also a task this session's statements
 * evicted and have not committed (IsVirtualStatus).
 */
export function shouldAllocate(task: TaskInfo, realAllocation: boolean): boolean {
  return (
    task.status === 'Pending' || (!realAllocation && task.status === 'Releasing' && task.virtuallyEvicted)
  );
}
