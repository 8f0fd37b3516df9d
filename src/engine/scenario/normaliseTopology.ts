/**
 * `topologies` (KAI's Topology CRD) and a job's `topologyConstraint` (KAI PodGroup spec), docs §21 (addition,
 * decision 0196). The bounds are the CRD's own (KAI deployments/kai-scheduler/crds/kai.scheduler_topologies.yaml
 * :60-98 @d5bc503: 1 to 16 levels, labels and aliases at most 316 characters, each label once, the hostname
 * label only as the lowest level) plus a count of topologies of our own. Profiles other than `kai` have no
 * topology-aware scheduling, so both fields are refused there.
 */
import { z } from 'zod';
import type { JobSpec, Scenario, SubGroupSpec } from '../model/scenario';
import {
  resolveTopologyLevel,
  type TopologyConstraint,
  type TopologyLevel,
  type TopologySpec,
} from '../model/topology';
import type { NormaliseContext } from './NormaliseContext';
import { quote, type FieldPath } from './fieldPath';
import { readFields } from './readFields';
import { list, nameSchema } from './schema';
import { accepts } from '../registry';

/** At most this many `topologies` in a scenario (ours: a cluster has a handful). */
export const MAX_TOPOLOGIES = 100;
/** Levels per topology (CRD `maxItems: 16`, `minItems: 1`). */
export const MAX_TOPOLOGY_LEVELS = 16;
/** A level's `nodeLabel` or `alias` (CRD `maxLength: 316`). */
export const MAX_TOPOLOGY_LABEL_LENGTH = 316;
/** The CRD allows `kubernetes.io/hostname` only as the last (lowest) level. */
const HOSTNAME_LABEL = 'kubernetes.io/hostname';

const labelSchema = z.string().min(1).max(MAX_TOPOLOGY_LABEL_LENGTH);

const TOPOLOGY_FIELDS = { name: nameSchema, levels: list };
const TOPOLOGY_LEVEL_FIELDS = { nodeLabel: labelSchema, alias: labelSchema };
const CONSTRAINT_FIELDS = {
  topology: nameSchema,
  requiredTopologyLevel: labelSchema,
  preferredTopologyLevel: labelSchema,
};

/** The constraint as written: levels not yet resolved against the scenario's topologies. */
export interface WrittenConstraint {
  topology: string;
  required: string | null;
  preferred: string | null;
}

/** Written constraints of jobs and of their subgroups (segments included), keyed by the spec they go on. */
const written = new WeakMap<JobSpec | SubGroupSpec, { constraint: WrittenConstraint; path: FieldPath }>();

/** Does the job or one of its subgroups carry a written constraint? */
function hasConstraint(job: JobSpec): boolean {
  return written.has(job) || (job.subGroups ?? []).some((g) => written.has(g));
}

/** The first written constraint of a job or its subgroups (where an error about the job points). */
function firstConstraint(job: JobSpec): { path: FieldPath } | undefined {
  return written.get(job) ?? (job.subGroups ?? []).map((g) => written.get(g)).find((w) => w !== undefined);
}

function refuseOutsideKai(path: FieldPath, what: string, ctx: NormaliseContext): boolean {
  if (accepts(ctx.profile, 'topology')) return false;
  ctx.sink.report(
    'invalid-value',
    path,
    `${what} is KAI's topology-aware scheduling; profile ${ctx.profile} has no topologies (docs/scenario-format.md §21)`,
  );
  return true;
}

/** The `topologies` list; undefined when absent. */
export function normaliseTopologies(
  raw: unknown[] | undefined,
  ctx: NormaliseContext,
): TopologySpec[] | undefined {
  if (raw === undefined) return undefined;
  if (refuseOutsideKai(['topologies'], 'topologies', ctx)) return undefined;
  if (raw.length > MAX_TOPOLOGIES) {
    ctx.sink.report(
      'too-large',
      ['topologies'],
      `at most ${MAX_TOPOLOGIES} topologies in a scenario, got ${raw.length}`,
    );
    return undefined;
  }
  const out: TopologySpec[] = [];
  const names = new Set<string>();
  raw.forEach((entry, i) => {
    const path: FieldPath = ['topologies', i];
    const f = readFields(entry, path, TOPOLOGY_FIELDS, ctx.sink, {
      required: ['name', 'levels'],
      what: 'a topology ({name, levels: [{nodeLabel, alias?}]})',
    });
    if (f === null || f.name === undefined || f.levels === undefined) return;
    if (names.has(f.name)) {
      ctx.sink.report('duplicate-name', [...path, 'name'], `topology ${quote(f.name)} is defined twice`);
      return;
    }
    names.add(f.name);
    const levels = readLevels(f.levels, [...path, 'levels'], ctx);
    if (levels !== null) out.push({ name: f.name, levels });
  });
  return out;
}

