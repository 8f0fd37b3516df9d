/**
 * Replicates and the policy frontier (issue 20). CONTRACT STUBS: signatures fixed, bodies filled in by the
 * replicates branch. A sweep point runs over K seeds; each whole-run figure becomes a mean with a 95%
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

export function summariseReplicates(summaries: readonly RunSummary[]): ReplicateSummary {
  void summaries;
  throw new Error('summariseReplicates: contract stub');
}

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
  void points;
  throw new Error('paretoFrontier: contract stub');
}

/** One replicate's run: its seed (null when the scenario has no random workload) and whole-run figures. */
export interface ReplicateRun {
  seed: number | null;
  sessionCount: number;
  summary: RunSummary;
}
