/**
 * Applies a variant to its base scenario (docs/scenario-format.md §15): the result is a plain scenario
 * (no variants of its own) that runs like any other. Pure: the input is never changed.
 */
import type { JobSpec, QueueSpec, Scenario, ScenarioEvent, Tier } from '../model/scenario';
import { BASE_VARIANT, type JobPatch, type PluginArgumentsPatch, type VariantSpec } from '../model/variant';
import { setOwn } from './ownEntries';
import { reseedScenario } from './workload/reseedScenario';

/** The variant called `name` (or the base for {@link BASE_VARIANT}); null when there is none. */
export function findVariant(scenario: Scenario, name: string): VariantSpec | null {
  return scenario.variants.find((v) => v.name === name) ?? null;
}

/**
 * The scenario the variant describes: the base with the variant's actions, schedule period, plugin
 * arguments, queue fields and job fields in place. A change applies to the base configuration; an
 * `updateConfig` or `updateQueue` event that sets the same field later still applies at its time, and the
 * plugin arguments are merged into the plugin wherever it is configured (base tiers and `updateConfig`).
 */
export function applyVariant(base: Scenario, variant: VariantSpec | null): Scenario {
  if (variant === null) return { ...base, variants: [] };
  const queuePatches = new Map(variant.queues.map((p) => [p.name, p]));
  const jobPatches = new Map(variant.jobs.map((p) => [p.name, p]));
  const patchJob = (job: JobSpec): JobSpec => {
    const p = jobPatches.get(job.name);
    return p === undefined ? job : applyJobPatch(job, p);
  };
  const patchTiers = (tiers: Tier[]): Tier[] => tiers.map((t) => mergePluginArguments(t, variant.plugins));
  const events = base.events.map((e): ScenarioEvent => {
    if (e.kind === 'submit') return { ...e, job: patchJob(e.job) };
    if (e.kind === 'updateConfig' && e.patch.tiers !== undefined)
      return { ...e, patch: { ...e.patch, tiers: patchTiers(e.patch.tiers) } };
    return e;
  });
  const applied: Scenario = {
    ...base,
    scheduler: {
      ...base.scheduler,
      actions: variant.actions === null ? base.scheduler.actions : [...variant.actions],
      schedulePeriodMs: variant.schedulePeriodMs ?? base.scheduler.schedulePeriodMs,
      tiers: patchTiers(base.scheduler.tiers),
    },
    queues: base.queues.map((q): QueueSpec => {
      const p = queuePatches.get(q.name);
      return p === undefined ? q : { ...q, ...p, name: q.name };
    }),
    jobs: base.jobs.map(patchJob),
    events,
    variants: [],
  };
  // A variant's seed generates the workload's jobs again (§19); its job changes never name those jobs.
  return variant.seed === undefined ? applied : reseedScenario(applied, variant.seed);
}

function applyJobPatch(job: JobSpec, p: JobPatch): JobSpec {
  const out: JobSpec = { ...job };
  if (p.priority !== undefined) out.priority = p.priority;
  if (p.priorityClassName !== undefined) out.priorityClassName = p.priorityClassName;
  if (p.preemptible !== undefined) out.preemptible = p.preemptible;
  if (p.preemptionPolicy !== undefined) out.preemptionPolicy = p.preemptionPolicy;
  if (p.runtimeMs !== undefined) out.runtimeMs = p.runtimeMs;
  return out;
}

function mergePluginArguments(tier: Tier, patches: readonly PluginArgumentsPatch[]): Tier {
  if (patches.length === 0) return tier;
  return {
    plugins: tier.plugins.map((plugin) => {
      const mine = patches.filter((p) => p.plugin === plugin.name);
      if (mine.length === 0) return plugin;
      const args: Record<string, unknown> = { ...plugin.arguments };
      for (const patch of mine) {
        for (const [key, value] of Object.entries(patch.arguments)) {
          // `null` removes the argument, so a variant can fall back to the plugin's own default.
          if (value === null) delete args[key];
          else setOwn(args, key, value);
        }
      }
      return { ...plugin, arguments: args };
    }),
  };
}

export { BASE_VARIANT };
