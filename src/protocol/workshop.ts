/**
 * Workshop requests (issue 12): run variants of one scenario text in the worker and answer with their
 * metrics over time and, for two of them, where their decisions first differ. The engine computes every
 * figure; the page only draws them.
 */
import type { DecisionFact, RunComparison, RunMetrics, RunSummary } from '../engine/index';
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
}