function readLevels(raw: unknown[], path: FieldPath, ctx: NormaliseContext): TopologyLevel[] | null {
  if (raw.length < 1 || raw.length > MAX_TOPOLOGY_LEVELS) {
    ctx.sink.report(
      raw.length < 1 ? 'out-of-range' : 'too-large',
      path,
      `a topology has 1 to ${MAX_TOPOLOGY_LEVELS} levels, got ${raw.length}`,
    );
    return null;
  }
  const levels: TopologyLevel[] = [];
  const seen = new Set<string>();
  let ok = true;
  raw.forEach((entry, j) => {
    const at: FieldPath = [...path, j];
    const f = readFields(entry, at, TOPOLOGY_LEVEL_FIELDS, ctx.sink, {
      required: ['nodeLabel'],
      what: 'a level ({nodeLabel, alias?})',
    });
    if (f === null || f.nodeLabel === undefined) {
      ok = false;
      return;
    }
    const fail = (field: string, message: string) => {
      ctx.sink.report('invalid-value', [...at, field], message);
      ok = false;
    };
    if (seen.has(f.nodeLabel)) fail('nodeLabel', `nodeLabel ${quote(f.nodeLabel)} is used by another level`);
    if (f.nodeLabel === HOSTNAME_LABEL && j !== raw.length - 1)
      fail('nodeLabel', `the ${HOSTNAME_LABEL} label can only be the lowest (last) level`);
    seen.add(f.nodeLabel);
    if (f.alias !== undefined) {
      if (seen.has(f.alias)) fail('alias', `alias ${quote(f.alias)} is already a level's label or alias`);
      seen.add(f.alias);
    }
    levels.push(
      f.alias === undefined ? { nodeLabel: f.nodeLabel } : { nodeLabel: f.nodeLabel, alias: f.alias },
    );
  });
  // An alias may not equal the label of a later level either (checked above only for earlier ones).
  levels.forEach((l, j) => {
    if (l.alias !== undefined && levels.some((m, k) => k > j && m.nodeLabel === l.alias)) {
      ctx.sink.report(
        'invalid-value',
        [...path, j, 'alias'],
        `alias ${quote(l.alias)} is another level's label`,
      );
      ok = false;
    }
  });
  return ok ? levels : null;
}

/** A job's `topologyConstraint` as written; resolved against `topologies` by {@link resolveTopologyConstraints}. */
export function readTopologyConstraint(
  raw: unknown,
  path: FieldPath,
  ctx: NormaliseContext,
): WrittenConstraint | null {
  if (refuseOutsideKai(path, 'topologyConstraint', ctx)) return null;
  const f = readFields(raw, path, CONSTRAINT_FIELDS, ctx.sink, {
    required: ['topology'],
    what: 'a topology constraint ({topology, requiredTopologyLevel?, preferredTopologyLevel?})',
  });
  if (f === null || f.topology === undefined) return null;
  if (f.requiredTopologyLevel === undefined && f.preferredTopologyLevel === undefined) {
    ctx.sink.report(
      'missing-field',
      path,
      'a topology constraint needs requiredTopologyLevel, preferredTopologyLevel or both',
    );
    return null;
  }
  return {
    topology: f.topology,
    required: f.requiredTopologyLevel ?? null,
    preferred: f.preferredTopologyLevel ?? null,
  };
}

/** Jobs written in `jobs` and in `submit` events. */
function jobsOf(scenario: Scenario): JobSpec[] {
  const jobs = [...scenario.jobs];
  for (const e of scenario.events) if (e.kind === 'submit') jobs.push(e.job);
  return jobs;
}

/** Keeps a job's written constraint until the topologies are known. */
export function rememberConstraint(
  owner: JobSpec | SubGroupSpec,
  constraint: WrittenConstraint,
  path: FieldPath,
): void {
  written.set(owner, { constraint, path });
}

/**
 * Resolves every job's constraint (jobs and submitted jobs) against the scenario's topologies: the topology
 * must exist, each level must be one of its labels or aliases (KAI resolves aliases at snapshot time,
 * KAI pkg/scheduler/cache/cluster_info/cluster_info.go:251 @d5bc503), and a preferred level must lie at or
 * below the required one. Upstream would keep such a job pending with a fit error ("Requested topology %s
 * does not exist", KAI pkg/scheduler/plugins/topology/job_filtering.go:39-41; "topology constraint error",
 * :390-397 @d5bc503); here a scenario with it is refused at the field, so a typo is never a silent wait.
 */
