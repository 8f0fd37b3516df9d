/**
 * Volcano task roles across Kubernetes import and export (docs §26, decision 0230). A Volcano Job's
 * `spec.tasks[i].name` is the role of its pods: the job controller writes it as the pods' `volcano.sh/task-spec`
 * annotation and label (volcano pkg/controllers/job/job_controller_util.go:112,150 @ed72c7c8), and each task's
 * `minAvailable` (else its `replicas`) into the PodGroup's `spec.minTaskMember` (job_controller_actions.go:
 * 869-911). A pod's role is read from that annotation, then the label, as the scheduler does (pkg/scheduler/
 * api/job_info.go:189).
 */
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';
import { moduleOf, type Profile } from '../../registry';

export const TASK_SPEC_KEY = 'volcano.sh/task-spec';

/** A PodGroup's `spec.minTaskMember`, as written (the scenario parser checks and bounds it). */
export function readMinTaskMember(t: FieldTracker, job: Data): void {
  const raw = t.peek('spec.minTaskMember');
  if (raw === undefined || raw === null) return;
  t.use('spec.minTaskMember');
  job.minTaskMember = raw;
}

/** A pod's role: its `volcano.sh/task-spec` annotation, else its label. */
export function readPodRole(t: FieldTracker, task: Data): void {
  for (const where of ['annotations', 'labels'] as const) {
    const map = t.peek(`metadata.${where}`);
    const value = isData(map) ? map[TASK_SPEC_KEY] : undefined;
    if (typeof value === 'string' && value !== '') {
      t.use(['metadata', where, TASK_SPEC_KEY]);
      task.role ??= value;
    }
  }
}

/**
 * A Volcano Job task template's minimum: `minAvailable` (at most `replicas`, as the admission webhook
 * requires, admit_job.go:153), else `replicas`.
 */
export function templateMinimum(
  t: FieldTracker,
  i: number,
  replicas: number,
  errors: string[],
): number | null {
  const raw = t.get(`spec.tasks.${i}.minAvailable`);
  if (raw === undefined || raw === null) return replicas;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > replicas) {
    errors.push(
      `${t.label}: spec.tasks.${i}.minAvailable must be a whole number from 0 to the task's replicas (${replicas}), got ${String(raw)}`,
    );
    return null;
  }
  return raw;
}

/**
 * Roles only exist in the volcano profile (§26): an import that ends up KAI drops them, with a note, rather
 * than failing on a field the profile refuses.
 */
export function dropRolesOutsideVolcano(jobs: Iterable<Data>, profile: Profile, notes: string[]): void {
  if (moduleOf(profile).format.accepts('taskRoles', null)) return;
  let dropped = 0;
  for (const job of jobs) {
    if (job.minTaskMember !== undefined) {
      delete job.minTaskMember;
      dropped++;
    }
    if (!Array.isArray(job.tasks)) continue;
    for (const task of job.tasks as Data[]) {
      if (task.role === undefined) continue;
      delete task.role;
      dropped++;
    }
  }
  if (dropped > 0)
    notes.push(
      `Volcano task roles (${TASK_SPEC_KEY}, minTaskMember) were left out: the scenario uses ${profile}, which has none.`,
    );
}

/** Export: the pod's role annotation and the PodGroup's minTaskMember, as Volcano writes them. */
export function exportPodRole(role: string | undefined, annotations: Record<string, string>): void {
  if (role !== undefined) annotations[TASK_SPEC_KEY] = role;
}
