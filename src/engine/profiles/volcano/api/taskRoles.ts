/**
 * Volcano's per-role gang checks (decision 0227), as `JobInfo` methods upstream
 * (volcano pkg/scheduler/api/job_info.go @ed72c7c8): CheckTaskValid (:1072), CheckTaskReady (:1104),
 * CheckTaskPipelined (:1119), the allocated-role count (:1046) and NeedContinueAllocating (:999) that lets
 * allocate go on with other roles after one role's pod fits no node. Every check is skipped (true) when the
 * job's minAvailable is below the sum of its roles' minimums, as upstream.
 */
import type { JobInfo } from './JobInfo';
import type { RoleCount } from './RoleTally';

/** Which tasks a check counts for a role. */
type Counting = (c: RoleCount) => number;

/** `getJobAllocatedRoles` (:1046): allocated statuses + Succeeded + Pending BestEffort. */
export const readyOfRole: Counting = (c) =>
  c.byStatus.Allocated + c.byStatus.Binding + c.byStatus.Running + c.byStatus.Succeeded + c.pendingBestEffort;
/** CheckTaskPipelined (:1119): as ready, plus Pipelined. */
const pipelinedOfRole: Counting = (c) => readyOfRole(c) + c.byStatus.Pipelined;
/** CheckTaskValid (:1072): allocated statuses + Succeeded + Pipelined + Pending (BestEffort or not). */
const validOfRole: Counting = (c) =>
  c.byStatus.Allocated +
  c.byStatus.Binding +
  c.byStatus.Running +
  c.byStatus.Succeeded +
  c.byStatus.Pipelined +
  c.byStatus.Pending;

/** True when the per-role checks apply: minAvailable ≥ Σ minTaskMember (:1075, :1106, :1121). */
export function rolesChecked(job: JobInfo): boolean {
  return job.minAvailable >= job.taskMinAvailableTotal;
}

/** Roles below their minimum under `counting`, as `role a/min` text; [] when every role holds. */
function shortRoles(job: JobInfo, counting: Counting, skipZero: boolean): string[] {
  if (!rolesChecked(job)) return [];
  const short: string[] = [];
  for (const [role, min] of job.taskMinAvailable) {
    if (skipZero && min === 0) continue;
    const have = counting(job.roleTally.of(role));
    if (have < min) short.push(`${role} ${have}/${min}`);
  }
  return short;
}

/** CheckTaskValid: roles with too few valid tasks (a role with minimum 0 is not checked, :1093). */
export function rolesNotValid(job: JobInfo): string[] {
  return shortRoles(job, validOfRole, true);
}

/** CheckTaskReady: roles with fewer allocated tasks than their minimum. */
export function rolesNotReady(job: JobInfo): string[] {
  return shortRoles(job, readyOfRole, false);
}

/** CheckTaskPipelined: roles with fewer allocated or pipelined tasks than their minimum. */
export function rolesNotPipelined(job: JobInfo): string[] {
  return shortRoles(job, pipelinedOfRole, false);
}

/**
 * NeedContinueAllocating (:999), after a task of `job` fit no node: whether allocate goes on with the job's
 * other pending tasks this turn. No when every task is needed (minAvailable = tasks); with the role checks
 * skipped, yes iff ready tasks plus the pending tasks of roles that have not failed can still reach
 * minAvailable; otherwise yes iff every failed role with a minimum already has that minimum allocated.
 * A job without roles has one failed role, "", whose minimum is 0: it goes on (decision 0228).
 */
export function needContinueAllocating(job: JobInfo): boolean {
  if (job.minAvailable === job.tasks.length) return false;
  if (!rolesChecked(job)) {
    let left = 0;
    for (const role of job.roleTally.roles()) {
      if (!job.fitFailedRoles.has(role)) left += job.roleTally.of(role).byStatus.Pending;
    }
    return job.readyTaskNum() + left >= job.minAvailable;
  }
  for (const role of job.fitFailedRoles) {
    const min = job.taskMinAvailable.get(role) ?? 0;
    if (min === 0) continue;
    if (readyOfRole(job.roleTally.of(role)) < min) return false;
  }
  return true;
}
