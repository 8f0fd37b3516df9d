/**
 * `scheduler` (and `updateConfig` events): actions, tiers of plugins, and the profile's knobs, checked
 * against what the profile offers (profiles/catalogue.ts).
 */
import type { PluginConfig, Profile, SchedulerConfig, SchedulerPatch, Tier } from '../model/scenario';
import { accepts, catalogueOf, defaultTiers, profileNames } from '../registry';
import type { NormaliseContext } from './NormaliseContext';
import { quote, type FieldPath, type PathSegment } from './fieldPath';
import { cloneData } from './ownEntries';
import { readFields } from './readFields';
import { describeValue, PLUGIN_FIELDS, PLUGIN_FLAG_KEY, SCHEDULER_FIELDS, TIER_FIELDS } from './schema';
import { suggest } from './suggest';
import { readStuckThreshold } from './readTerminating';
import { checkProportionArguments, normaliseUsageDBConfig } from './normaliseUsageDBConfig';

/** KAI `--max-consolidation-preemptees` default. */
export const DEFAULT_MAX_CONSOLIDATION_PREEMPTEES = 16;
/** KAI `--default-staleness-grace-period` default (60 s). */
export const DEFAULT_STALENESS_GRACE_PERIOD_MS = 60_000;
/** `scheduler.schedulePeriod` default (1 s), for every profile. */
export const DEFAULT_SCHEDULE_PERIOD_MS = 1000;

/** The scheduler configuration with every default of the profile applied. */
export function normaliseScheduler(raw: unknown, ctx: NormaliseContext): SchedulerConfig {
  const patch = raw === undefined ? {} : normaliseSchedulerPatch(raw, ['scheduler'], ctx);
  return {
    actions: patch.actions ?? [...catalogueOf(ctx.profile).defaultActions],
    tiers: patch.tiers ?? defaultTiers(ctx.profile),
    schedulePeriodMs: patch.schedulePeriodMs ?? DEFAULT_SCHEDULE_PERIOD_MS,
    maxConsolidationPreemptees: patch.maxConsolidationPreemptees ?? DEFAULT_MAX_CONSOLIDATION_PREEMPTEES,
    stalenessGracePeriodMs: patch.stalenessGracePeriodMs ?? DEFAULT_STALENESS_GRACE_PERIOD_MS,
    ...(patch.stuckInReleasingThresholdMs === undefined
      ? {}
      : { stuckInReleasingThresholdMs: patch.stuckInReleasingThresholdMs }),
    ...(patch.useSchedulingSignatures === true ? { useSchedulingSignatures: true } : {}),
    ...(patch.usage ? { usage: patch.usage } : {}),
  };
}

/** Only the fields written, normalised (an `updateConfig` event changes just those). */
export function normaliseSchedulerPatch(
  raw: unknown,
  path: FieldPath,
  ctx: NormaliseContext,
): SchedulerPatch {
  const f = readFields(raw, path, SCHEDULER_FIELDS, ctx.sink, { what: 'a scheduler configuration' });
  const patch: SchedulerPatch = {};
  if (f === null) return patch;
  if (f.actions !== undefined) {
    const actions = normaliseActions(f.actions, [...path, 'actions'], ctx);
    if (actions !== null) patch.actions = actions;
  }
  if (f.tiers !== undefined) patch.tiers = normaliseTiers(f.tiers, [...path, 'tiers'], ctx);
  if (f.schedulePeriod !== undefined) patch.schedulePeriodMs = f.schedulePeriod;
  if (f.maxConsolidationPreemptees !== undefined)
    patch.maxConsolidationPreemptees = f.maxConsolidationPreemptees;
  if (f.stalenessGracePeriod !== undefined) patch.stalenessGracePeriodMs = f.stalenessGracePeriod;
  const stuck = readStuckThreshold(f.stuckInReleasingThreshold, path, ctx);
  if (stuck !== undefined) patch.stuckInReleasingThresholdMs = stuck;
  if (f.useSchedulingSignatures !== undefined) {
    // KAI's flag (cmd/scheduler/app/options/options.go:124 @d5bc503); the other profiles have no such rule.
    if (accepts(ctx.profile, 'schedulingSignatures'))
      patch.useSchedulingSignatures = f.useSchedulingSignatures;
    else
      ctx.sink.report(
        'invalid-value',
        [...path, 'useSchedulingSignatures'],
        `useSchedulingSignatures is KAI's --use-scheduling-signatures; profile ${ctx.profile} has no such rule`,
        'Remove the field, or use profile kai.',
      );
  }
  if (f.usageDBConfig !== undefined) {
    const usage = normaliseUsageDBConfig(f.usageDBConfig, [...path, 'usageDBConfig'], ctx);
    if (usage !== null) patch.usage = usage;
  }
  return patch;
}

