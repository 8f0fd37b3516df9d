/**
 * Per-role task counters of one job (decision 0227): how many of each `volcano.sh/task-spec` role are in
 * each status, kept up to date as tasks move, so the per-role gang checks (volcano
 * pkg/scheduler/api/job_info.go:1046-1176 @ed72c7c8) cost one pass over the roles, not over the tasks.
 */
import type { TaskStatus } from './JobInfo';

/** One role's counters. */
export interface RoleCount {
  readonly byStatus: Record<TaskStatus, number>;
  /** Pending tasks whose request is empty (upstream `InitResreq.IsEmpty()`: BestEffort). */
  pendingBestEffort: number;
}

/** Zero tasks in every status (a job's counters, and each role's). */
export function zeroStatusCounts(): Record<TaskStatus, number> {
  return { Pending: 0, Allocated: 0, Pipelined: 0, Binding: 0, Running: 0, Releasing: 0, Succeeded: 0 };
}

function emptyCount(): RoleCount {
  return { byStatus: zeroStatusCounts(), pendingBestEffort: 0 };
}

export class RoleTally {
  private readonly counts = new Map<string, RoleCount>();

  /** Adds `sign` (±1) to the counters of a task with this role, status and BestEffort-ness. */
  add(role: string, status: TaskStatus, bestEffort: boolean, sign: number): void {
    let c = this.counts.get(role);
    if (c === undefined) {
      c = emptyCount();
      this.counts.set(role, c);
    }
    c.byStatus[status] += sign;
    if (status === 'Pending' && bestEffort) c.pendingBestEffort += sign;
  }

  /** The counters of a role (all zero for a role no task has). */
  of(role: string): RoleCount {
    return this.counts.get(role) ?? emptyCount();
  }

  /** Roles that have or had tasks, in name order (deterministic trace text). */
  roles(): string[] {
    return [...this.counts.keys()].sort();
  }
}
