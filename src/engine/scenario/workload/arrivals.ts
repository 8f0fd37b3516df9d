/**
 * Arrival times of one generator (§19): a Poisson process of `ratePerHour` (optionally modulated by a daily
 * cycle) in [from, until), plus bursts of arrivals uniform in [at, at + spread). Work is linear in the jobs
 * made: the modulated process is drawn by inverting its cumulative intensity (each arrival one unit
 * exponential in intensity space, found by bisection) rather than by thinning, whose rejected candidates
 * are unbounded where the cycle's trough is near zero (decision 0174).
 */
import { randomExponential, randomUniform } from 'd3-random';
import type { ArrivalProcess, DailyCycle } from '../../model/workload';
import { streamOf } from './streams';

const HOUR_MS = 3_600_000;
/** Bisection steps: the widest span (10,000 h = 3.6e10 ms) halved 48 times is below 0.001 ms. */
const BISECTION_STEPS = 48;

/** Sorted whole-ms arrival times in [fromMs, untilMs), at most maxJobs (the earliest are kept). */
export function drawArrivals(
  arrivals: ArrivalProcess,
  fromMs: number,
  untilMs: number,
  maxJobs: number,
  seed: number,
  index: number,
): number[] {
  const times: number[] = [];
  if (arrivals.ratePerHour > 0) {
    const unitGap = randomExponential.source(streamOf(seed, index, 'arrivals'))(1);
    const rateMs = arrivals.ratePerHour / HOUR_MS;
    const cycle = arrivals.daily !== null && arrivals.daily.amplitude > 0 ? arrivals.daily : null;
    const cumulative = intensity(cycle, rateMs, fromMs);
    const end = cumulative(untilMs);
    let target = 0;
    let previous = fromMs;
    while (times.length < maxJobs) {
      target += unitGap();
      if (target >= end) break;
      // A constant rate inverts in closed form; the daily cycle by bisection.
      previous = cycle === null ? fromMs + target / rateMs : invert(cumulative, target, previous, untilMs);
      times.push(previous);
    }
  }
  const uniform = randomUniform.source(streamOf(seed, index, 'bursts'));
  for (const burst of arrivals.bursts) {
    const at = uniform(burst.atMs, burst.atMs + burst.spreadMs);
    for (let j = 0; j < burst.jobs; j++) times.push(burst.spreadMs === 0 ? burst.atMs : at());
  }
  // Whole milliseconds (submitAt is in ms); floor keeps every time inside [from, until).
  const whole = times.map((t) => Math.min(Math.floor(t), untilMs - 1));
  whole.sort((a, b) => a - b);
  return whole.length > maxJobs ? whole.slice(0, maxJobs) : whole;
}

/**
 * Λ(t) = ∫ from..t of rate·(1 + a·cos(2π(s − peak)/P)) ds, in expected arrivals since `from`: monotone
 * (the integrand is ≥ 0 for a ≤ 1), so Λ(t) = target has one smallest solution.
 */
function intensity(daily: DailyCycle | null, rateMs: number, fromMs: number): (t: number) => number {
  if (daily === null) return (t) => rateMs * (t - fromMs);
  const w = (2 * Math.PI) / daily.periodMs;
  const k = daily.amplitude / w;
  const wave = (t: number) => Math.sin(w * (t - daily.peakAtMs));
  const start = wave(fromMs);
  return (t) => rateMs * (t - fromMs + k * (wave(t) - start));
}

/** The t in [lo, hi] where cumulative(t) reaches target (cumulative(hi) > target). */
function invert(cumulative: (t: number) => number, target: number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  for (let i = 0; i < BISECTION_STEPS && b - a > 1e-3; i++) {
    const mid = (a + b) / 2;
    if (cumulative(mid) < target) a = mid;
    else b = mid;
  }
  return b;
}
