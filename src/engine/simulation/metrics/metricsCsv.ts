/**
 * Metrics as CSV (docs/scenario-format.md §16): one row per session and queue. The first four columns
 * are exactly those KAI's time-based fair-share simulator writes (`Time,QueueID,Allocation,FairShare`,
 * `Time` being its cycle number, our session number), so its notebooks read our files too; then
 * `Seconds`, the session's time from the start of the run, and the other figures in SI units (seconds,
 * GPU·seconds), so a spreadsheet's axis needs no conversion (decision 0185).
 */
import type { RunMetrics } from './RunMetrics';

export const METRICS_CSV_COLUMNS = [
  'Time',
  'QueueID',
  'Allocation',
  'FairShare',
  'Seconds',
  'Requested',
  'PendingJobs',
  'WaitP50S',
  'WaitP95S',
  'Evictions',
  'GpuSecondsLost',
  'ClusterUtilisation',
  'ClusterFragmentedGpus',
] as const;

/** The CSV text, header first, rows ending in `\n`. */
export function metricsCsv(metrics: RunMetrics): string {
  const lines = [METRICS_CSV_COLUMNS.join(',')];
  for (const s of metrics.sessions) {
    for (const q of s.queues) {
      lines.push(
        [
          String(s.index),
          csvText(q.queue),
          csvNumber(q.allocatedGpu),
          csvNumber(q.fairShareGpu),
          seconds(s.timeMs),
          csvNumber(q.requestedGpu),
          String(q.pendingJobs),
          seconds(q.waitP50Ms),
          seconds(q.waitP95Ms),
          String(q.evictions),
          seconds(q.gpuMsLost),
          csvNumber(s.cluster.utilisation),
          csvNumber(s.cluster.fragmentedGpus),
        ].join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Milliseconds (or GPU·ms) as seconds (GPU·s); empty for null (no value, e.g. nobody waited). */
export function seconds(ms: number | null): string {
  return ms === null ? '' : csvNumber(ms / 1000);
}

/**
 * Up to 6 decimals, no trailing zeros, no exponent for the values metrics produce. A figure too large to
 * have decimals left (beyond 2^53 millionths; a Volcano guarantee of 1e308 GPUs makes the fair share
 * 1e308, whose rounding overflowed to `Infinity`) is written whole, as the runner's JSON writes it
 * (`1e+308`). Metrics are finite; an empty cell would stand for anything else, never `Infinity` or `NaN`.
 */
export function csvNumber(x: number): string {
  if (!Number.isFinite(x)) return '';
  const scaled = Math.round(x * 1e6);
  if (!Number.isSafeInteger(scaled)) return String(x);
  const r = scaled / 1e6;
  return String(r === 0 ? 0 : r);
}

/**
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula (leading `=`, `+`, `-`, `@`) gets a
 * leading `'` (OWASP's advice for CSV injection): queue names are data, never code.
 */
export function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
