/**
 * Seeded workloads (format §19) for generated scenarios: a few small generators on leaf queues, with every
 * arrival form (Poisson, daily cycle, bursts), size mixes (fractions, gangs split over tasks, elastic
 * shares), every runtime shape, class mixes and preemptibility shares. Their jobs arrive inside the run, so
 * the invariants (capacity, queue limits, gangs, min-runtime, determinism) see them scheduled.
 */
import { formatDuration } from '../../model/duration';
import { CUSTOM_CLASS, DEFAULT_CLASSES, at, traitsOf, type GeneratedProfile } from './menus';
import type { RawWorkload } from './rawScenario';

export const WORKLOAD_GPUS = [1, 0.5, 2, 4, 0] as const;

export interface WorkloadContext {
  leaves: readonly string[];
  profile: GeneratedProfile;
  customClass: boolean;
  /** The run's span in ms (sessions × period): arrivals fall inside it. */
  spanMs: number;
}

/** The `workload` entries; generated names `w<i>-<n>` never meet the `j<i>` of written jobs. */
export function buildWorkload(raw: readonly RawWorkload[], ctx: WorkloadContext): Record<string, unknown>[] {
  const span = Math.max(1000, Math.floor(ctx.spanMs / 1000) * 1000);
  return raw.map((w, i) => {
    const doc: Record<string, unknown> = { queue: at(ctx.leaves, w.queuePick), prefix: `w${i}` };
    if (w.fromTenth > 0) doc['from'] = formatDuration(Math.floor((span * w.fromTenth) / 10 / 1000) * 1000);
    const fromMs = Math.floor((span * w.fromTenth) / 10 / 1000) * 1000;
    doc['until'] = formatDuration(span);
    doc['maxJobs'] = w.maxJobs;
    const arrivals: Record<string, unknown> = {};
    // A rate of `jobsPerSpan` expected arrivals over the run.
    if (w.jobsPerSpan > 0 || w.burst === null)
      arrivals['ratePerHour'] = Math.round((w.jobsPerSpan * 3_600_000) / span);
    if (w.daily !== null && arrivals['ratePerHour'] !== undefined)
      arrivals['daily'] = {
        amplitude: w.daily / 4,
        peakAt: formatDuration(Math.floor(span / 2 / 1000) * 1000),
        period: formatDuration(span),
      };
    if (w.burst !== null) {
      const atMs = fromMs + Math.floor(((span - fromMs) * w.burst.atTenth) / 10 / 1000) * 1000;
      const spread = Math.min(w.burst.spreadSeconds * 1000, span - atMs - 1000 < 0 ? 0 : span - atMs - 1000);
      arrivals['bursts'] = [
        { at: formatDuration(atMs), jobs: Math.min(w.burst.jobs, w.maxJobs), spread: formatDuration(spread) },
      ];
    }
    doc['arrivals'] = arrivals;
    doc['gpus'] =
      w.gpuPicks.length === 1
        ? at(WORKLOAD_GPUS, w.gpuPicks[0] ?? 0)
        : [...new Set(w.gpuPicks)].map((p, k) => ({ value: at(WORKLOAD_GPUS, p), weight: k + 1 }));
    if (w.gpusPerTask !== null) doc['gpusPerTask'] = w.gpusPerTask;
    const seconds = (n: number) => `${n}s`;
    doc['runtime'] =
      w.runtimeKind === 0
        ? { fixed: seconds(w.runtimeSeconds) }
        : w.runtimeKind === 1
          ? { logNormal: { median: seconds(w.runtimeSeconds), sigma: 1 }, max: '120s' }
          : { shiftedExponential: { shift: seconds(w.runtimeSeconds), mean: '10s' } };
    if (w.elastic !== null && traitsOf(ctx.profile).workloadElastic) doc['elastic'] = w.elastic / 2;
    const classes = classMenu(ctx);
    if (w.classPicks !== null && classes.length > 0)
      doc['priorityClasses'] = [...new Set(w.classPicks.map((p) => at(classes, p)))].map((name, k) => ({
        name,
        weight: k + 1,
      }));
    // KAI's preemptibility share; the other profiles refuse it.
    if (w.preemptible !== null && traitsOf(ctx.profile).workloadPreemptible)
      doc['preemptible'] = w.preemptible / 2;
    return doc;
  });
}

function classMenu(ctx: WorkloadContext): readonly string[] {
  if (traitsOf(ctx.profile).defaultClasses)
    return ctx.customClass ? [...DEFAULT_CLASSES, CUSTOM_CLASS.name] : DEFAULT_CLASSES;
  return ctx.customClass ? [CUSTOM_CLASS.name] : [];
}
