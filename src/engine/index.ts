/**
 * The engine's public surface, for the worker, the CLI and tests. Everything else in `engine/` is internal.
 */
import type { ResolveQuery, ResolveResult, Simulation } from './api';
import type { Scenario } from './model/scenario';
import { Simulator } from './simulation/Simulator';

export type { ResolveQuery, ResolveResult, SessionMarker, Simulation } from './api';
export { parseScenario, normaliseScenarioDocument, formatIssue } from './scenario/parseScenario';
export type { ParseResult, ScenarioIssue } from './scenario/parseScenario';
export { serialiseScenario } from './scenario/serialiseScenario';
export { checkExpectations, type CheckFailure } from './simulation/checkExpectations';
export { runDocument, sessionDocument, ENGINE_VERSION, type RunDocument } from './simulation/runOutput';

export function createSimulation(scenario: Scenario): Simulation {
  return new Simulator(scenario);
}

/** Runs a scenario to its end. */
export function runScenario(scenario: Scenario): Simulation {
  const sim = new Simulator(scenario);
  sim.runToEnd();
  return sim;
}

/** Min-runtime resolution for a (preemptor queue, victim queue) pair under the scenario's configuration. */
export function resolveMinRuntime(scenario: Scenario, query: ResolveQuery): ResolveResult {
  return new Simulator(scenario).resolve(query);
}
