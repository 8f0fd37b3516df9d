/** A workload written back as the format's data (§19), for `serialiseScenario`: defaults left out. */
import { formatDuration } from '../../model/duration';
import type { RuntimeDistribution, WorkloadGenerator, WorkloadSpec } from '../../model/workload';
import {
  DEFAULT_DAILY_PERIOD_MS,
  DEFAULT_ELASTIC_MIN,
  DEFAULT_GPUS_PER_TASK,
  DEFAULT_MAX_JOBS,
  DEFAULT_SEED,
} from './normaliseWorkload';

type Data = Record<string, unknown>;

/** `seed` (unless the default) and `workload` (unless empty), as top-level fields. */
export function workloadData(spec: WorkloadSpec): Data {
  const out: Data = {};
  if (spec.seed !== DEFAULT_SEED || spec.generators.length === 0) out['seed'] = spec.seed;
  if (spec.generators.length > 0) out['workload'] = spec.generators.map(generatorData);
  return out;
}

function generatorData(g: WorkloadGenerator): Data {
  const out: Data = { queue: g.queue };
  if (g.prefix !== g.queue) out['prefix'] = g.prefix;
  if (g.fromMs !== 0) out['from'] = formatDuration(g.fromMs);
  out['until'] = formatDuration(g.untilMs);
  if (g.maxJobs !== DEFAULT_MAX_JOBS) out['maxJobs'] = g.maxJobs;
  const arrivals: Data = {};
  const a = g.arrivals;
  if (a.ratePerHour > 0 || a.daily !== null || a.bursts.length === 0) arrivals['ratePerHour'] = a.ratePerHour;
  if (a.daily !== null) {
    const daily: Data = { amplitude: a.daily.amplitude, peakAt: formatDuration(a.daily.peakAtMs) };
    if (a.daily.periodMs !== DEFAULT_DAILY_PERIOD_MS) daily['period'] = formatDuration(a.daily.periodMs);
    arrivals['daily'] = daily;
  }
  if (a.bursts.length > 0)
    arrivals['bursts'] = a.bursts.map((b) => {
      const burst: Data = { at: formatDuration(b.atMs), jobs: b.jobs };
      if (b.spreadMs !== 0) burst['spread'] = formatDuration(b.spreadMs);
      return burst;
    });
  out['arrivals'] = arrivals;
  const only = g.gpus.length === 1 ? g.gpus[0] : undefined;
  if (only === undefined || only.weight !== 1)
    out['gpus'] = g.gpus.map((w) => ({ value: w.value, weight: w.weight }));
  else if (only.value !== 1) out['gpus'] = only.value;
  if (g.gpusPerTask !== DEFAULT_GPUS_PER_TASK) out['gpusPerTask'] = g.gpusPerTask;
  out['runtime'] = runtimeData(g.runtime);
  if (g.elastic !== 0) out['elastic'] = g.elastic;
  if (g.elasticMin !== DEFAULT_ELASTIC_MIN) out['elasticMin'] = g.elasticMin;
  if (g.priorityClasses.length > 0)
    out['priorityClasses'] = g.priorityClasses.map((w) => ({ name: w.value, weight: w.weight }));
  if (g.preemptible !== null) out['preemptible'] = g.preemptible;
  return out;
}

function runtimeData(r: RuntimeDistribution): Data {
  const out: Data = {};
  const s = r.shape;
  if (s.kind === 'fixed') out['fixed'] = formatDuration(s.ms);
  else if (s.kind === 'logNormal') out['logNormal'] = { median: formatDuration(s.medianMs), sigma: s.sigma };
  else out['shiftedExponential'] = { shift: formatDuration(s.shiftMs), mean: formatDuration(s.meanMs) };
  if (r.minMs !== null) out['min'] = formatDuration(r.minMs);
  if (r.maxMs !== null) out['max'] = formatDuration(r.maxMs);
  return out;
}
