/**
 * A seeded workload (docs/scenario-format.md §19, issue 20): per-queue generators whose jobs the parser adds
 * to `jobs` (with their `submitAt`), so a run, the trace and every view see them as ordinary jobs. The
 * same `seed` always generates the same jobs; replicates (`sim sweep --seeds K`, the Workshop) re-seed.
 */
export interface WorkloadSpec {
  /** Top-level `seed:` (an integer; default 1). */
  seed: number;
  /** The `workload:` list, in order (each generator draws from its own stream of the seed). */
  generators: WorkloadGenerator[];
}

/** A value drawn with a relative weight (GPU counts, priority classes). */
export interface Weighted<T> {
  value: T;
  /** Relative weight, > 0. */
  weight: number;
}

/** `daily:` rate × (1 + amplitude·cos(2π(t − peakAt)/period)). */
export interface DailyCycle {
  amplitude: number;
  peakAtMs: number;
  periodMs: number;
}

/** `bursts[]`: `jobs` arrivals uniform in [at, at + spread). */
export interface Burst {
  atMs: number;
  jobs: number;
  spreadMs: number;
}

/** How the arrival times of one generator are drawn. */
export interface ArrivalProcess {
  /** Poisson rate in jobs per hour (0 = bursts only). */
  ratePerHour: number;
  daily: DailyCycle | null;
  bursts: Burst[];
}

/** How a generated job's runtime is drawn (before rounding and the clamp). */
export type RuntimeShape =
  | { kind: 'logNormal'; medianMs: number; sigma: number }
  | { kind: 'shiftedExponential'; shiftMs: number; meanMs: number }
  | { kind: 'fixed'; ms: number };

/** Runtime distribution with its optional clamp. */
export interface RuntimeDistribution {
  shape: RuntimeShape;
  minMs: number | null;
  maxMs: number | null;
}

/** One entry of `workload:` (fields of §19, normalised: durations in ms, defaults applied). */
export interface WorkloadGenerator {
  /** Leaf queue the generated jobs are submitted to. */
  queue: string;
  /** Generated jobs are named `<prefix>-<n>`, n from 1, zero-padded to the width of `maxJobs`. */
  prefix: string;
  /** Arrivals fall in [fromMs, untilMs). */
  fromMs: number;
  untilMs: number;
  /** Most jobs this generator makes (bursts included): the bound that does not depend on the seed. */
  maxJobs: number;
  arrivals: ArrivalProcess;
  /** GPUs per job, with weights (a plain number is one entry of weight 1). */
  gpus: Weighted<number>[];
  /** A job of G GPUs has ceil(G / gpusPerTask) tasks, each of at most gpusPerTask GPUs. */
  gpusPerTask: number;
  runtime: RuntimeDistribution;
  /** Share of multi-task jobs that are elastic (the others are gangs), 0..1. */
  elastic: number;
  /** An elastic job's minAvailable is ceil(tasks × elasticMin), 0 < elasticMin ≤ 1. */
  elasticMin: number;
  /** Priority-class mix; empty = the profile's default class, as for a job that names none. */
  priorityClasses: Weighted<string>[];
  /** Share of jobs written `preemptibility: preemptible` (the rest non-preemptible); null = from priority. */
  preemptible: number | null;
}
