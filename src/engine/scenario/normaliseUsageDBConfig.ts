/**
 * `scheduler.usageDBConfig` (KAI's time-based fair share) and the proportion plugin's `kValue` argument.
 * KAI reads `usageDBConfig.usageParams` from the scheduler configuration (KAI
 * pkg/scheduler/cache/usagedb/api/interface.go:44-64 @d5bc503) and fills defaults in `SetDefaults`
 * (api/defaults.go:13-37): no decay, window `1w`, sliding, fetch every 1m. The sandbox is its own
 * Prometheus (simulation/UsageLedger.ts), so the connection fields and custom metric names are refused
 * with that reason; every other upstream field is modelled (decision 0217).
 */
import { parseDuration } from '../model/duration';
import { parsePrometheusDuration } from '../model/prometheusDuration';
import type { UsageParams } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';
import { readFields } from './readFields';
import {
  describeValue,
  USAGE_DB_CONFIG_FIELDS,
  USAGE_EXTRA_PARAMS_FIELDS,
  USAGE_PARAMS_FIELDS,
  USAGE_WINDOW_TYPES,
} from './schema';
import { accepts } from '../registry';

/** KAI's default usage window (`usageParams.windowSize` unset): `1w` (defaults.go:21 @d5bc503). */
export const DEFAULT_USAGE_WINDOW_MS = 7 * 24 * 3_600_000;
/** KAI's default `fetchInterval`: 1 minute (defaults.go:29, usagedb.go:17 @d5bc503). */
export const DEFAULT_FETCH_INTERVAL_MS = 60_000;
/** KAI's default `extraParams.queryResolution`: 1 minute (prometheus.go:61 @d5bc503). */
export const DEFAULT_QUERY_RESOLUTION_MS = 60_000;

const DB_REFUSED: Record<string, string> = {
  clientType:
    'the sandbox is its own Prometheus (KAI\'s "prometheus" client, simulated); leave clientType out',
  connectionString: 'the sandbox is its own Prometheus; there is no address to connect to',
  connectionStringEnvVar: 'the sandbox is its own Prometheus; there is no address to connect to',
};

export function normaliseUsageDBConfig(
  raw: unknown,
  path: FieldPath,
  ctx: NormaliseContext,
): UsageParams | null {
  if (!accepts(ctx.profile, 'usageDB')) {
    ctx.sink.report(
      'invalid-value',
      path,
      `usageDBConfig is KAI's time-based fair share; profile ${ctx.profile} has no usage history`,
    );
    return null;
  }
  const f = readFields(raw, path, USAGE_DB_CONFIG_FIELDS, ctx.sink, {
    what: 'a usage configuration ({usageParams: {windowSize?, windowType?, halfLifePeriod?, …}})',
  });
  if (f === null) return null;
  for (const [key, reason] of Object.entries(DB_REFUSED)) {
    if (f[key as keyof typeof f] !== undefined) ctx.sink.report('invalid-value', [...path, key], reason);
  }
  const paramsPath = [...path, 'usageParams'];
  const p =
    f.usageParams === undefined
      ? {}
      : readFields(f.usageParams, paramsPath, USAGE_PARAMS_FIELDS, ctx.sink, {
          what: 'usage parameters ({windowSize?, windowType?, halfLifePeriod?, fetchInterval?, …})',
        });
  if (p === null) return null;
  let windowType: UsageParams['windowType'] = 'sliding';
  if (p.windowType !== undefined) {
    const t = p.windowType;
    if (t === 'sliding' || t === 'tumbling') windowType = t;
    else {
      ctx.sink.report(
        'invalid-value',
        [...paramsPath, 'windowType'],
        t === 'cron'
          ? 'windowType "cron" resets usage on a calendar schedule, which simulated time (starting at 0) does not have; use "tumbling" with a windowSize and tumblingWindowStartTime'
          : `windowType must be one of ${USAGE_WINDOW_TYPES.join(', ')}, got ${describeValue(t)}`,
      );
    }
  }
  if (p.cronString !== undefined) {
    ctx.sink.report(
      'invalid-value',
      [...paramsPath, 'cronString'],
      'cronString defines cron windows, which need a calendar that simulated time does not have',
    );
  }
  const out: UsageParams = {
    // KAI's SetDefaults drops a half-life ≤ 0: no decay (defaults.go:17-19 @d5bc503).
    halfLifePeriodMs: Math.max(0, p.halfLifePeriod ?? 0),
    windowSizeMs: readWindowSize(p.windowSize, [...paramsPath, 'windowSize'], ctx),
    windowType,
    fetchIntervalMs: p.fetchInterval ?? DEFAULT_FETCH_INTERVAL_MS,
    queryResolutionMs: DEFAULT_QUERY_RESOLUTION_MS,
  };
  const start = readStartTime(p.tumblingWindowStartTime, [...paramsPath, 'tumblingWindowStartTime'], ctx);
  if (start !== null) out.tumblingWindowStartMs = start;
  else if (windowType === 'tumbling' && p.tumblingWindowStartTime === undefined) {
    ctx.sink.report(
      'missing-field',
      [...paramsPath, 'tumblingWindowStartTime'],
      'a tumbling window needs tumblingWindowStartTime (KAI refuses to start without it: "window type is set as \'tumbling\', but the tumblingWindowStartTime is null"); write an offset from t=0 such as 0s or -90m',
    );
  }
  if (p.stalenessPeriod !== undefined) out.stalenessPeriodMs = p.stalenessPeriod;
  if (p.waitTimeout !== undefined) out.waitTimeoutMs = p.waitTimeout;
  if (p.extraParams !== undefined) readExtraParams(p.extraParams, [...paramsPath, 'extraParams'], out, ctx);
  return out;
}

