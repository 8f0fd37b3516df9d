/**
 * `variants` (docs/scenario-format.md §15): named, small changes to the base scenario. Read after the
 * base, because every change names something of the base (a queue, a job, a configured plugin) and is
 * normalised against it: a queue's `resources` are merged with the base queue's, a job's new priority
 * re-derives its preemptibility as the parser would for the base job.
 */
import type { JobSpec, QueuePatch, Scenario } from '../model/scenario';
import { BASE_VARIANT, type JobPatch, type PluginArgumentsPatch, type VariantSpec } from '../model/variant';
import { accepts, catalogueOf } from '../registry';
import type { NormaliseContext } from './NormaliseContext';
import { listNames, quote, type FieldPath } from './fieldPath';
import { MAX_VARIANT_CHANGES, MAX_VARIANTS } from './limits';
import { defaultPreemptible } from './normaliseJob';
import { completeQueueResources, normaliseQueuePatch } from './normaliseQueue';
import { normaliseSchedulerPatch } from './normaliseScheduler';
import { checkVariantScenario } from './checkVariantScenario';
import { refuseUnreadJobFields } from './refuseUnreadFields';
import { cloneData, setOwn } from './ownEntries';
import { isMapping, readFields } from './readFields';
import { describeValue, VARIANT_FIELDS, VARIANT_JOB_FIELDS } from './schema';

/** Reads every variant against the normalised base; problems are reported with their field path. */
export function normaliseVariants(
  raw: readonly unknown[],
  base: Scenario,
  ctx: NormaliseContext,
): VariantSpec[] {
  if (raw.length > MAX_VARIANTS) {
    ctx.sink.report(
      'too-large',
      ['variants'],
      `at most ${MAX_VARIANTS} variants in a scenario, got ${raw.length}`,
    );
    return [];
  }
  const known = new BaseNames(base);
  const seen = new Map<string, number>();
  const out: VariantSpec[] = [];
  raw.forEach((item, i) => {
    const path: FieldPath = ['variants', i];
    const variant = normaliseVariant(item, path, known, ctx);
    if (variant === null) return;
    // Every check of the base applies to the scenario the variant makes (checkVariantScenario.ts).
    checkVariantScenario(base, variant, path, ctx);
    if (variant.name === BASE_VARIANT) {
      ctx.sink.report(
        'invalid-value',
        [...path, 'name'],
        `${quote(BASE_VARIANT)} names the base scenario itself; give the variant another name`,
      );
      return;
    }
    const first = seen.get(variant.name);
    if (first !== undefined) {
      ctx.sink.report(
        'duplicate-name',
        [...path, 'name'],
        `variant ${quote(variant.name)} is already defined at variants[${first}]`,
      );
      return;
    }
    seen.set(variant.name, i);
    out.push(variant);
  });
  return out;
}

/** What a variant may name: the base's queues, jobs (submitted ones included) and configured plugins. */
class BaseNames {
  readonly queues: ReadonlyMap<string, Scenario['queues'][number]>;
  readonly jobs = new Map<string, JobSpec>();
  readonly plugins = new Set<string>();
  readonly workload: Scenario['workload'];

  constructor(base: Scenario) {
    this.workload = base.workload;
    this.queues = new Map(base.queues.map((q) => [q.name, q]));
    for (const job of base.jobs) this.jobs.set(job.name, job);
    for (const tier of base.scheduler.tiers) for (const p of tier.plugins) this.plugins.add(p.name);
    for (const e of base.events) {
      if (e.kind === 'submit') this.jobs.set(e.job.name, e.job);
      if (e.kind === 'updateConfig')
        for (const tier of e.patch.tiers ?? []) for (const p of tier.plugins) this.plugins.add(p.name);
    }
  }
}

function normaliseVariant(
  raw: unknown,
  path: FieldPath,
  known: BaseNames,
  ctx: NormaliseContext,
): VariantSpec | null {
  const f = readFields(raw, path, VARIANT_FIELDS, ctx.sink, {
    required: ['name'],
    what: 'a variant ({name, ...changes})',
  });
  if (f === null || f.name === undefined) return null;
  const written = raw as Record<string, unknown>;
  // Actions are read exactly as `scheduler.actions` (list or comma-separated, names of the profile).
  const scheduler =
    written['actions'] === undefined || written['actions'] === null
      ? {}
      : normaliseSchedulerPatch({ actions: written['actions'] }, path, ctx);
  if (f.seed !== undefined && (known.workload === undefined || known.workload.generators.length === 0)) {
    ctx.sink.report(
      'invalid-value',
      [...path, 'seed'],
      "a variant's seed re-seeds the workload (§19), but the base scenario has no workload generators",
    );
  }
  return {
    ...(f.seed === undefined ? {} : { seed: f.seed }),
    name: f.name,
    description: f.description ?? '',
    actions: scheduler.actions ?? null,
    schedulePeriodMs: f.schedulePeriod ?? null,
    plugins: readPlugins(f.plugins, [...path, 'plugins'], known, ctx),
    queues: bounded(f.queues, [...path, 'queues'], ctx).flatMap(
      (item, i) => readQueue(item, [...path, 'queues', i], known, ctx) ?? [],
    ),
    jobs: bounded(f.jobs, [...path, 'jobs'], ctx).flatMap(
      (item, i) => readJob(item, [...path, 'jobs', i], known, ctx) ?? [],
    ),
  };
}

