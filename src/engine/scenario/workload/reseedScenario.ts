/** Re-seeding a parsed scenario (§19): only the generated jobs change. */
import type { Scenario } from '../../model/scenario';
import { generateJobs } from './generateJobs';

/**
 * The scenario as it would parse with `seed: seed`: the generated jobs are generated again from that seed
 * (jobs of `jobs` and events untouched). The same scenario when it has no workload.
 */
export function reseedScenario(scenario: Scenario, seed: number): Scenario {
  const workload = scenario.workload;
  if (workload === undefined) return scenario;
  const reseeded = { ...workload, seed };
  const written = scenario.jobs.filter((j) => j.generatedBy === undefined);
  return {
    ...scenario,
    workload: reseeded,
    jobs: [...written, ...generateJobs(reseeded, scenario.profile, scenario.priorityClasses)],
  };
}
