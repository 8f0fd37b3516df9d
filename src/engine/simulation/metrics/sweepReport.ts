/**
 * A sweep's results (docs/scenario-format.md §15.2, issue 20): the runs of every point over its seeds,
 * each point's figures as intervals, its place on the policy frontier, and the CSV `sim sweep --csv`
 * prints. Pure formatting of what the engine ran: the CLI and the Workshop show the same numbers.
 */
import type { RunSummary } from './RunMetrics';
import { csvNumber, csvText } from './metricsCsv';
import {
  frontierPointOf,
  paretoFrontier,
  summariseReplicates,
  type Interval,
  type ReplicateRun,
  type ReplicateSummary,
} from './replicates';

/** One point of a sweep (a variant or a knob value) and its replicates, in seed order. */
export interface SweepPointRuns {
  label: string;
  runs: ReplicateRun[];
}

export interface SweepPointResult extends SweepPointRuns {
  summary: ReplicateSummary;
  /** Pareto-optimal on GPU time lost, job-wait p95 and Jain's index (paretoFrontier). */
  frontier: boolean;
}

/** Each point's intervals and frontier flag, the points in their given order. */
export function sweepResults(points: readonly SweepPointRuns[]): SweepPointResult[] {
  const summaries = points.map((p) => summariseReplicates(p.runs.map((r) => r.summary)));
  const flags = paretoFrontier(
    points.map((p, i) => frontierPointOf(p.label, summaries[i] ?? summariseReplicates([]))),
  );
  return points.map((p, i) => ({
    ...p,
    summary: summaries[i] ?? summariseReplicates([]),
    frontier: flags[i] ?? false,
  }));
}

/** The CSV's figures, in RunSummary's order, with their SI column names and what divides engine units (ms) into SI (s). */
export const SWEEP_CSV_FIGURES: readonly { key: keyof RunSummary; column: string; divisor: 1 | 1000 }[] = [
  { key: 'sessions', column: 'Sessions', divisor: 1 },
  { key: 'evictions', column: 'Evictions', divisor: 1 },
  { key: 'gpuMsLost', column: 'GpuSecondsLost', divisor: 1000 },
  { key: 'meanUtilisation', column: 'MeanUtilisation', divisor: 1 },
  { key: 'maxWaitP95Ms', column: 'MaxWaitP95S', divisor: 1000 },
  { key: 'meanTimeToFairShareMs', column: 'MeanTimeToFairShareS', divisor: 1000 },
  { key: 'maxTimeToFairShareMs', column: 'MaxTimeToFairShareS', divisor: 1000 },
  { key: 'unreachedFairShare', column: 'UnreachedFairShare', divisor: 1 },
  { key: 'meanFragmentedGpus', column: 'MeanFragmentedGpus', divisor: 1 },
  { key: 'jobWaitP95Ms', column: 'JobWaitP95S', divisor: 1000 },
  { key: 'meanJainIndex', column: 'MeanJainIndex', divisor: 1 },
];

function si(value: number | null, divisor: number): string {
  // Dividing by 1000 rather than multiplying by 1e-3 keeps whole milliseconds exact (0.001 is not binary).
  return value === null ? '' : csvNumber(value / divisor);
}

/**
 * `point,seed,<figures>` one row per point and seed (seed empty without a workload), a blank line, then
 * per point `point,runs,<figure>Mean,<figure>Low,<figure>High…,frontier` (empty cells: no run had it).
 */
export function sweepCsv(results: readonly SweepPointResult[]): string {
  const lines = [['point', 'seed', ...SWEEP_CSV_FIGURES.map((f) => f.column)].join(',')];
  for (const p of results)
    for (const r of p.runs)
      lines.push(
        [
          csvText(p.label),
          r.seed === null ? '' : String(r.seed),
          ...SWEEP_CSV_FIGURES.map((f) => si(r.summary[f.key], f.divisor)),
        ].join(','),
      );
  lines.push('');
  const header = ['point', 'runs'];
  for (const f of SWEEP_CSV_FIGURES) header.push(`${f.column}Mean`, `${f.column}Low`, `${f.column}High`);
  lines.push([...header, 'frontier'].join(','));
  for (const p of results) {
    const cells = [csvText(p.label), String(p.runs.length)];
    for (const f of SWEEP_CSV_FIGURES) {
      const i: Interval | null = p.summary[f.key];
      cells.push(
        si(i?.mean ?? null, f.divisor),
        si(i?.low ?? null, f.divisor),
        si(i?.high ?? null, f.divisor),
      );
    }
    lines.push([...cells, String(p.frontier)].join(','));
  }
  return `${lines.join('\n')}\n`;
}
