/**
 * `usageDBConfig` as the scenario format writes it (the serialiser and the Kubernetes export share it):
 * upstream's field names and duration forms (windowSize a Prometheus duration, the others Go durations),
 * defaults left out except the three the format always wrote. `tumblingWindowStartTime` is an offset from
 * t=0 in the scenario; the Kubernetes export asks for upstream's timestamp instead (decision 0248).
 */
import { formatDuration } from '../model/duration';
import { formatPrometheusDuration } from '../model/prometheusDuration';
import type { UsageParams } from '../model/scenario';
import { startTimeOfOffset } from './tumblingStartTime';

type Data = Record<string, unknown>;

const DEFAULT_MS = 60_000;

export function usageDBConfigData(usage: UsageParams, startAs: 'offset' | 'timestamp' = 'offset'): Data {
  const params: Data = {
    halfLifePeriod: formatDuration(usage.halfLifePeriodMs),
    windowSize: formatPrometheusDuration(usage.windowSizeMs),
    windowType: usage.windowType,
  };
  if (usage.tumblingWindowStartMs !== undefined)
    params['tumblingWindowStartTime'] =
      startAs === 'timestamp'
        ? startTimeOfOffset(usage.tumblingWindowStartMs)
        : formatDuration(usage.tumblingWindowStartMs);
  if (usage.fetchIntervalMs !== undefined && usage.fetchIntervalMs !== DEFAULT_MS)
    params['fetchInterval'] = formatDuration(usage.fetchIntervalMs);
  if (usage.stalenessPeriodMs !== undefined)
    params['stalenessPeriod'] = formatDuration(usage.stalenessPeriodMs);
  if (usage.waitTimeoutMs !== undefined) params['waitTimeout'] = formatDuration(usage.waitTimeoutMs);
  const extra: Data = {};
  if (usage.queryResolutionMs !== undefined && usage.queryResolutionMs !== DEFAULT_MS)
    extra['queryResolution'] = formatDuration(usage.queryResolutionMs);
  if (usage.usageQueryTimeoutMs !== undefined)
    extra['usageQueryTimeout'] = formatDuration(usage.usageQueryTimeoutMs);
  if (Object.keys(extra).length > 0) params['extraParams'] = extra;
  return { usageParams: params };
}
