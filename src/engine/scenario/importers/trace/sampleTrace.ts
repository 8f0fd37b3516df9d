/**
 * Sampling a trace (docs/scenario-format.md §20.2): jobs in submit order (then row order), then the window
 * (trace time from the first usable row's submit), then the first N, then a seeded fraction (d3-random's
 * randomLcg, one draw per job in that order, so the same seed keeps the same jobs).
 */
import { randomLcg } from 'd3-random';
import type { CheckedTraceOptions } from './traceOptions';
import type { TraceRecord } from './traceRecord';

export function sampleTrace(
  records: TraceRecord[],
  o: Pick<CheckedTraceOptions, 'window' | 'firstJobs' | 'fraction' | 'seed'>,
): { kept: TraceRecord[]; notes: string[] } {
  const notes: string[] = [];
  let kept = records.sort((a, b) => a.submit - b.submit || a.row - b.row);
  const first = kept[0]?.submit ?? 0;
  if (o.window) {
    const from = first + (o.window.fromMs ?? 0) / 1000;
    const to = o.window.toMs === undefined ? Infinity : first + o.window.toMs / 1000;
    const before = kept.length;
    kept = kept.filter((r) => r.submit >= from && r.submit < to);
    notes.push(`window: ${kept.length} of ${before} usable jobs submitted in it`);
  }
  if (o.firstJobs !== undefined && kept.length > o.firstJobs) {
    notes.push(`first ${o.firstJobs} of ${kept.length} jobs by submit time`);
    kept = kept.slice(0, o.firstJobs);
  }
  if (o.fraction !== undefined && o.fraction < 1) {
    const draw = randomLcg(o.seed / 2 ** 32);
    const fraction = o.fraction;
    const before = kept.length;
    kept = kept.filter(() => draw() < fraction);
    notes.push(`fraction ${fraction} (seed ${o.seed}): ${kept.length} of ${before} jobs`);
  }
  return { kept, notes };
}
