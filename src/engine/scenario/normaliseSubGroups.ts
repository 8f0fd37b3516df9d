/**
 * A job's KAI subgroup fields (docs/scenario-format.md §22, addition): `subGroups`, `minSubGroup`,
 * `stalenessGracePeriod` and each task's `subGroup`. Upstream builds the tree in
 * KAI pkg/scheduler/api/podgroup_info/subgroup_info/factory.go:17 @d5bc503 and silently drops what it cannot
 * place (a task naming an unknown subgroup goes to `InvalidSubGroupTasks`, job_info.go:320; a cycle leaves
 * its members outside the root); the lab refuses those inputs with a located error instead, so nothing
 * written is accepted and ignored.
 */
import type { JobSpec, SubGroupSpec, TaskSpec } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { listNames, quote, type FieldPath } from './fieldPath';
import { isMapping, readFields, type FieldValues } from './readFields';
import { describeValue, SUBGROUP_FIELDS, type JOB_FIELDS } from './schema';
import { readTopologyConstraint, rememberConstraint } from './normaliseTopology';
import { expandSegments } from './normaliseSegments';
import { accepts } from '../registry';

/** Bound on `subGroups` entries per job (§22; upstream has none, a tree this size is already unusual). */
export const MAX_SUBGROUPS_PER_JOB = 64;
/** Upstream's name pattern (KAI pkg/apis/scheduling/v2alpha2/podgroup_types.go:153 @d5bc503, RFC 1123 label). */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const MAX_LABEL_LENGTH = 63;
/** KAI job_info.go:46 @d5bc503: a pod naming no subgroup belongs to the pod set `default`. */
export const DEFAULT_SUBGROUP = 'default';

type SubGroupFields = Pick<JobSpec, 'subGroups' | 'minSubGroup' | 'stalenessGracePeriodMs' | 'segments'>;

/**
 * Reads and checks the subgroup fields of one job; `tasks` carry their `subGroup` already. Returns the
 * fields to merge into the JobSpec, and the job's minimum task count derived from the tree (what the
 * scalar `minAvailable` holds for a job with subgroups).
 */
export function normaliseSubGroups(
  f: FieldValues<typeof JOB_FIELDS>,
  written: Record<string, unknown>,
  tasks: readonly TaskSpec[],
  path: FieldPath,
  ctx: NormaliseContext,
): { fields: SubGroupFields; minTasks: number | null } {
  if (!accepts(ctx.profile, 'subGroups')) {
    refuseOutsideKai(written, tasks, path, ctx);
    return { fields: {}, minTasks: null };
  }
  const fields: SubGroupFields = {};
  if (f.stalenessGracePeriod !== undefined) fields.stalenessGracePeriodMs = f.stalenessGracePeriod;
  if (written['segments'] !== undefined) return segmentFields(f, written, tasks, path, ctx, fields);
  const subGroups = readSubGroupList(written['subGroups'], [...path, 'subGroups'], ctx);
  if (subGroups.length === 0) {
    if (f.minSubGroup !== undefined)
      ctx.sink.report(
        'invalid-subgroups',
        [...path, 'minSubGroup'],
        'minSubGroup applies only when the job has subGroups (KAI podgroup_types.go:46)',
      );
    tasks.forEach((t, i) => {
      if (t.subGroup !== undefined)
        ctx.sink.report(
          'invalid-subgroups',
          [...path, 'tasks', i, 'subGroup'],
          `task ${quote(t.name)} names subgroup ${quote(t.subGroup)} but the job has no subGroups`,
        );
    });
    return { fields, minTasks: null };
  }
  if (f.minAvailable !== undefined)
    ctx.sink.report(
      'invalid-subgroups',
      [...path, 'minAvailable'],
      "a job with subGroups takes its gang from them: KAI ignores the pod group's minMember once subgroups define pod sets (job_info.go:280); use minMember per subgroup and minSubGroup",
    );
  fields.subGroups = subGroups;
  fields.minSubGroup = f.minSubGroup ?? null;
  const tree = checkTree(subGroups, fields.minSubGroup, tasks, path, ctx);
  return { fields, minTasks: tree };
}

