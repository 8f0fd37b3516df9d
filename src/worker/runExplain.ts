/**
 * "Why?", dry runs and "Try it" against the loaded run's scenario (issue 19, decision 0165). The engine does
 * all the work (docs/scenario-format.md §18, with its bounds on re-runs and job text): the host only hands it
 * the run's scenario and forwards the answer.
 */
import type { Scenario } from '../engine/model/scenario';
import type { ChangedScenario, DryRunReply, ExplainReply, ScenarioChange } from '../protocol/explain';

/** The engine functions these requests need (the public surface of `engine/index.ts`). */
export interface ExplainEngine {
  explainJob(scenario: Scenario, job: string, options?: { session?: number }): ExplainReply;
  dryRun(cluster: Scenario, jobText: string, options?: { session?: number }): DryRunReply;
  applyScenarioChange(scenario: Scenario, change: ScenarioChange): Scenario;
  serialiseScenario(scenario: Scenario): string;
}

/** The run's scenario with `change` made (at its `atMs`, as the engine proved it), as scenario text. */
export function changedScenarioText(
  engine: ExplainEngine,
  scenario: Scenario,
  change: ScenarioChange,
): ChangedScenario {
  return { text: engine.serialiseScenario(engine.applyScenarioChange(scenario, change)) };
}