function bounded(
  list: readonly unknown[] | undefined,
  path: FieldPath,
  ctx: NormaliseContext,
): readonly unknown[] {
  if (list === undefined) return [];
  if (list.length <= MAX_VARIANT_CHANGES) return list;
  ctx.sink.report(
    'too-large',
    path,
    `at most ${MAX_VARIANT_CHANGES} changes in one list, got ${list.length}`,
  );
  return [];
}

function readPlugins(
  raw: Record<string, unknown> | undefined,
  path: FieldPath,
  known: BaseNames,
  ctx: NormaliseContext,
): PluginArgumentsPatch[] {
  if (raw === undefined) return [];
  const entries = Object.entries(raw);
  if (entries.length > MAX_VARIANT_CHANGES) {
    ctx.sink.report('too-large', path, `at most ${MAX_VARIANT_CHANGES} plugins, got ${entries.length}`);
    return [];
  }
  const out: PluginArgumentsPatch[] = [];
  for (const [plugin, args] of entries) {
    const at = [...path, plugin];
    if (!isMapping(args)) {
      ctx.sink.report(
        'wrong-type',
        at,
        `expected the plugin's arguments as a mapping ({argument: value}), got ${describeValue(args)}`,
      );
      continue;
    }
    if (!known.plugins.has(plugin)) {
      const profilePlugins = catalogueOf(ctx.profile).plugins;
      const why = profilePlugins.includes(plugin)
        ? 'is not configured in the base scenario (add it to scheduler.tiers first)'
        : `is not a plugin of profile ${ctx.profile}`;
      ctx.sink.report(
        'unknown-plugin',
        at,
        `plugin ${quote(plugin)} ${why}; configured: ${listNames([...known.plugins])}`,
      );
      continue;
    }
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args)) setOwn(copy, key, cloneData(value));
    out.push({ plugin, arguments: copy });
  }
  return out;
}

function readQueue(
  raw: unknown,
  path: FieldPath,
  known: BaseNames,
  ctx: NormaliseContext,
): QueuePatch | null {
  const result = normaliseQueuePatch(raw, path, ctx);
  if (result === null) return null;
  const { patch } = result;
  const queue = known.queues.get(patch.name);
  if (queue === undefined) {
    ctx.sink.report(
      'unknown-queue',
      [...path, 'name'],
      `queue ${quote(patch.name)} does not exist in the base scenario (queues: ${listNames([...known.queues.keys()])})`,
    );
    return null;
  }
  if (patch.parent !== undefined) {
    // Moving a queue changes the tree that every other check was made against; a comparison of
    // policies keeps the tree and varies the knobs.
    ctx.sink.report(
      'invalid-value',
      [...path, 'parent'],
      'a variant cannot move a queue; change the base instead',
    );
    delete patch.parent;
  }
  if (result.resources !== null) patch.resources = completeQueueResources(result.resources, queue.resources);
  return patch;
}

function readJob(raw: unknown, path: FieldPath, known: BaseNames, ctx: NormaliseContext): JobPatch | null {
  const f = readFields(raw, path, VARIANT_JOB_FIELDS, ctx.sink, {
    required: ['name'],
    what: 'a job change ({name, priority?, priorityClassName?, preemptibility?, runtime?})',
  });
  if (f === null || f.name === undefined) return null;
  // The same refusal as for the base's jobs (normaliseJob): a patch the profile would ignore is an error.
  refuseUnreadJobFields(raw, path, ctx);
  const job = known.jobs.get(f.name);
  if (job === undefined) {
    ctx.sink.report(
      'unknown-job',
      [...path, 'name'],
      `job ${quote(f.name)} does not exist in the base scenario`,
    );
    return null;
  }
  if (job.generatedBy !== undefined) {
    // Which jobs a generator makes depends on the seed (replicates re-seed), so a change by name would
    // apply to a different job, or none, in another replicate.
    ctx.sink.report(
      'invalid-value',
      [...path, 'name'],
      `job ${quote(f.name)} is generated by workload[${job.generatedBy}]; a variant changes the generator's jobs only through seed (§19)`,
    );
    return null;
  }
  const patch: JobPatch = { name: f.name };
  if (f.priorityClassName !== undefined) {
    const cls = ctx.classes.get(f.priorityClassName);
    if (cls === undefined) {
      ctx.sink.report(
        'unknown-priority-class',
        [...path, 'priorityClassName'],
        `priority class ${quote(f.priorityClassName)} does not exist (defined: ${listNames([...ctx.classes.keys()])})`,
      );
    } else {
      patch.priorityClassName = cls.name;
      patch.priority = cls.value;
      patch.preemptionPolicy = cls.preemptionPolicy;
    }
  }
  if (f.priority !== undefined) patch.priority = f.priority;
  if (f.preemptibility !== undefined) patch.preemptible = f.preemptibility === 'preemptible';
  else if (
    accepts(ctx.profile, 'priorityPreemptibility') &&
    patch.priority !== undefined &&
    job.preemptible === defaultPreemptible(ctx.profile, job.priority)
  ) {
    // The base job's preemptibility was the default for its priority (the serialiser would not write it),
    // so it follows the new priority as it would if the base were edited. Only KAI has preemptibility:
    // elsewhere every job stays preemptible and a patch must not write it (decision 0250).
    patch.preemptible = defaultPreemptible(ctx.profile, patch.priority);
  }
  const written = raw as Record<string, unknown>;
  if (written['runtime'] === null) patch.runtimeMs = null;
  else if (f.runtime !== undefined) patch.runtimeMs = f.runtime;
  return patch;
}