/** §21 segments: expanded into subgroups (normaliseSegments.ts); `subGroups` and `minSubGroup` beside them are errors. */
function segmentFields(
  f: FieldValues<typeof JOB_FIELDS>,
  written: Record<string, unknown>,
  tasks: readonly TaskSpec[],
  path: FieldPath,
  ctx: NormaliseContext,
  fields: SubGroupFields,
): { fields: SubGroupFields; minTasks: number | null } {
  for (const key of ['subGroups', 'minSubGroup'])
    if (written[key] !== undefined)
      ctx.sink.report(
        'invalid-subgroups',
        [...path, key],
        `${key} and segments are exclusive: segments generate the job's subgroups (KAI pytorch_grouper.go:189-213)`,
      );
  const constraint = written['topologyConstraint'];
  const topology =
    isMapping(constraint) && typeof constraint['topology'] === 'string' ? constraint['topology'] : undefined;
  const at = [...path, 'segments'];
  const x = expandSegments(
    written['segments'],
    at,
    tasks,
    f.minAvailable,
    topology,
    MAX_SUBGROUPS_PER_JOB,
    ctx,
  );
  if (x === null) return { fields, minTasks: null };
  return {
    fields: { ...fields, subGroups: x.subGroups, minSubGroup: null, segments: x.segments },
    minTasks: x.minTasks,
  };
}

function refuseOutsideKai(
  written: Record<string, unknown>,
  tasks: readonly TaskSpec[],
  path: FieldPath,
  ctx: NormaliseContext,
): void {
  for (const key of ['subGroups', 'minSubGroup', 'stalenessGracePeriod', 'segments'])
    if (written[key] !== undefined)
      ctx.sink.report(
        'kai-only-field',
        [...path, key],
        `${key} is a KAI pod-group field; profile ${ctx.profile} does not model it`,
      );
  tasks.forEach((t, i) => {
    if (t.subGroup !== undefined)
      ctx.sink.report(
        'kai-only-field',
        [...path, 'tasks', i, 'subGroup'],
        `subGroup is a KAI pod label; profile ${ctx.profile} does not model it`,
      );
  });
}

function readSubGroupList(raw: unknown, path: FieldPath, ctx: NormaliseContext): SubGroupSpec[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    ctx.sink.report('wrong-type', path, `expected a list of subgroups, got ${describeValue(raw)}`);
    return [];
  }
  if (raw.length > MAX_SUBGROUPS_PER_JOB) {
    ctx.sink.report(
      'out-of-range',
      path,
      `a job has at most ${MAX_SUBGROUPS_PER_JOB} subgroups (got ${raw.length})`,
    );
    return [];
  }
  const out: SubGroupSpec[] = [];
  const seen = new Set<string>();
  raw.forEach((item: unknown, i) => {
    const p = [...path, i];
    const g = readFields(item, p, SUBGROUP_FIELDS, ctx.sink, {
      required: ['name'],
      what: 'a subgroup ({name, parent?, minMember?, minSubGroup?, topologyConstraint?})',
    });
    if (g === null || g.name === undefined) return;
    for (const [key, value] of [
      ['name', g.name],
      ['parent', g.parent],
    ] as const) {
      if (value !== undefined && (value.length > MAX_LABEL_LENGTH || !DNS_LABEL.test(value)))
        ctx.sink.report(
          'invalid-subgroups',
          [...p, key],
          `${quote(value)} is not a valid subgroup name: lower-case letters, digits and '-', at most ${MAX_LABEL_LENGTH} characters (KAI podgroup_types.go:153)`,
        );
    }
    if (seen.has(g.name)) {
      ctx.sink.report('invalid-subgroups', [...p, 'name'], `subgroup ${quote(g.name)} already exists`);
      return;
    }
    seen.add(g.name);
    if (g.minMember !== undefined && g.minSubGroup !== undefined)
      ctx.sink.report(
        'invalid-subgroups',
        [...p, 'minSubGroup'],
        'minMember and minSubGroup are mutually exclusive (KAI podgroup_types.go:158)',
      );
    const spec: SubGroupSpec = {
      name: g.name,
      parent: g.parent ?? null,
      minMember: g.minMember ?? 0,
      minSubGroup: g.minSubGroup ?? null,
    };
    out.push(spec);
    if (isMapping(item)) ctx.origins.set(spec, p);
    // KAI SubGroup.topologyConstraint (podgroup_types.go:176 @d5bc503), resolved with the job's (§21).
    if (g.topologyConstraint !== undefined) {
      const at = [...p, 'topologyConstraint'];
      const c = readTopologyConstraint(g.topologyConstraint, at, ctx);
      if (c !== null) rememberConstraint(spec, c, at);
    }
  });
  return out;
}