/** `actions` is a list or a comma-separated string ("allocate, backfill"), run in that order. */
function normaliseActions(raw: unknown, path: FieldPath, ctx: NormaliseContext): string[] | null {
  let entries: { name: unknown; path: FieldPath }[];
  if (typeof raw === 'string') {
    entries = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((name) => ({ name, path }));
  } else if (Array.isArray(raw)) {
    entries = raw.map((name: unknown, i) => ({ name, path: [...path, i] }));
  } else {
    ctx.sink.report(
      'wrong-type',
      path,
      `expected a list of actions or a comma-separated string, got ${describeValue(raw)}`,
    );
    return null;
  }
  const actions: string[] = [];
  for (const entry of entries) {
    if (typeof entry.name !== 'string' || entry.name === '') {
      ctx.sink.report('wrong-type', entry.path, `expected an action name, got ${describeValue(entry.name)}`);
      continue;
    }
    if (!catalogueOf(ctx.profile).actions.includes(entry.name)) {
      reportUnknownName('action', entry.name, entry.path, ctx.profile, ctx);
      continue;
    }
    actions.push(entry.name);
  }
  return actions;
}

function normaliseTiers(raw: readonly unknown[], path: FieldPath, ctx: NormaliseContext): Tier[] {
  const seen = new Set<string>();
  return raw.map((rawTier, t): Tier => {
    const tierPath = [...path, t];
    const f = readFields(rawTier, tierPath, TIER_FIELDS, ctx.sink, {
      required: ['plugins'],
      what: 'a tier ({plugins: [...]})',
    });
    const plugins: PluginConfig[] = [];
    (f?.plugins ?? []).forEach((rawPlugin, p) => {
      const plugin = normalisePlugin(rawPlugin, [...tierPath, 'plugins', p], ctx);
      if (plugin === null) return;
      if (seen.has(plugin.name)) {
        ctx.sink.report(
          'duplicate-plugin',
          [...tierPath, 'plugins', p, 'name'],
          `plugin ${quote(plugin.name)} is already listed`,
        );
      }
      seen.add(plugin.name);
      plugins.push(plugin);
    });
    return { plugins };
  });
}

/** `{name, arguments?, enableX?...}`: arguments stay raw (each plugin parses its own, as upstream). */
function normalisePlugin(raw: unknown, path: FieldPath, ctx: NormaliseContext): PluginConfig | null {
  const f = readFields(raw, path, PLUGIN_FIELDS, ctx.sink, {
    required: ['name'],
    isExtraKey: (key) => PLUGIN_FLAG_KEY.test(key),
    what: 'a plugin ({name, arguments?})',
  });
  if (f === null || f.name === undefined) return null;
  if (!catalogueOf(ctx.profile).plugins.includes(f.name)) {
    reportUnknownName('plugin', f.name, [...path, 'name'], ctx.profile, ctx);
  }
  const flags: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!PLUGIN_FLAG_KEY.test(key) || value === null) continue;
    if (typeof value === 'boolean') flags[key] = value;
    else ctx.sink.report('wrong-type', [...path, key], `expected true or false, got ${describeValue(value)}`);
  }
  const args = cloneData(f.arguments ?? {}) as Record<string, unknown>;
  checkPluginArguments(f.name, args, [...path, 'arguments'], ctx);
  return { name: f.name, arguments: args, flags };
}

/**
 * The checks a plugin's arguments get when the scenario is read, wherever they come from: a tier of
 * `scheduler`, an `updateConfig` event, or a variant's `plugins` merged into either (checkVariantScenario).
 * The other arguments each plugin parses itself when it runs, as upstream.
 */
export function checkPluginArguments(
  plugin: string,
  args: Record<string, unknown>,
  path: FieldPath,
  ctx: NormaliseContext,
): void {
  if (plugin === 'proportion') checkProportionArguments(args, path, ctx);
}

/** Names the unknown action or plugin, the profile, what it offers, and which profile has the name. */
function reportUnknownName(
  kind: 'action' | 'plugin',
  name: string,
  path: readonly PathSegment[],
  profile: Profile,
  ctx: NormaliseContext,
): void {
  const available = kind === 'action' ? catalogueOf(profile).actions : catalogueOf(profile).plugins;
  const elsewhere = profileNames().filter(
    (p) =>
      p !== profile && (kind === 'action' ? catalogueOf(p).actions : catalogueOf(p).plugins).includes(name),
  );
  const guess = suggest(name, available);
  const hints: string[] = [];
  if (guess !== null) hints.push(`Did you mean ${quote(guess)}?`);
  if (elsewhere.length > 0) hints.push(`${quote(name)} exists in profile ${elsewhere.join(', ')}.`);
  ctx.sink.report(
    kind === 'action' ? 'unknown-action' : 'unknown-plugin',
    path,
    available.length === 0
      ? // A profile without configurable actions or plugins (Kueue runs its own fixed cycle): an empty list reads as a bug.
        `${kind} ${quote(name)} is not available in profile ${profile}: it has no ${kind}s to configure`
      : `${kind} ${quote(name)} is not available in profile ${profile} (available: ${available.join(', ')})`,
    hints.length > 0 ? hints.join(' ') : undefined,
  );
}
