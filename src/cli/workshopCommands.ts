/**
 * The workshop commands of the headless runner (docs/scenario-format.md §15.1), beside run/check/resolve:
 *   sim metrics <file> [--variant NAME] [--csv]   metrics over time (§16) as JSON, or CSV
 *   sim compare <file> --a NAME --b NAME          first divergence, differing sessions, summary deltas
 *   sim compare <file> --profiles P1,P2[,…]       one scenario on several profiles (profileCompareCommand.ts)
 * `base` names the base scenario. An unknown variant is invalid input (exit 2), as any bad flag.
 */
import {
  applyVariant,
  BASE_VARIANT,
  compareSimulations,
  describeDivergence,
  ENGINE_VERSION,
  findVariant,
  metricsCsv,
  runMetrics,
  runScenario,
  summaryDelta,
} from '../engine/index';
import type { Scenario } from '../engine/model/scenario';
import { sessionRowsRefusal } from './sessionRowsBound';
import { PROFILE_COMPARE_USAGE, runProfileCompare } from './profileCompareCommand';

export const WORKSHOP_COMMANDS = ['metrics', 'compare'] as const;

export const WORKSHOP_USAGE = `  npm run --silent sim -- metrics <file> [--variant NAME] [--csv]
  npm run --silent sim -- compare <file> --a NAME --b NAME
${PROFILE_COMPARE_USAGE}`;

/** How the runner reads flags and refuses input (exit 2); shared with runCli. */
export interface CommandHelpers {
  option(name: string): string | undefined;
  flag(name: string): boolean;
  invalid(message: string, showUsage?: boolean): never;
  stdout(text: string): void;
}

/** Metrics and comparisons read no trace: the runs keep none (byte-identical output, metricsOnlyRun.test.ts). */
const METRICS_ONLY = { record: 'metrics' } as const;

/** Runs `metrics` or `compare` on the parsed scenario; returns the exit code. */
export function runWorkshopCommand(command: string, scenario: Scenario, h: CommandHelpers): number {
  if (command === 'metrics') {
    const name = h.option('--variant') ?? BASE_VARIANT;
    const sim = runScenario(variantScenario(scenario, name, '--variant', h), METRICS_ONLY);
    const metrics = runMetrics(sim);
    if (h.flag('--csv')) h.stdout(metricsCsv(metrics));
    else {
      const doc = {
        formatVersion: 1,
        engineVersion: ENGINE_VERSION,
        scenario: scenario.name,
        variant: name,
        ...metrics,
      };
      h.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    }
    return 0;
  }
  if (h.option('--profiles') !== undefined) return runProfileCompare(scenario, h);
  const a = h.option('--a');
  const b = h.option('--b');
  if (a === undefined || b === undefined) h.invalid('compare needs --a NAME and --b NAME', true);
  const simA = runScenario(variantScenario(scenario, a, '--a', h), METRICS_ONLY);
  const simB = runScenario(variantScenario(scenario, b, '--b', h), METRICS_ONLY);
  const comparison = compareSimulations(simA, simB);
  const summaryA = runMetrics(simA).summary;
  const summaryB = runMetrics(simB).summary;
  const doc = {
    formatVersion: 1,
    engineVersion: ENGINE_VERSION,
    scenario: scenario.name,
    a,
    b,
    text: describeDivergence(comparison),
    ...comparison,
    summary: { a: summaryA, b: summaryB, delta: summaryDelta(summaryA, summaryB) },
  };
  h.stdout(`${JSON.stringify(doc, null, 2)}\n`);
  return 0;
}

/**
 * The scenario of `name` (the base or a variant), refused (exit 2) when its metrics rows would pass the
 * runner's bound (sessionRowsBound.ts), before anything runs.
 */
function variantScenario(scenario: Scenario, name: string, flag: string, h: CommandHelpers): Scenario {
  let applied: Scenario;
  if (name === BASE_VARIANT) applied = applyVariant(scenario, null);
  else {
    const variant = findVariant(scenario, name);
    if (variant === null) {
      const names = [BASE_VARIANT, ...scenario.variants.map((v) => v.name)].join(', ');
      h.invalid(`${flag}: variant ${JSON.stringify(name)} does not exist (variants: ${names})`);
    }
    applied = applyVariant(scenario, variant);
  }
  const refusal = sessionRowsRefusal(applied, 'sim metrics and sim compare keep');
  if (refusal !== null) h.invalid(refusal);
  return applied;
}
