/**
 * The engine functions the host needs (the public surface of `engine/index.ts`), as an interface so the
 * worker entry passes the real module and nothing else reaches into engine internals.
 */
import type { Simulation } from '../engine/api';
import type { ExpectCheck, Scenario } from '../engine/model/scenario';
import type { ExplainEngine } from './runExplain';
import type { WorkshopPointEngine } from './runWorkshopPoint';

/** The fields of the engine's `ScenarioIssue` the host forwards. */
export interface EngineIssueLike {
  code: string;
  path: string;
  message: string;
  line?: number | null | undefined;
  column?: number | null | undefined;
  hint?: string | null | undefined;
}

export type EngineParseResult<I> =
  { ok: true; scenario: Scenario; warnings: readonly I[] } | { ok: false; errors: readonly I[] };

export interface EngineApi<I extends EngineIssueLike> {
  parseScenario(text: string, options: { fileName?: string }): EngineParseResult<I>;
  formatIssue(issue: I): string;
  createSimulation(scenario: Scenario): Simulation;
  /** The failed checks of `checks` on the run so far (the `expect` evaluator; lesson choices are checks). */
  checkExpectations(sim: Simulation, checks: readonly ExpectCheck[]): readonly unknown[];
  /** Variants, metrics and comparisons (issue 12); without it the workshop requests are refused. */
  workshop?: WorkshopPointEngine;
  /** A text's `workload:` written out as plain jobs (issue 20); without it `expandWorkload` is refused. */
  expandWorkloadText?(
    text: string,
  ): { ok: true; text: string; generatedJobs: number } | { ok: false; errors: readonly I[] };
  /** "Why?", dry runs and suggested changes (issue 19); without it those requests are refused. */
  explain?: ExplainEngine;
}
