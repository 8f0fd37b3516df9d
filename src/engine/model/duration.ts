/**
 * Go durations (`1h2m3s`, `1.5s`, `500ms`, `-2m`), as Kubernetes metav1.Duration parses them, and the
 * `str2duration` dialect that KAI's minruntime plugin arguments accept (adds `d` and `w`).
 * Results are integer milliseconds (sub-millisecond parts are rounded).
 */
const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

export interface DurationOptions {
  /** Accept `d` (24h) and `w` (7d), as str2duration does for KAI plugin arguments. */
  allowDaysWeeks?: boolean;
  /** Largest magnitude accepted, in ms; default {@link MAX_DURATION_MS} (the scenario format's limit). */
  maxMs?: number;
}

/** Go's largest duration (2^63 − 1 ns, about 2,562,047h), in whole ms: beyond it Go's parser fails. */
export const GO_MAX_DURATION_MS = 9_223_372_036_854;

/**
 * Largest magnitude of a duration: 10,000 hours (about 14 months), in ms. Times are sums of a few
 * durations and up to 100,000 schedule periods, so they stay safe integers of ms; a longer duration
 * (or one that overflows to Infinity) is refused rather than printed as `null` or written as "∞".
 */
export const MAX_DURATION_MS = 10_000 * 3_600_000;

export type DurationResult =
  | { ok: true; ms: number }
  | { ok: false; error: string; /** The syntax is fine but the value is too long. */ outOfRange?: true };

/** Parses a Go duration (and, with `allowDaysWeeks`, the str2duration `d`/`w` units) into integer ms. */
export function parseDuration(text: string, options: DurationOptions = {}): DurationResult {
  const s = text.trim();
  if (s === '') return { ok: false, error: 'empty duration' };
  let rest = s;
  let sign = 1;
  if (rest[0] === '-' || rest[0] === '+') {
    if (rest[0] === '-') sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return { ok: true, ms: 0 };
  if (rest === '') return { ok: false, error: `invalid duration "${shown(text)}"` };
  const part = /^([0-9]*(?:\.[0-9]*)?)(ns|us|µs|μs|ms|s|m|h|d|w)/;
  let total = 0;
  while (rest.length > 0) {
    const m = part.exec(rest);
    if (!m || m[1] === '' || m[1] === '.') {
      return {
        ok: false,
        error: `invalid duration "${shown(text)}" (expected a number followed by a unit such as 30s, 5m or 1h2m)`,
      };
    }
    const unit = m[2] as string;
    if ((unit === 'd' || unit === 'w') && !options.allowDaysWeeks) {
      return {
        ok: false,
        error: `invalid duration "${shown(text)}": unit "${unit}" is not a Go duration unit (use h, m, s, ms)`,
      };
    }
    total += Number(m[1]) * (UNIT_MS[unit] as number);
    rest = rest.slice(m[0].length);
  }
  if (!(total <= MAX_DURATION_MS)) {
    return {
      ok: false,
      error: `duration "${shown(text)}" is out of range (at most 10000h either way)`,
      outOfRange: true,
    };
  }
  // `|| 0` turns -0 (from "-0s") into 0, so that equal durations compare equal with Object.is.
  return { ok: true, ms: sign * Math.round(total) || 0 };
}

/** The text for a message: a long value is cut, so that an error never echoes megabytes. */
function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Formats milliseconds the way Go prints durations: `1h2m3s`, `1.5s`, `500ms`, `0s`. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (!Number.isFinite(ms)) return ms > 0 ? '∞' : '-∞';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  if (rest < 1000) return `${sign}${rest}ms`;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = rest / 1000;
  let out = sign;
  if (h > 0) out += `${h}h`;
  if (h > 0 || m > 0) out += `${m}m`;
  out += `${Number.isInteger(s) ? s : Number(s.toFixed(3))}s`;
  return out;
}
