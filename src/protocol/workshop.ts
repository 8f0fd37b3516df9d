/**
 * Workshop requests (issue 12): run variants of one scenario text in the worker and answer with their
 * metrics over time and, for two of them, where their decisions first differ. The engine computes every
 * figure; the page only draws them.
 */
import type {
  DecisionFact,
  FrontierPoint,
  ProfileComparison,
  ReplicateRun,
  ReplicateSummary,
  RunComparison,
  RunMetrics,
  RunSummary,
} from '../engine/index';
import type { IssueDto } from './messages';

/** One variant's run, as the Workshop view draws it. */
export interface VariantRun {
  /** `base` or a variant name. */
  variant: string;
  /** Each session's committed decisions (what the per-session diff and the cursor's list show). */
  sessions: { index: number; timeMs: number; decisions: DecisionFact[] }[];
  metrics: RunMetrics;
  /** The metrics as CSV (engine's metricsCsv; docs/scenario-format.md §14), for the download. */
  csv: string;
}

export type WorkshopCompareResult =
  | {
      ok: true;
      a: VariantRun;
      b: VariantRun;
      comparison: RunComparison;
      /** `first divergence: session 4, sweep-2 evicted in A, protected in B` (or "no divergence …"). */
      text: string;
    }
  | { ok: false; errors: IssueDto[] };

/** One sweep point: the summary of one variant's run (a sweep plots summaries, not series). */
export type WorkshopRunResult =
  | {
      ok: true;
      variant: string;
      /** The seed the run used (null: the scenario has no workload, so every seed runs the same). */
      seed: number | null;
      sessionCount: number;
      summary: RunSummary;
    }
  | { ok: false; errors: IssueDto[] };

/** A knob set by its path (docs/scenario-format.md §15.2: `queues.team-a.reclaimMinRuntime` …) to one value. */
export interface KnobSetting {
  path: string;
  /** The value as written in YAML (`5m`, `lca`, `0.5`). */
  value: string;
}

/** Most seeds one point runs: the engine's MAX_REPLICATES (runReplicates' bound, §15.2). */
export const MAX_POINT_SEEDS = 100;

/** One sweep point (or one side of a comparison) over K seeds: every run's figures and their intervals. */
export type WorkshopPointResult =
  | {
      ok: true;
      /** The knob's value, else the variant's name (`base` for none). */
      label: string;
      /** One run per seed; a single run with seed null when the scenario has no random workload. */
      runs: ReplicateRun[];
      /** Each whole-run figure as mean with its 95% interval over `runs`. */
      replicate: ReplicateSummary;
      /** False: no `workload:` (§19), so every seed would run the same and one run was made. */
      randomWorkload: boolean;
      /** The point on the frontier's axes (engine frontierPointOf: means; NaN for a figure no run had). */
      frontierPoint: FrontierPoint;
    }
  | { ok: false; errors: IssueDto[] };

/**
 * One scenario on several profiles (issue 23 Deliver 4): the engine's comparison (mappings, a cell per job
 * and profile, the first divergence), or why the text or the profile list cannot be compared.
 */
export type ProfileCompareResult =
  { ok: true; comparison: ProfileComparison } | { ok: false; errors: IssueDto[] };

/** Params and results of the workshop request kinds (merged into `RequestTypes`). */
export interface WorkshopRequestTypes {
  /** Runs variants `a` and `b` of `text` to their end and compares them. */
  workshopCompare: {
    /** `seed`: re-seed the scenario's workload (§19) for both sides; absent = the scenario's own seed. */
    params: { text: string; a: string; b: string; seed?: number };
    result: WorkshopCompareResult;
  };
  /** Runs one variant of `text` to its end and summarises its metrics. */
  workshopRun: { params: { text: string; variant: string; seed?: number }; result: WorkshopRunResult };
  /**
   * Runs `variant` of `text` (absent: the base), with `knob` set on top of it when given, over `seeds`
   * seeds in this worker (issue 20: replicates).
   */
  workshopPoint: {
    params: { text: string; variant?: string; knob?: KnobSetting; seeds: number };
    result: WorkshopPointResult;
  };
  /** For each point, whether it is Pareto-optimal (the engine's paretoFrontier; never computed in the page). */
  workshopFrontier: { params: { points: FrontierPoint[] }; result: boolean[] };
  /**
   * A sweep's CSV as `sim sweep --csv` prints it (engine sweepCsv, §15.2): one row per point and seed, then
   * the per-point summary with the frontier flag. The points' runs as workshopPoint answered them.
   */
  workshopSweepCsv: { params: { points: { label: string; runs: ReplicateRun[] }[] }; result: string };
  /** Maps `text` onto each of `profiles` (two or more distinct profile names), runs each and compares them. */
  profileCompare: { params: { text: string; profiles: string[] }; result: ProfileCompareResult };
}
