/**
 * The "Why?" and dry-run requests (issue 19, decision 0165): what the worker answers about one job of the
 * loaded run, a job text tried against it, and a suggested change written out as scenario text for "Try it".
 * The answers are the engine's own types (docs/scenario-format.md §18), plain data throughout.
 */
import type {
  ChangeSuggestion,
  DryRunOutcome,
  DryRunResult,
  ExplainResult,
  JobExplanation,
  ScenarioChange,
} from '../engine/index';

export type { ChangeSuggestion, DryRunResult, JobExplanation, ScenarioChange };

/** The engine's explanation of one job at one session, or why it could not give one (unknown job, …). */
export type ExplainReply = ExplainResult;

/** A dry run's prediction, or every problem of the job text (each naming its line or field path). */
export type DryRunReply = DryRunOutcome;

/** The loaded scenario with one suggested change applied, as scenario text ready to load. */
export interface ChangedScenario {
  text: string;
}

/** Request kinds of this file (merged into `RequestTypes`). */
export interface ExplainRequestTypes {
  /** The engine's explanation of `job` at the end of session `session` of run `runId` (0 = before the first). */
  explainJob: { params: { runId: number; job: string; session: number }; result: ExplainReply };
  /**
   * `jobText` (a scenario job, or Kubernetes PodGroup + Pods) submitted to run `runId`'s scenario at the time
   * of its session `session` (1 = the scenario's start), and run.
   */
  dryRun: { params: { runId: number; jobText: string; session: number }; result: DryRunReply };
  /** Run `runId`'s scenario with `change` applied, serialised (a suggestion's "Try it"). */
  changedScenario: { params: { runId: number; change: ScenarioChange }; result: ChangedScenario };
}
