/**
 * The workload generator's entry points (issue 20; docs/scenario-format.md §19): whether a scenario
 * generates jobs from a seed, re-seeding it, and expanding `workload:` into plain `jobs`.
 */
import type { Scenario } from '../../model/scenario';
import type { ScenarioIssue } from '../issues';
import { IssueSink, NO_LOCATION } from '../IssueSink';
import { parseScenario } from '../parseScenario';
import { serialiseScenario } from '../serialiseScenario';

import { expandScenario } from './expandScenario';

export { reseedScenario } from './reseedScenario';

/** True when the scenario generates jobs from a seed (so replicates with other seeds differ). */
export function hasRandomWorkload(scenario: Scenario): boolean {
  return scenario.workload !== undefined && scenario.workload.generators.length > 0;
}

/** Expands `workload:` of a scenario text into plain `jobs` (the editor's "Expand workload"). */
export type ExpandWorkloadResult =
  { ok: true; text: string; generatedJobs: number } | { ok: false; errors: ScenarioIssue[] };

/**
 * The scenario of `text` with `seed` and `workload` removed and the jobs they generate written as plain
 * `jobs` entries (with their `submitAt`): it parses to the same run. Errors are the parser's; a variant
 * with its own `seed` cannot be expanded (its jobs would differ from the base's), and is an error.
 */
export function expandWorkloadText(text: string): ExpandWorkloadResult {
  const parsed = parseScenario(text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const s = parsed.scenario;
  const reseeding = s.variants.flatMap((v, i) => (v.seed === undefined ? [] : [i]));
  if (reseeding.length > 0) {
    const sink = new IssueSink(NO_LOCATION);
    for (const i of reseeding)
      sink.report(
        'invalid-value',
        ['variants', i, 'seed'],
        `variant ${JSON.stringify(s.variants[i]?.name ?? '')} re-seeds the workload, which expanded jobs cannot do; remove its seed first`,
      );
    return { ok: false, errors: sink.errors };
  }
  const expanded = expandScenario(s);
  return { ok: true, text: serialiseScenario(expanded.scenario), generatedJobs: expanded.generatedJobs };
}
