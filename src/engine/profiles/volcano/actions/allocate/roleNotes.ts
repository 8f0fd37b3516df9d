/**
 * Plain-words trace text for allocate's per-role decisions (decision 0227): which tasks fit no node or were
 * skipped because their role already failed, and where each role stands against its minTaskMember.
 */
import type { JobInfo, TaskInfo } from '../../api/JobInfo';
import { readyOfRole, rolesChecked } from '../../api/taskRoles';

/** ` (role r)` after a task name, or nothing for a task without a role. */
export function roleOf(task: TaskInfo): string {
  return task.role === '' ? '' : ` (role ${task.role})`;
}

/** `master 1/1, worker 0/1`: allocated tasks of each role against its minTaskMember. */
export function roleStanding(job: JobInfo): string | null {
  if (job.taskMinAvailable.size === 0) return null;
  const parts = [...job.taskMinAvailable].map(
    ([role, min]) => `${role} ${readyOfRole(job.roleTally.of(role))}/${min}`,
  );
  const note = rolesChecked(job)
    ? ''
    : ` (not enforced: minAvailable ${job.minAvailable} is below their sum ${job.taskMinAvailableTotal})`;
  return `roles allocated/minTaskMember: ${parts.join(', ')}${note}`;
}

/** The turn's fit failures in one sentence part; null when every tried task found a node. */
export function describeFailures(
  job: JobInfo,
  failures: readonly string[],
  triedAll: boolean,
): string | null {
  if (failures.length === 0) return null;
  const standing = roleStanding(job);
  const stop = triedAll
    ? ''
    : "; allocate stopped taking this job's tasks (NeedContinueAllocating: a failed role is below its minimum, or the job can no longer reach minAvailable)";
  return `${failures.join('; ')}${stop}${standing ? `; ${standing}` : ''}`;
}
