/**
 * Prometheus durations (`1w`, `1d`, `90m`, `1h30m`, `0`), the format of KAI's `usageParams.windowSize`
 * since KAI #1371: the field is a `monitoringv1.Duration` (KAI pkg/scheduler/cache/usagedb/api/interface.go:48
 * @d5bc503), the CRD checks it against
 * `^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$`
 * (KAI deployments/kai-scheduler/crds/kai.scheduler_schedulingshards.yaml:242 @d5bc503) and the tumbling
 * window parses it with prometheus/common `model.ParseDuration` (KAI .../prometheus/prometheus.go:278
 * @d5bc503). Whole numbers only, each unit at most once, from the largest to the smallest; `y` is 365 days.
 * Unlike Go durations there is no sign, no fraction and no `us`/`ns`.
 */
import { MAX_DURATION_MS, type DurationResult } from './duration';

/** Units in the only order Prometheus accepts them, with their length in ms. */
const UNITS: readonly (readonly [string, number])[] = [
  ['y', 365 * 86_400_000],
  ['w', 7 * 86_400_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
  ['ms', 1],
];

/** Parses a Prometheus duration into ms; bounded by the format's duration limit (§10). */
export function parsePrometheusDuration(text: string): DurationResult {
  if (text === '0') return { ok: true, ms: 0 };
  if (text === '') return { ok: false, error: 'empty duration' };
  const bad = {
    ok: false as const,
    error: `invalid Prometheus duration "${shown(text)}" (whole numbers with units from largest to smallest, each once: y, w, d, h, m, s, ms, such as 1w, 90m or 1h30m)`,
  };
  let rest = text;
  let total = 0;
  let lastUnit = -1;
  while (rest !== '') {
    const m = /^([0-9]+)(ms|y|w|d|h|m|s)/.exec(rest);
    if (!m) return bad;
    const unit = UNITS.findIndex(([u]) => u === m[2]);
    if (unit <= lastUnit) return bad;
    lastUnit = unit;
    total += Number(m[1]) * (UNITS[unit] as readonly [string, number])[1];
    rest = rest.slice(m[0].length);
  }
  if (!(total <= MAX_DURATION_MS)) {
    return {
      ok: false,
      error: `duration "${shown(text)}" is out of range (at most 10000h)`,
      outOfRange: true,
    };
  }
  return { ok: true, ms: total };
}

/** Writes ms as Prometheus does (`model.Duration.String`): `1w`, `1h30m`, `1d12h`, `0s`. */
export function formatPrometheusDuration(ms: number): string {
  if (ms === 0) return '0s';
  let rest = Math.round(ms);
  let out = '';
  for (const [unit, size] of UNITS) {
    // Prometheus prints years only when a whole number of years; weeks likewise before days.
    const n = Math.floor(rest / size);
    if (n > 0) {
      out += `${n}${unit}`;
      rest -= n * size;
    }
  }
  return out;
}

function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
