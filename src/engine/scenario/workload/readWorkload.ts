/**
 * The workload step of normalisation (§19): reads `seed` and `workload`, then generates the jobs, which
 * join `jobs` so that the cross-checks, the run, the trace and every view see ordinary jobs.
 */
import type { JobSpec, PriorityClass, Profile, QueueSpec, ScenarioEvent } from '../../model/scenario';
import type { WorkloadSpec } from '../../model/workload';
import type { NormaliseContext } from '../NormaliseContext';
import { generateJobs } from './generateJobs';
import { normaliseWorkload } from './normaliseWorkload';

/** The document's workload (undefined without `seed` and `workload`); null generators were invalid. */
export function readWorkload(
  seed: number | undefined,
  raw: readonly unknown[] | undefined,
  queues: readonly QueueSpec[],
  jobs: readonly JobSpec[],
  events: readonly ScenarioEvent[],
  ctx: NormaliseContext,
): WorkloadSpec | undefined {
  const submitted = events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []));
  const before = ctx.sink.errors.length;
  const spec = normaliseWorkload(seed, raw, queues, [...jobs, ...submitted], ctx);
  // A workload with an error generates nothing: the document is refused anyway, and generated jobs of a
  // half-read workload would only repeat its errors as clashes or unknown references.
  if (spec !== undefined && ctx.sink.errors.length > before) return { ...spec, generators: [] };
  return spec;
}

/** The generated jobs, each registered at its generator's path (for cross-check messages). */
export function workloadJobs(
  spec: WorkloadSpec,
  profile: Profile,
  classes: readonly PriorityClass[],
  ctx: NormaliseContext,
): JobSpec[] {
  const jobs = generateJobs(spec, profile, classes);
  for (const job of jobs) {
    const path = ['workload', job.generatedBy ?? 0];
    ctx.origins.set(job, path);
    for (const task of job.tasks) ctx.origins.set(task, path);
  }
  return jobs;
}
