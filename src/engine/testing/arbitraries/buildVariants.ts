/**
 * Variants (format §15) over every knob a variant can set: actions, schedulePeriod, plugin arguments
 * (minruntime's three, proportion's kValue, Volcano's sla waiting time; only for plugins the base
 * configures, as the format requires), queue fields (all of §4 but `parent`, `null` to unset), and job
 * fields (class, priority, preemptibility, runtime). Now and then one value is out of range (the base
 * rejects it at that field), which the parser must reject with a `variants[…]` path.
 */
import { formatDuration } from '../../model/duration';
import { pluginsOf } from './buildScheduler';
import { queueFields } from './buildQueues';
import {
  DEFAULT_CLASSES,
  PERIODS_MS,
  PREEMPTIBILITY,
  VARIANT_OUT_OF_RANGE,
  actionsOf,
  at,
  generatorOf,
  traitsOf,
  type GeneratedProfile,
} from './menus';
import type { RawVariant } from './rawScenario';

export interface VariantContext {
  profile: GeneratedProfile;
  scheduler: Record<string, unknown> | undefined;
  queues: readonly string[];
  /** Jobs of `jobs` and of submit events. */
  jobs: readonly string[];
  /** The base has workload generators, so a variant may re-seed them (§19). */
  workload?: boolean;
}

/** The variant documents, and whether one of them holds an out-of-range value (so must be rejected). */
export function buildVariants(
  raw: readonly RawVariant[],
  ctx: VariantContext,
): { docs: Record<string, unknown>[]; outOfRange: boolean } {
  let outOfRange = false;
  const docs = raw.map((v, i) => {
    const doc = buildVariant(v, i, ctx);
    if (v.outOfRange > 0 && setOutOfRange(doc, at(VARIANT_OUT_OF_RANGE, v.outOfRange - 1), ctx))
      outOfRange = true;
    return doc;
  });
  return { docs, outOfRange };
}

function buildVariant(v: RawVariant, i: number, ctx: VariantContext): Record<string, unknown> {
  const doc: Record<string, unknown> = { name: `v${i}` };
  if (i % 2 === 1) doc['description'] = `variant ${i}`;
  // A profile without actions (Kueue, §27) has none to replace.
  if (v.actions !== null && actionsOf(ctx.profile).length > 0)
    doc['actions'] = [...new Set(v.actions.map((a) => at(actionsOf(ctx.profile), a)))];
  if (v.period !== null) doc['schedulePeriod'] = formatDuration(at(PERIODS_MS, v.period));
  if (v.seed !== null && ctx.workload === true) doc['seed'] = v.seed;
  const plugins = pluginsOf(ctx.scheduler, ctx.profile);
  const args: Record<string, Record<string, unknown>> = {};
  if (plugins.includes('minruntime')) {
    const m: Record<string, unknown> = {};
    if (v.method !== null) m['reclaimResolveMethod'] = at(['lca', 'queue', null], v.method);
    if (v.preemptDefault !== null) m['defaultPreemptMinRuntime'] = `${v.preemptDefault}s`;
    if (v.reclaimDefault !== null)
      m['defaultReclaimMinRuntime'] = v.reclaimDefault === 0 ? null : `${v.reclaimDefault}s`;
    if (Object.keys(m).length > 0) args['minruntime'] = m;
  }
  if (plugins.includes('proportion') && v.kValue !== null) args['proportion'] = { kValue: v.kValue };
  if (plugins.includes('sla') && v.slaWaiting !== null)
    args['sla'] = { 'sla-waiting-time': `${v.slaWaiting}s` };
  if (Object.keys(args).length > 0) doc['plugins'] = args;
  // Queues derived from a profile's own block (Kueue's ClusterQueues) take no queue patch, as no updateQueue.
  if (v.queuePick !== null && ctx.queues.length > 0 && generatorOf(ctx.profile).queueEvents) {
    const q: Record<string, unknown> = {
      name: at(ctx.queues, v.queuePick),
      ...queueFields(v.queue, ctx.profile),
    };
    if (v.unsetReclaimMinRuntime && traitsOf(ctx.profile).minRuntimes) q['reclaimMinRuntime'] = null;
    doc['queues'] = [q];
  }
  if (v.jobPick !== null && ctx.jobs.length > 0) {
    const j: Record<string, unknown> = { name: at(ctx.jobs, v.jobPick) };
    if (v.classPick !== null && traitsOf(ctx.profile).defaultClasses)
      j['priorityClassName'] = at(DEFAULT_CLASSES, v.classPick);
    if (v.priority !== null) j['priority'] = v.priority;
    const pre = v.preemptibility === null ? null : at(PREEMPTIBILITY, v.preemptibility);
    // `preemptibility` is KAI's; the other profiles refuse it.
    if (pre !== null && traitsOf(ctx.profile).preemptibility) j['preemptibility'] = pre;
    if (v.runtime !== null) j['runtime'] = v.runtime === 0 ? null : `${v.runtime}s`;
    doc['jobs'] = [j];
  }
  return doc;
}

/**
 * Puts one out-of-range value in `doc` (each is rejected at the same field of the base scenario, §2, §4,
 * §5, §10). Returns false when the variant has nothing to put it on (no such plugin, queue or job).
 */
function setOutOfRange(
  doc: Record<string, unknown>,
  knob: (typeof VARIANT_OUT_OF_RANGE)[number],
  ctx: VariantContext,
): boolean {
  const plugins = pluginsOf(ctx.scheduler, ctx.profile);
  const pluginArgs = (doc['plugins'] ?? {}) as Record<string, Record<string, unknown>>;
  const patchesQueues = generatorOf(ctx.profile).queueEvents;
  const queue = () => {
    const qs = (doc['queues'] as Record<string, unknown>[] | undefined) ?? [{ name: ctx.queues[0] }];
    doc['queues'] = qs;
    return qs[0] as Record<string, unknown>;
  };
  switch (knob) {
    case 'kValue':
      // Only KAI's proportion reads kValue (time-aware fair share); Volcano's ignores it, as upstream does.
      if (!traitsOf(ctx.profile).kValue || !plugins.includes('proportion')) return false;
      // Any finite kValue is valid (KAI reads a float64, decision 0217); text beyond float64 is not.
      pluginArgs['proportion'] = { ...pluginArgs['proportion'], kValue: '1e400' };
      doc['plugins'] = pluginArgs;
      return true;
    case 'actions':
      // Kueue refuses any action list; the out-of-range value is the unknown action on the others.
      doc['actions'] = ['allocate', 'sleep'];
      return true;
    case 'schedulePeriod':
      doc['schedulePeriod'] = '0s';
      return true;
    case 'reclaimMinRuntime':
      if (!patchesQueues) return false;
      queue()['reclaimMinRuntime'] = '20000h';
      return true;
    case 'quota':
      if (!patchesQueues) return false;
      queue()['resources'] = { gpu: { quota: -2 } };
      return true;
    case 'weight':
      if (!patchesQueues) return false;
      queue()['weight'] = -1;
      return true;
    case 'priority':
    case 'runtime': {
      if (ctx.jobs.length === 0) return false;
      const js = (doc['jobs'] as Record<string, unknown>[] | undefined) ?? [{ name: ctx.jobs[0] }];
      doc['jobs'] = js;
      const j = js[0] as Record<string, unknown>;
      if (knob === 'priority') j['priority'] = 1.5;
      else j['runtime'] = '-5s';
      return true;
    }
  }
}
