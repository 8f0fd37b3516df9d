/**
 * Scheduler configuration documents (`scheduler:` and `updateConfig:`): action subsets in any order, as a
 * list or a comma-separated string; the KAI plugin tier with or without `elastic` and `minruntime`; the
 * minruntime arguments (both resolve methods), the consolidation and staleness knobs, and KAI's time-based
 * fair share (`usageDBConfig`, sliding or tumbling windows with a start time, Prometheus window sizes,
 * fetchInterval and queryResolution, with or without decay; with `kValue` above).
 */
import { formatDuration } from '../../model/duration';
import { PERIODS_MS, actionsOf, at, generatorOf, type GeneratedProfile } from './menus';
import type { RawScheduler } from './rawScenario';

export function buildScheduler(
  raw: RawScheduler,
  profile: GeneratedProfile = 'kai',
  tree = false,
): Record<string, unknown> {
  const own = generatorOf(profile).scheduler;
  const built = sharedScheduler(raw, profile, tree);
  return own === undefined ? built : own(built, raw);
}

function sharedScheduler(
  raw: RawScheduler,
  profile: GeneratedProfile,
  tree: boolean,
): Record<string, unknown> {
  const actions = [...new Set(raw.actions.map((i) => at(actionsOf(profile), i)))];
  const out: Record<string, unknown> = {
    actions: raw.asString ? actions.join(', ') : actions,
    schedulePeriod: formatDuration(at(PERIODS_MS, raw.period)),
  };
  if (profile !== 'kai') {
    if (raw.plugins !== null) out['tiers'] = volcanoTiers(raw, profile, tree);
    return out;
  }
  if (raw.plugins !== null) {
    const p = raw.plugins;
    const plugins: Record<string, unknown>[] = [{ name: 'predicates' }];
    plugins.push(
      p.kValue === null
        ? { name: 'proportion' }
        : { name: 'proportion', arguments: { kValue: String(p.kValue) } },
    );
    plugins.push({ name: 'priority' });
    if (p.elastic) plugins.push({ name: 'elastic' });
    plugins.push({ name: 'nodeplacement' });
    if (p.minruntime) {
      const args: Record<string, string> = { reclaimResolveMethod: at(['lca', 'queue', ''], p.method) };
      if (p.preemptDefault !== null) args['defaultPreemptMinRuntime'] = `${p.preemptDefault}s`;
      if (p.reclaimDefault !== null) args['defaultReclaimMinRuntime'] = `${p.reclaimDefault}s`;
      plugins.push({ name: 'minruntime', arguments: args });
    }
    out['tiers'] = [{ plugins }];
  }
  if (raw.maxConsolidationPreemptees !== null)
    out['maxConsolidationPreemptees'] = raw.maxConsolidationPreemptees;
  if (raw.stalenessGracePeriod !== null) out['stalenessGracePeriod'] = `${raw.stalenessGracePeriod}s`;
  if (raw.usage !== null) {
    const u = raw.usage;
    const usageParams: Record<string, string> = {};
    if (u.windowSize !== null) usageParams['windowSize'] = `${u.windowSize}s`;
    if (u.halfLifePeriod !== null) usageParams['halfLifePeriod'] = `${u.halfLifePeriod}s`;
    if (u.windowSizeText !== null)
      usageParams['windowSize'] = at(['1w', '1d', '90m', '1h30m'], u.windowSizeText);
    if (u.windowType !== null) usageParams['windowType'] = at(['sliding', 'tumbling'], u.windowType);
    // KAI refuses a tumbling window without its start time (prometheus.go:91 @d5bc503).
    if (usageParams['windowType'] === 'tumbling')
      usageParams['tumblingWindowStartTime'] = `${u.tumblingStart}s`;
    if (u.fetchInterval !== null) usageParams['fetchInterval'] = `${u.fetchInterval}s`;
    const extraParams: Record<string, string> = {};
    if (u.queryResolution !== null) extraParams['queryResolution'] = `${u.queryResolution}s`;
    out['usageDBConfig'] = {
      usageParams: { ...usageParams, ...(u.queryResolution !== null ? { extraParams } : {}) },
    };
  }
  return out;
}

export function periodOf(raw: RawScheduler | null): number {
  return raw === null ? 1000 : at(PERIODS_MS, raw.period);
}

/**
 * Volcano / kube-batch tiers: the profile's default tiers, Volcano's with `sla` (its waiting time from the
 * minruntime default pick, so short waits that expire during the run are common) and `binpack` sometimes.
 */
function volcanoTiers(
  raw: RawScheduler,
  profile: GeneratedProfile,
  tree: boolean,
): Record<string, unknown>[] {
  const p = raw.plugins as NonNullable<RawScheduler['plugins']>;
  if (profile === 'kube-batch')
    return [
      { plugins: [{ name: 'priority' }, { name: 'gang' }] },
      { plugins: [{ name: 'drf' }, { name: 'predicates' }, { name: 'proportion' }, { name: 'nodeorder' }] },
    ];
  const second: Record<string, unknown>[] = [
    { name: 'overcommit' },
    { name: 'drf' },
    { name: 'predicates' },
    { name: 'proportion' },
    { name: 'nodeorder' },
  ];
  if (p.elastic) second.push({ name: 'binpack' });
  // A queue tree: the capacity plugin with hierarchy (as upstream's hierarchical-queue configuration).
  if (tree) second.push({ name: 'capacity', enableHierarchy: true });
  if (p.minruntime)
    second.push({ name: 'sla', arguments: { 'sla-waiting-time': `${p.reclaimDefault ?? 15}s` } });
  return [
    { plugins: [{ name: 'priority' }, { name: 'gang' }, { name: 'conformance' }] },
    { plugins: second },
  ];
}

/** Plugins configured by a built scheduler document (the profile's defaults when it has no tiers). */
export function pluginsOf(
  scheduler: Record<string, unknown> | undefined,
  profile: GeneratedProfile,
): string[] {
  const tiers = scheduler?.['tiers'] as { plugins: { name: string }[] }[] | undefined;
  if (tiers !== undefined) return tiers.flatMap((t) => t.plugins.map((p) => p.name));
  if (profile === 'kai')
    return ['predicates', 'proportion', 'priority', 'elastic', 'nodeplacement', 'minruntime'];
  if (profile === 'volcano')
    return ['priority', 'gang', 'conformance', 'overcommit', 'drf', 'predicates', 'proportion', 'nodeorder'];
  return ['priority', 'gang', 'drf', 'predicates', 'proportion', 'nodeorder'];
}
