/**
 * KAI's scheduler fields in a generated `scheduler:` or `updateConfig:` document (moved from the shared
 * buildScheduler.ts, decision 0296): the plugin tier with or without `elastic` and `minruntime`, the
 * minruntime arguments (both resolve methods), the consolidation and staleness knobs, and KAI's time-based
 * fair share (`usageDBConfig`, sliding or tumbling windows with a start time, Prometheus window sizes,
 * fetchInterval and queryResolution, with or without decay; with `kValue` above).
 */
import type { KubeData } from '../../../framework/ProfileModule';
import { at } from '../../../testing/arbitraries/menus';
import type { RawScheduler } from '../../../testing/arbitraries/rawScenario';

export function kaiSchedulerFields(out: KubeData, draw: unknown): void {
  const raw = draw as RawScheduler;
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
}