/** `windowSize`: a Prometheus duration (KAI #1371), more than 0. */
function readWindowSize(raw: unknown, path: FieldPath, ctx: NormaliseContext): number {
  if (raw === undefined) return DEFAULT_USAGE_WINDOW_MS;
  if (typeof raw !== 'string' && raw !== 0) {
    ctx.sink.report(
      'invalid-duration',
      path,
      `expected a Prometheus duration such as "1w", "1d" or "1h30m", got ${describeValue(raw)}`,
    );
    return DEFAULT_USAGE_WINDOW_MS;
  }
  const parsed = parsePrometheusDuration(String(raw));
  if (!parsed.ok) {
    ctx.sink.report(parsed.outOfRange === true ? 'out-of-range' : 'invalid-duration', path, parsed.error);
    return DEFAULT_USAGE_WINDOW_MS;
  }
  if (parsed.ms === 0) {
    // KAI's CRD accepts 0, but no query works with it: a sliding range of 0 has no samples to sum and
    // the tumbling reset loop never advances (prometheus.go:284-291 @d5bc503).
    ctx.sink.report(
      'out-of-range',
      path,
      "windowSize must be more than 0 (KAI's usage query cannot use a window of 0)",
    );
    return DEFAULT_USAGE_WINDOW_MS;
  }
  return parsed.ms;
}

/**
 * `tumblingWindowStartTime`: upstream a timestamp (`metav1.Time`); the simulated clock has no date, so the
 * sandbox takes the start as an offset from t=0 in the scenario's own time notation (like `startedAt`).
 */
function readStartTime(raw: unknown, path: FieldPath, ctx: NormaliseContext): number | null {
  if (raw === undefined) return null;
  if (raw === 0) return 0;
  if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(raw)) {
    ctx.sink.report(
      'invalid-duration',
      path,
      'simulated time has no date: t=0 is the start of the scenario, so write the start time as an offset from it, such as 0s or -90m',
    );
    return null;
  }
  if (typeof raw !== 'string') {
    ctx.sink.report(
      'invalid-duration',
      path,
      `expected an offset from t=0 such as "0s" or "-90m", got ${describeValue(raw)}`,
    );
    return null;
  }
  const parsed = parseDuration(raw);
  if (!parsed.ok) {
    ctx.sink.report(parsed.outOfRange === true ? 'out-of-range' : 'invalid-duration', path, parsed.error);
    return null;
  }
  return parsed.ms;
}

const METRIC_REFUSED =
  "the simulated Prometheus has only KAI's default series (queue allocation and node capacity); custom metrics are not modelled";

function readExtraParams(raw: unknown, path: FieldPath, out: UsageParams, ctx: NormaliseContext): void {
  const e = readFields(raw, path, USAGE_EXTRA_PARAMS_FIELDS, ctx.sink, {
    what: 'Prometheus client parameters ({queryResolution?, usageQueryTimeout?})',
  });
  if (e === null) return;
  if (e.queryResolution !== undefined) out.queryResolutionMs = e.queryResolution;
  if (e.usageQueryTimeout !== undefined) out.usageQueryTimeoutMs = e.usageQueryTimeout;
  for (const key of Object.keys(USAGE_EXTRA_PARAMS_FIELDS)) {
    if (key.endsWith('Metric') && e[key as keyof typeof e] !== undefined)
      ctx.sink.report('invalid-value', [...path, key], METRIC_REFUSED);
  }
}

/**
 * The proportion plugin's `kValue`: a number (or its text, as KAI's string arguments hold it). KAI bounds it
 * only by what a float64 holds (`GetFloat64`, proportion.go:77-84 @d5bc503; the operator writes the
 * SchedulingShard's `kValue` as text with no check, schedulingshard_types.go:262-264): any finite number
 * is accepted. Values ≤ 0 mean 0, as upstream clamps them.
 */
export function checkProportionArguments(
  args: Record<string, unknown>,
  path: FieldPath,
  ctx: NormaliseContext,
): void {
  if (!accepts(ctx.profile, 'usageDB') || !Object.hasOwn(args, 'kValue')) return;
  const raw = args['kValue'];
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(value)) {
    ctx.sink.report(
      'wrong-type',
      [...path, 'kValue'],
      `expected a finite number such as 1.0, got ${describeValue(raw)}`,
    );
  }
}