/** Parent links, leaves, minimums and task assignment; returns the least number of tasks that satisfy the root. */
function checkTree(
  groups: readonly SubGroupSpec[],
  rootMin: number | null,
  tasks: readonly TaskSpec[],
  jobPath: FieldPath,
  ctx: NormaliseContext,
): number | null {
  const at = (g: SubGroupSpec, key: string): FieldPath => [...ctx.origins.of(g), key];
  const byName = new Map(groups.map((g) => [g.name, g]));
  const children = new Map<string | null, SubGroupSpec[]>();
  let ok = true;
  for (const g of groups) {
    if (g.parent !== null && !byName.has(g.parent)) {
      ctx.sink.report(
        'invalid-subgroups',
        at(g, 'parent'),
        `parent subgroup ${quote(g.parent)} of ${quote(g.name)} not found (subgroups: ${listNames([...byName.keys()])})`,
      );
      ok = false;
      continue;
    }
    children.set(g.parent, [...(children.get(g.parent) ?? []), g]);
  }
  // A cycle never reaches the root: walk up at most `groups.length` steps from each subgroup.
  for (const g of groups) {
    let cur: SubGroupSpec | undefined = g;
    for (let steps = 0; cur && cur.parent !== null && steps <= groups.length; steps++)
      cur = byName.get(cur.parent);
    if (cur && cur.parent !== null) {
      ctx.sink.report(
        'invalid-subgroups',
        at(g, 'parent'),
        `subgroup ${quote(g.name)} is in a parent cycle and never reaches the pod group`,
      );
      ok = false;
    }
  }
  if (!ok) return null;
  const taskCount = new Map<string, number>();
  tasks.forEach((t, i) => {
    const name = t.subGroup ?? DEFAULT_SUBGROUP;
    const g = byName.get(name);
    if (g === undefined || children.has(name)) {
      ctx.sink.report(
        'invalid-subgroups',
        t.subGroup === undefined ? [...jobPath, 'tasks', i] : [...jobPath, 'tasks', i, 'subGroup'],
        g === undefined
          ? `task ${quote(t.name)} is in subgroup ${quote(name)}, which the job does not define; KAI would never schedule it (job_info.go:320)`
          : `task ${quote(t.name)} is in subgroup ${quote(name)}, which has child subgroups: pods belong to leaf subgroups (factory.go:67)`,
      );
      ok = false;
      return;
    }
    taskCount.set(name, (taskCount.get(name) ?? 0) + 1);
  });
  const minTasks = (parent: string | null, min: number | null, path: FieldPath): number => {
    const kids = children.get(parent) ?? [];
    if (min !== null && min > kids.length) {
      ctx.sink.report(
        'invalid-subgroups',
        path,
        `minSubGroup is ${min} but ${parent === null ? 'the job' : quote(parent)} has ${kids.length} direct subgroup${kids.length === 1 ? '' : 's'}`,
      );
      ok = false;
    }
    const mins = kids
      .map((k) => {
        if (!children.has(k.name)) {
          if (k.minSubGroup !== null) {
            ctx.sink.report(
              'invalid-subgroups',
              at(k, 'minSubGroup'),
              `subgroup ${quote(k.name)} has no child subgroups, so minSubGroup does not apply; use minMember`,
            );
            ok = false;
          }
          const n = taskCount.get(k.name) ?? 0;
          if (k.minMember > n) {
            ctx.sink.report(
              'invalid-subgroups',
              at(k, 'minMember'),
              `minMember is ${k.minMember} but subgroup ${quote(k.name)} has ${n} task${n === 1 ? '' : 's'}`,
            );
            ok = false;
          }
          return k.minMember;
        }
        if (k.minMember !== 0) {
          ctx.sink.report(
            'invalid-subgroups',
            at(k, 'minMember'),
            `subgroup ${quote(k.name)} has child subgroups, so its gang is minSubGroup, not minMember`,
          );
          ok = false;
        }
        return minTasks(k.name, k.minSubGroup, at(k, 'minSubGroup'));
      })
      .sort((a, b) => a - b);
    return mins.slice(0, min ?? mins.length).reduce((s, m) => s + m, 0);
  };
  const total = minTasks(null, rootMin, [...jobPath, 'minSubGroup']);
  return ok ? total : null;
}
