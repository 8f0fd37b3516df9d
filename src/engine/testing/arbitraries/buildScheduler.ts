/**
 * Scheduler configuration documents (`scheduler:` and `updateConfig:`): action subsets in any order, as a
 * list or a comma-separated string; the KAI plugin tier with or without `elastic` and `minruntime`; the
 * minruntime arguments (both resolve methods), the consolidation and staleness knobs, and KAI's time-based
 * fair share (`usageDBConfig`, sliding or tumbling windows, with or without decay; with `kValue` above).
 */
import { formatDuration } from '../../model/duration';
import { KAI_ACTIONS, PERIODS_MS, at } from './menus';
import type { RawScheduler } from './rawScenario';

export function buildScheduler(raw: RawScheduler): Record<string, unknown> {
  const actions = [...new Set(raw.actions.map((i) => at(KAI_ACTIONS, i)))];
  const out: Record<string, unknown> = {
    actions: raw.asString ? actions.join(', ') : actions,
    schedulePeriod: formatDuration(at(PERIODS_MS, raw.period)),
  };
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
    if (u.windowType !== null) usageParams['windowType'] = at(['sliding', 'tumbling'], u.windowType);
    out['usageDBConfig'] = { usageParams };
  }
  return out;
}

export function periodOf(raw: RawScheduler | null): number {
  return raw === null ? 1000 : at(PERIODS_MS, raw.period);
}
