/**
 * "Why?", dry runs and "Try it" against the loaded run's scenario (issue 19, decision 0165). The engine does
 * all the work (contract B): the host only picks the scenario, checks the session and forwards the answer.
 */
import type { Scenario } from '../engine/model/scenario';
import {
  MAX_DRY_RUN_TEXT,
  type ChangedScenario,
  type DryRunReply,
  type ExplainReply,
  type ScenarioChange,
} from '../protocol/explain';

/** The engine functions these requests need (the public surface of `engine/index.ts`). */
export interface ExplainEngine {
  explainJob(scenario: Scenario, job: string, options?: { session?: number }): ExplainReply;
  dryRun(cluster: Scenario, jobText: string): DryRunReply;
  applyScenarioChange(scenario: Scenario, change: ScenarioChange): Scenario;
  serialiseScenario(scenario: Scenario): string;
}

export function explainAt(
  engine: ExplainEngine,
  scenario: Scenario,
  job: string,
  session: number,
): ExplainReply {
  return engine.explainJob(scenario, job, { session });
}

export function dryRunText(engine: ExplainEngine, scenario: Scenario, jobText: string): DryRunReply {
  if (jobText.length > MAX_DRY_RUN_TEXT) {
    return {
      ok: false,
      errors: [
        `The job text is ${jobText.length.toLocaleString('en-US')} characters; a dry run reads at most ${MAX_DRY_RUN_TEXT.toLocaleString('en-US')}.`,
      ],
    };
  }
  if (jobText.trim() === '')
    return { ok: false, errors: ['The job text is empty: paste or open a job first.'] };
  return engine.dryRun(scenario, jobText);
}

export function changedScenarioText(
  engine: ExplainEngine,
  scenario: Scenario,
  change: ScenarioChange,
): ChangedScenario {
  return { text: engine.serialiseScenario(engine.applyScenarioChange(scenario, change)) };
}
