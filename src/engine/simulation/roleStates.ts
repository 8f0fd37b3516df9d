/**
 * Per-role task counts of a Volcano job for the views (docs §26, decision 0227): for each role, its minimum
 * (`minTaskMember`), tasks, Running and Pipelined at the end of the session, read from the task statuses the
 * engine recorded (no scheduling rule is applied here).
 */
import type { JobSpec } from '../model/scenario';
import type { RoleState } from '../model/snapshot';

/** Collects statuses task by task; `finish` gives the rows, or null for a job without roles. */
export class RoleCounter {
  private readonly rows = new Map<string, RoleState>();

  constructor(private readonly spec: JobSpec) {}

  add(role: string | undefined, status: string): void {
    if (role === undefined && this.spec.minTaskMember === undefined) return;
    const key = role ?? '';
    let row = this.rows.get(key);
    if (row === undefined) {
      row = { role: key, minTaskMember: null, tasks: 0, running: 0, pipelined: 0 };
      this.rows.set(key, row);
    }
    row.tasks++;
    if (status === 'Running') row.running++;
    else if (status === 'Pipelined') row.pipelined++;
  }

  finish(): RoleState[] | null {
    const mins = this.spec.minTaskMember ?? {};
    for (const [role, min] of Object.entries(mins)) {
      const row = this.rows.get(role) ?? { role, minTaskMember: null, tasks: 0, running: 0, pipelined: 0 };
      row.minTaskMember = min;
      this.rows.set(role, row);
    }
    if (this.rows.size === 0) return null;
    return [...this.rows.values()].sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));
  }
}
