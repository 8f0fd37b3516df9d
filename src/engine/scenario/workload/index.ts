/**
 * The workload generator's entry points (issue 20; docs/scenario-format.md §19). CONTRACT STUBS: the
 * signatures are fixed, the bodies are filled in by the workload branch.
 */
import type { Scenario } from '../../model/scenario';
import type { ScenarioIssue } from '../issues';

/** True when the scenario generates jobs from a seed (so replicates with other seeds differ). */
export function hasRandomWorkload(scenario: Scenario): boolean {
  return scenario.workload !== undefined && scenario.workload.generators.length > 0;
}

/**
 * The scenario as it would parse with `seed: seed`: the generated jobs are generated again from that seed
 * (jobs of `jobs` and events untouched). The same scenario when it has no workload.
 */
export function reseedScenario(scenario: Scenario, seed: number): Scenario {
  if (scenario.workload === undefined) return scenario;
  return { ...scenario, workload: { ...scenario.workload, seed } };
}

/** Expands `workload:` of a scenario text into plain `jobs` (the editor's "Expand workload"). */
export type ExpandWorkloadResult =
  | { ok: true; text: string; generatedJobs: number }
  | { ok: false; errors: ScenarioIssue[] };

export function expandWorkloadText(text: string): ExpandWorkloadResult {
  void text;
  return { ok: false, errors: [] };
}
