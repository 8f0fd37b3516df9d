/**
 * The jobs of a workload (§19): for each generator, its arrival times and, per arrival, one draw of size,
 * runtime, gang/elastic shape, priority class and preemptibility, each from its own stream (streams.ts),
 * so one aspect's distribution can change without moving the others. Pure: the same spec, profile and
 * classes give the same jobs.
 */
import { randomExponential, randomLogNormal } from 'd3-random';
import { MAX_DURATION_MS } from '../../model/duration';
import type { JobSpec, PriorityClass, Profile, TaskSpec } from '../../model/scenario';
import type { RuntimeDistribution, WorkloadGenerator, WorkloadSpec } from '../../model/workload';
import { catalogueOf } from '../../registry';
import { DEFAULT_NAMESPACE, defaultPreemptible, defaultTask } from '../normaliseJob';
import { drawArrivals } from './arrivals';
import { pickWeighted, streamOf, type Source } from './streams';

const SECOND_MS = 1000;

/** Every generated job, ordered by submit time, then generator, then arrival order. */
export function generateJobs(
  workload: WorkloadSpec,
  profile: Profile,
  classes: readonly PriorityClass[],
): JobSpec[] {
  const byName = new Map(classes.map((c) => [c.name, c]));
  const all = workload.generators.flatMap((g, i) => generatorJobs(g, i, workload.seed, profile, byName));
  // Array.prototype.sort is stable: generator order, then arrival order, break ties of time.
  return all.sort((a, b) => a.submitAtMs - b.submitAtMs || (a.generatedBy ?? 0) - (b.generatedBy ?? 0));
}

/** `<prefix>-<n>` with n zero-padded to the width of maxJobs, so names sort in arrival order. */
export function generatedJobName(g: WorkloadGenerator, n: number): string {
  return `${g.prefix}-${String(n).padStart(String(g.maxJobs).length, '0')}`;
}

function generatorJobs(
  g: WorkloadGenerator,
  index: number,
  seed: number,
  profile: Profile,
  classes: ReadonlyMap<string, PriorityClass>,
): JobSpec[] {
  const times = drawArrivals(g.arrivals, g.fromMs, g.untilMs, g.maxJobs, seed, index);
  const size = streamOf(seed, index, 'size');
  const runtime = runtimeSampler(g.runtime, streamOf(seed, index, 'runtime'));
  const shape = streamOf(seed, index, 'shape');
  const classDraw = streamOf(seed, index, 'class');
  const preempt = streamOf(seed, index, 'preempt');
  const gpuWeights = g.gpus.map((w) => w.weight);
  const gpuTotal = gpuWeights.reduce((a, b) => a + b, 0);
  const classWeights = g.priorityClasses.map((w) => w.weight);
  const classTotal = classWeights.reduce((a, b) => a + b, 0);
  const defaultClassName = catalogueOf(profile).defaultJobClass;
  return times.map((submitAtMs, k): JobSpec => {
    // One draw from every stream per job, used or not, so each stream stays aligned with the arrivals.
    const gpus = g.gpus[pickWeighted(gpuWeights, gpuTotal, size())]?.value ?? 0;
    const runtimeMs = runtime();
    const elasticDraw = shape();
    const classU = classDraw();
    const preemptDraw = preempt();
    const name = generatedJobName(g, k + 1);
    const tasks = splitTasks(name, gpus, g.gpusPerTask);
    const elastic = tasks.length > 1 && elasticDraw < g.elastic;
    const className =
      g.priorityClasses.length > 0
        ? (g.priorityClasses[pickWeighted(classWeights, classTotal, classU)]?.value ?? null)
        : defaultClassName;
    const cls = className === null ? undefined : classes.get(className);
    const priority = cls?.value ?? 0;
    return {
      name,
      namespace: DEFAULT_NAMESPACE,
      queue: g.queue,
      priority,
      priorityClassName: cls?.name ?? null,
      preemptible:
        g.preemptible === null ? defaultPreemptible(profile, priority) : preemptDraw < g.preemptible,
      preemptionPolicy: cls?.preemptionPolicy ?? 'PreemptLowerPriority',
      minAvailable: elastic ? Math.ceil(tasks.length * g.elasticMin) : tasks.length,
      minResources: null,
      phase: 'Pending',
      submitAtMs,
      startedAtMs: null,
      runtimeMs,
      annotations: {},
      tasks,
      generatedBy: index,
    };
  });
}

/** ceil(G / perTask) tasks of perTask GPUs, the last one taking the rest; a fraction is one task. */
function splitTasks(jobName: string, gpus: number, perTask: number): TaskSpec[] {
  const count = Math.max(1, Math.ceil(gpus / perTask));
  return Array.from({ length: count }, (_, i) => {
    const own = i < count - 1 ? perTask : gpus - perTask * (count - 1);
    return defaultTask(`${jobName}-${i}`, i, { gpu: own, cpu: 0, memory: 0, pods: 1 });
  });
}

/** Runtimes in whole seconds, at least 1 s, inside the clamp and the format's duration bound. */
function runtimeSampler(d: RuntimeDistribution, source: Source): () => number {
  const shape = d.shape;
  let draw: () => number;
  switch (shape.kind) {
    case 'fixed':
      draw = () => {
        source();
        return shape.ms;
      };
      break;
    case 'logNormal':
      draw = randomLogNormal.source(source)(Math.log(shape.medianMs), shape.sigma);
      break;
    case 'shiftedExponential': {
      const tail = randomExponential.source(source)(1 / shape.meanMs);
      draw = () => shape.shiftMs + tail();
      break;
    }
  }
  const lo = Math.max(SECOND_MS, d.minMs ?? 0);
  const hi = Math.min(MAX_DURATION_MS, d.maxMs ?? MAX_DURATION_MS);
  return () => Math.min(hi, Math.max(lo, Math.round(draw() / SECOND_MS) * SECOND_MS));
}
