/**
 * Volcano task roles (docs/scenario-format.md §26, addition; decision 0227): a task's `role` (or its
 * `volcano.sh/task-spec` label, which Volcano's job controller writes on every pod of a Job task) and a job's
 * `minTaskMember` (PodGroup `spec.minTaskMember`). Only the volcano profile has them: KAI groups pods with
 * subgroups and kube-batch has neither, so there the fields are refused, never ignored.
 */
import type { JobSpec, TaskSpec } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { quote, type FieldPath } from './fieldPath';
import { MAX_EXPANSION, describeValue } from './schema';
import { isMapping } from './readFields';
import { accepts, moduleOf } from '../registry';

/** Pod annotation and label naming a pod's role (volcano pkg/scheduler/api/job_info.go:189-201 @ed72c7c8). */
export const TASK_SPEC_KEY = 'volcano.sh/task-spec';
/**
 * A role is a Volcano Job task name, a DNS-1123 label (volcano pkg/webhooks/admission/jobs/validate/
 * admit_job.go:127 @ed72c7c8), so at most 63 characters.
 */
export const MAX_ROLE_LENGTH = 63;
/** Entries of one `minTaskMember`: as many as a mapping may hold (§10). */
export const MAX_ROLES = 1_000;

function refuseOutsideVolcano(path: FieldPath, ctx: NormaliseContext, what: string): boolean {
  if (accepts(ctx.profile, 'taskRoles')) return false;
  const instead = moduleOf(ctx.profile).format.whyRefused('taskRoles');
  ctx.sink.report(
    'invalid-value',
    path,
    `${what} is a Volcano task-role field; profile ${ctx.profile} does not support it (${instead})`,
  );
  return true;
}

function checkRoleName(value: unknown, path: FieldPath, ctx: NormaliseContext): string | null {
  if (typeof value !== 'string' || value === '') {
    ctx.sink.report('wrong-type', path, `expected a role name (non-empty text), got ${describeValue(value)}`);
    return null;
  }
  if (value.length > MAX_ROLE_LENGTH) {
    ctx.sink.report(
      'too-large',
      path,
      `a role is a Volcano task name, at most ${MAX_ROLE_LENGTH} characters, got ${value.length}`,
    );
    return null;
  }
  return value;
}

/** Sets `task.role` from the task's `role` field or its `volcano.sh/task-spec` label. */
export function readTaskRole(
  task: TaskSpec,
  written: unknown,
  taskPath: FieldPath,
  ctx: NormaliseContext,
): void {
  const raw = isMapping(written) ? written['role'] : undefined;
  const label = Object.hasOwn(task.labels, TASK_SPEC_KEY) ? task.labels[TASK_SPEC_KEY] : undefined;
  if (raw === undefined || raw === null) {
    // The label alone is an ordinary label for KAI; in Volcano it is the role.
    if (label === undefined || !accepts(ctx.profile, 'taskRoles') || label === '') return;
    const role = checkRoleName(label, [...taskPath, 'labels', TASK_SPEC_KEY], ctx);
    if (role !== null) task.role = role;
    return;
  }
  if (refuseOutsideVolcano([...taskPath, 'role'], ctx, 'role')) return;
  const role = checkRoleName(raw, [...taskPath, 'role'], ctx);
  if (role === null) return;
  if (label !== undefined && label !== '' && label !== role) {
    ctx.sink.report(
      'invalid-value',
      [...taskPath, 'role'],
      `role ${quote(role)} differs from the task's ${TASK_SPEC_KEY} label ${quote(label)}; write one of them`,
    );
    return;
  }
  task.role = role;
}

/** Reads `minTaskMember` ({role: count}) onto the job. */
export function readMinTaskMember(
  job: JobSpec,
  raw: unknown,
  jobPath: FieldPath,
  ctx: NormaliseContext,
): void {
  if (raw === undefined || raw === null) return;
  const path = [...jobPath, 'minTaskMember'];
  if (refuseOutsideVolcano(path, ctx, 'minTaskMember')) return;
  if (!isMapping(raw)) {
    ctx.sink.report('wrong-type', path, `expected a mapping {role: count}, got ${describeValue(raw)}`);
    return;
  }
  const entries = Object.entries(raw);
  if (entries.length > MAX_ROLES) {
    ctx.sink.report('too-large', path, `at most ${MAX_ROLES} roles, got ${entries.length}`);
    return;
  }
  const out: Record<string, number> = {};
  for (const [role, count] of entries) {
    const at = [...path, role];
    if (checkRoleName(role, at, ctx) === null) continue;
    if (typeof count !== 'number' || !Number.isInteger(count)) {
      ctx.sink.report('wrong-type', at, `expected a whole number of tasks, got ${describeValue(count)}`);
      continue;
    }
    if (count < 0 || count > MAX_EXPANSION) {
      ctx.sink.report('out-of-range', at, `a role's minimum is 0 … ${MAX_EXPANSION}, got ${count}`);
      continue;
    }
    Object.defineProperty(out, role, { value: count, enumerable: true, writable: true, configurable: true });
  }
  job.minTaskMember = out;
}
