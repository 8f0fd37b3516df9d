/**
 * `scheduler.usageDBConfig` (KAI's time-based fair share) and the proportion plugin's `kValue` argument.
 * KAI reads `usageDBConfig.usageParams` from the scheduler configuration (`halfLifePeriod`, `windowSize`,
 * `windowType`, defaults: no decay, one week, sliding); the sandbox keeps the usage itself from simulated
 * time, so the Prometheus connection fields (`clientType`, `connectionString`, `fetchInterval`, …) have no
 * meaning here and are reported as unknown rather than silently ignored.
 */
import type { UsageParams } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';
import { readFields } from './readFields';
import { describeValue, USAGE_DB_CONFIG_FIELDS, USAGE_PARAMS_FIELDS, USAGE_WINDOW_TYPES } from './schema';

/** KAI's default usage window (`usageParams.windowSize` unset): one week. */
export const DEFAULT_USAGE_WINDOW_MS = 7 * 24 * 3_600_000;
/** The largest `kValue` accepted (upstream has no bound; this keeps every weight a finite number). */
export const MAX_K_VALUE = 1000;

export function normaliseUsageDBConfig(
  raw: unknown,
  path: FieldPath,
  ctx: NormaliseContext,
): UsageParams | null {
  if (ctx.profile !== 'kai') {
    ctx.sink.report(
      'invalid-value',
      path,
      `usageDBConfig is KAI's time-based fair share; profile ${ctx.profile} has no usage history`,
    );
    return null;
  }
  const f = readFields(raw, path, USAGE_DB_CONFIG_FIELDS, ctx.sink, {
    what: 'a usage configuration ({usageParams: {halfLifePeriod?, windowSize?, windowType?}})',
  });
  if (f === null) return null;
  const paramsPath = [...path, 'usageParams'];
  const p =
    f.usageParams === undefined
      ? {}
      : readFields(f.usageParams, paramsPath, USAGE_PARAMS_FIELDS, ctx.sink, {
          what: 'usage parameters ({halfLifePeriod?, windowSize?, windowType?})',
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
          ? 'windowType "cron" resets usage on a calendar schedule, which simulated time (starting at 0) does not have; use "tumbling" with a windowSize'
          : `windowType must be one of ${USAGE_WINDOW_TYPES.join(', ')}, got ${describeValue(t)}`,
      );
    }
  }
  return {
    halfLifePeriodMs: p.halfLifePeriod ?? 0,
    windowSizeMs: p.windowSize ?? DEFAULT_USAGE_WINDOW_MS,
    windowType,
  };
}

/**
 * The proportion plugin's `kValue`: a number (or its text, as KAI's string arguments hold it), at most
 * {@link MAX_K_VALUE} in size. Values ≤ 0 are accepted and mean 0, as upstream clamps them.
 */
export function checkProportionArguments(
  args: Record<string, unknown>,
  path: FieldPath,
  ctx: NormaliseContext,
): void {
  if (ctx.profile !== 'kai' || !Object.hasOwn(args, 'kValue')) return;
  const raw = args['kValue'];
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(value)) {
    ctx.sink.report(
      'wrong-type',
      [...path, 'kValue'],
      `expected a number such as 1.0, got ${describeValue(raw)}`,
    );
  } else if (Math.abs(value) > MAX_K_VALUE) {
    ctx.sink.report(
      'out-of-range',
      [...path, 'kValue'],
      `at most ${MAX_K_VALUE} in size, got ${String(raw)}`,
    );
  }
}
