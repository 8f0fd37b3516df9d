/** A scenario without its workload (§19): the generated jobs become plain jobs. */
import type { JobSpec, Scenario } from '../../model/scenario';

/**
 * `s` with `workload` removed and its generated jobs kept as plain jobs (no `generatedBy`): what runs is
 * the same. A variant's `seed` has nothing left to re-seed and is dropped; callers that must not lose it
 * (expandWorkloadText) refuse such variants first.
 */
export function expandScenario(s: Scenario): { scenario: Scenario; generatedJobs: number } {
  let generatedJobs = 0;
  const jobs = s.jobs.map((job): JobSpec => {
    if (job.generatedBy === undefined) return job;
    generatedJobs++;
    const { generatedBy: _generatedBy, ...plain } = job;
    return plain;
  });
  const { workload: _workload, ...rest } = s;
  const variants = s.variants.map((v) => {
    if (v.seed === undefined) return v;
    const { seed: _seed, ...plain } = v;
    return plain;
  });
  return { scenario: { ...rest, jobs, variants }, generatedJobs };
}
