/**
 * Replicates and the policy frontier (issue 20; docs/scenario-format.md §15.2). A sweep point runs over K seeds; each whole-run figure becomes a mean with a 95%
 * interval, and the points that no other point beats on every axis form the frontier.
 */
import type { RunSummary } from './RunMetrics';

/** A figure over K replicates: the mean and its 95% confidence interval (Student's t; low = high = mean for K = 1). */
export interface Interval {
  mean: number;
  low: number;
  high: number;
  /** Replicates that had a value (a null figure, such as no wait at all, is left out). */
  n: number;
}

/** The RunSummary fields that are numbers (or null), each as an interval over the replicates. */
export type ReplicateSummary = {
  [K in keyof RunSummary]: Interval | null;
};

/**
 * Two-sided 95% quantiles of Student's t, t(0.975; df) for df = 1..30 (standard tables, 3 decimals); above
 * 30 degrees of freedom the normal 1.96 (the t quantile is within 0.1 of it and a sweep rarely runs more).
 */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** t(0.975; df), df ≥ 1. */
export function studentT975(df: number): number {
  return T_975[df - 1] ?? 1.96;
}

/** Mean and 95% interval (mean ± t·s/√n, s the sample standard deviation) of the values; null for none. */
export function interval(values: readonly number[]): Interval | null {
  const n = values.length;
  if (n === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  if (n === 1) return { mean, low: mean, high: mean, n };
  let squares = 0;
  for (const v of values) squares += (v - mean) * (v - mean);
  const half = (studentT975(n - 1) * Math.sqrt(squares / (n - 1))) / Math.sqrt(n);
  return { mean, low: mean - half, high: mean + half, n };
}

/**
 * Figures that are fractions (utilisation, Jain's index) lie in [0, 1]; every other figure is a count, a time
 * or a GPU time, never below 0.
 */
const UPPER_BOUND: Partial<Record<keyof RunSummary, number>> = { meanUtilisation: 1, meanJainIndex: 1 };

/**
 * The interval clipped to the values the figure can take: with few seeds mean ± t·s/√n reaches past them
 * (3 seeds of evictions 0, 0 and 8 give a low of −8.8), which a class would read as a bug. Clipping keeps
 * the coverage of the interval (no possible value is left out) and the mean as computed (decision 0184).
 */
function clipped(key: keyof RunSummary, i: Interval | null): Interval | null {
  if (i === null) return null;
  const top = UPPER_BOUND[key] ?? Infinity;
  return { ...i, low: Math.min(Math.max(i.low, 0), top), high: Math.max(Math.min(i.high, top), 0) };
}

/**
 * Every figure of the summaries as an interval over the replicates (nulls left out), in RunSummary's order,
 * clipped to the figure's possible values.
 */
export function summariseReplicates(summaries: readonly RunSummary[]): ReplicateSummary {
  const out = {} as Record<keyof RunSummary, Interval | null>;
  for (const key of RUN_SUMMARY_KEYS) {
    const values: number[] = [];
    for (const s of summaries) {
      const v = s[key];
      if (v !== null) values.push(v);
    }
    out[key] = clipped(key, interval(values));
  }
  return out;
}

/** RunSummary's fields in their declared order (a sweep's CSV columns follow it). */
export const RUN_SUMMARY_KEYS: readonly (keyof RunSummary)[] = [
  'sessions',
  'evictions',
  'gpuMsLost',
  'meanUtilisation',
  'maxWaitP95Ms',
  'meanTimeToFairShareMs',
  'maxTimeToFairShareMs',
  'unreachedFairShare',
  'meanFragmentedGpus',
  'jobWaitP95Ms',
  'meanJainIndex',
];

/** One point of a sweep on the frontier's three axes (means over its replicates). */
export interface FrontierPoint {
  /** The knob value or variant name (`5m`, `lca` …). */
  label: string;
  /** GPU time lost to evictions, GPU·ms (lower is better). */
  gpuMsLost: number;
  /** p95 job wait, ms (lower is better). */
  waitP95Ms: number;
  /** Jain's index of allocation ÷ fair share (higher is better). */
  fairness: number;
}

/** For each point, whether it is Pareto-optimal (no other point at least as good on all axes and better on one). */
export function paretoFrontier(points: readonly FrontierPoint[]): boolean[] {
  // A figure that is not a number (no run had one) ranks worst on its axis, so it never dominates.
  const axes = points.map((p) => [
    Number.isNaN(p.gpuMsLost) ? Infinity : p.gpuMsLost,
    Number.isNaN(p.waitP95Ms) ? Infinity : p.waitP95Ms,
    Number.isNaN(p.fairness) ? Infinity : -p.fairness, // maximised: negated so every axis is minimised
  ]);
  const dominates = (a: number[], b: number[]): boolean => {
    let better = false;
    for (let i = 0; i < a.length; i++) {
      const x = a[i] ?? Infinity;
      const y = b[i] ?? Infinity;
      if (x > y) return false;
      if (x < y) better = true;
    }
    return better;
  };
  // Quadratic in the points: a sweep has tens of them, bounded by --values and the variants limit.
  return axes.map((p) => !axes.some((q) => dominates(q, p)));
}

/** One replicate's run: its seed (null when the scenario has no random workload) and whole-run figures. */
export interface ReplicateRun {
  seed: number | null;
  sessionCount: number;
  summary: RunSummary;
}

/** A sweep point on the frontier's axes from its replicates' means (a figure no replicate had is NaN). */
export function frontierPointOf(label: string, summary: ReplicateSummary): FrontierPoint {
  return {
    label,
    gpuMsLost: summary.gpuMsLost?.mean ?? NaN,
    waitP95Ms: summary.jobWaitP95Ms?.mean ?? NaN,
    fairness: summary.meanJainIndex?.mean ?? NaN,
  };
}

/** Replicates per point: 1..MAX_REPLICATES (a sweep's runs are points × replicates; §15.2). */
export const MAX_REPLICATES = 100;
