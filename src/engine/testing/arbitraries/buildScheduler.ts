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
import { catalogueOf } from '../../registry';

export function buildScheduler(
  raw: RawScheduler,
  profile: GeneratedProfile,
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
  generatorOf(profile).schedulerFields(out, raw, tree);
  return out;
}

export function periodOf(raw: RawScheduler | null): number {
  return raw === null ? 1000 : at(PERIODS_MS, raw.period);
}

/**
 * Plugins configured by a built scheduler document: those of its tiers, else the profile's default tiers as
 * its catalogue lists them (the one place a profile's defaults are written; the reader applies the same).
 */
export function pluginsOf(
  scheduler: Record<string, unknown> | undefined,
  profile: GeneratedProfile,
): string[] {
  return tierPlugins(scheduler) ?? catalogueOf(profile).defaultTiers.flat();
}

/** The plugins of written tiers, or null when the document has none. */
export function tierPlugins(scheduler: Record<string, unknown> | undefined): string[] | null {
  const tiers = scheduler?.['tiers'] as { plugins: { name: string }[] }[] | undefined;
  return tiers === undefined ? null : tiers.flatMap((t) => t.plugins.map((p) => p.name));
}