export function resolveTopologyConstraints(scenario: Scenario, ctx: NormaliseContext): void {
  const jobs = jobsOf(scenario);
  const byName = new Map((scenario.topologies ?? []).map((t) => [t.name, t]));
  for (const job of jobs) {
    for (const owner of [job, ...(job.subGroups ?? [])]) {
      const w = written.get(owner);
      if (w === undefined) continue;
      const resolved = resolveOne(w.constraint, w.path, byName, ctx);
      if (resolved !== null) owner.topologyConstraint = resolved;
    }
    if (job.segments !== undefined) {
      // Segments share one constraint: every segment subgroup holds the same resolved value.
      const first = job.subGroups?.find((g) => g.topologyConstraint !== undefined)?.topologyConstraint;
      if (first !== undefined) job.segments.constraint = first;
    }
  }
}

function resolveOne(
  c: WrittenConstraint,
  path: FieldPath,
  byName: ReadonlyMap<string, TopologySpec>,
  ctx: NormaliseContext,
): TopologyConstraint | null {
  const topology = byName.get(c.topology);
  if (topology === undefined) {
    ctx.sink.report(
      'invalid-value',
      [...path, 'topology'],
      `topology ${quote(c.topology)} is not defined in topologies`,
    );
    return null;
  }
  const level = (field: string, value: string | null): string | null | undefined => {
    if (value === null) return null;
    const label = resolveTopologyLevel(topology, value);
    if (label !== null) return label;
    const known = topology.levels
      .map((l) => (l.alias ? `${l.nodeLabel} (${l.alias})` : l.nodeLabel))
      .join(', ');
    ctx.sink.report(
      'invalid-value',
      [...path, field],
      `topology ${quote(topology.name)} has no level ${quote(value)} (its levels: ${known})`,
    );
    return undefined;
  };
  const required = level('requiredTopologyLevel', c.required);
  const preferred = level('preferredTopologyLevel', c.preferred);
  if (required === undefined || preferred === undefined) return null;
  const depth = (label: string) => topology.levels.findIndex((l) => l.nodeLabel === label);
  if (required !== null && preferred !== null && depth(preferred) < depth(required)) {
    ctx.sink.report(
      'invalid-value',
      [...path, 'preferredTopologyLevel'],
      `the preferred level ${quote(c.preferred ?? '')} is wider than the required level ${quote(c.required ?? '')}; it must be the same level or a lower one`,
    );
    return null;
  }
  return { topology: topology.name, requiredLevel: required, preferredLevel: preferred };
}

/**
 * KAI's default scheduler configuration has the `topology` plugin (KAI pkg/operator/operands/scheduler/
 * resources_test.go:518 @d5bc503, the operator's default tiers). A scenario that defines `topologies` and
 * writes no `tiers` gets it at the end of its last tier; other scenarios keep the defaults they always had
 * (the plugin would do nothing for them). A job with a constraint under written tiers that leave the plugin
 * out is refused: upstream would ignore its constraint, which the sandbox never does silently.
 */
export function addTopologyPlugin(scenario: Scenario, tiersWritten: boolean, ctx: NormaliseContext): void {
  if (scenario.topologies === undefined) return;
  const tiers = scenario.scheduler.tiers;
  const has = tiers.some((t) => t.plugins.some((p) => p.name === 'topology'));
  if (!tiersWritten && !has) {
    const last = tiers[tiers.length - 1];
    if (last !== undefined) last.plugins.push({ name: 'topology', arguments: {}, flags: {} });
    refuseTiersWithoutPlugin(scenario, ctx);
    return;
  }
  if (has) {
    refuseTiersWithoutPlugin(scenario, ctx);
    return;
  }
  for (const job of jobsOf(scenario)) {
    const w = firstConstraint(job);
    if (w === undefined) continue;
    ctx.sink.report(
      'invalid-value',
      w.path,
      'this job has a topology constraint, but scheduler.tiers has no topology plugin to honour it; add {name: topology}',
    );
  }
}

/** An `updateConfig` whose tiers drop the topology plugin would silently stop honouring every constraint. */
function refuseTiersWithoutPlugin(scenario: Scenario, ctx: NormaliseContext): void {
  if (!jobsOf(scenario).some(hasConstraint)) return;
  scenario.events.forEach((e, i) => {
    if (e.kind !== 'updateConfig' || e.patch.tiers === undefined) return;
    if (e.patch.tiers.some((t) => t.plugins.some((p) => p.name === 'topology'))) return;
    ctx.sink.report(
      'invalid-value',
      ['events', i, 'updateConfig', 'tiers'],
      'jobs of this scenario have topology constraints, but these tiers have no topology plugin to honour them; add {name: topology}',
    );
  });
}
