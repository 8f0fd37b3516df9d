/**
 * The trace import's options checked once, with their defaults (docs/scenario-format.md §20.2): each bad
 * value is an error naming the option, never a scenario built from a NaN.
 */
import { formatDuration } from '../../../model/duration';
import { MAX_GPUS_PER_NODE, MAX_NODES } from '../../limits';
import { MAX_COMPRESS, MAX_TRACE_ROWS, MIN_COMPRESS } from './traceLimits';
import { TRACE_FORMATS, type QuotaRule, type TraceImportError, type TraceImportOptions } from './types';

export interface CheckedTraceOptions {
  format: TraceImportOptions['format'];
  compress: number;
  window: { fromMs?: number; toMs?: number } | undefined;
  firstJobs: number | undefined;
  fraction: number | undefined;
  seed: number;
  quotaRule: QuotaRule;
  gpusPerNode: number;
  nodes: number | undefined;
  sourceName: string | undefined;
}

const QUOTA_RULES: readonly QuotaRule[] = ['peak-share', 'mean-share', 'none'];
/** A window bound: any time within §10's 10000h of the trace's first submit, even an uncompressed one ×1000. */
const MAX_WINDOW_MS = 1e13;

export function checkTraceOptions(
  o: TraceImportOptions,
): { ok: true; options: CheckedTraceOptions } | { ok: false; errors: TraceImportError[] } {
  const errors: TraceImportError[] = [];
  const bad = (field: string, message: string) =>
    errors.push({ message: `${field}: ${message}`, line: null, field });
  const whole = (field: string, v: number | undefined, min: number, max: number) => {
    if (v !== undefined && (!Number.isInteger(v) || v < min || v > max))
      bad(field, `a whole number from ${min} to ${max}, got ${String(v)}`);
  };
  if (o.format !== undefined && !TRACE_FORMATS.includes(o.format))
    bad('format', `one of ${TRACE_FORMATS.join(', ')}, got ${JSON.stringify(o.format)}`);
  const compress = o.compress ?? 1;
  if (
    typeof compress !== 'number' ||
    !Number.isFinite(compress) ||
    compress < MIN_COMPRESS ||
    compress > MAX_COMPRESS
  )
    bad('compress', `a number from ${MIN_COMPRESS} to ${MAX_COMPRESS}, got ${String(o.compress)}`);
  const w = o.window;
  if (w !== undefined) {
    for (const k of ['fromMs', 'toMs'] as const) {
      const v = w[k];
      if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > MAX_WINDOW_MS))
        bad(`window.${k}`, `a time from 0 to ${MAX_WINDOW_MS} ms after the first submit, got ${String(v)}`);
    }
    if (w.fromMs !== undefined && w.toMs !== undefined && !(w.fromMs < w.toMs))
      bad('window', 'the window must end after it starts');
  }
  whole('firstJobs', o.firstJobs, 1, MAX_TRACE_ROWS);
  if (o.fraction !== undefined && (typeof o.fraction !== 'number' || !(o.fraction > 0 && o.fraction <= 1)))
    bad('fraction', `a number with 0 < fraction ≤ 1, got ${String(o.fraction)}`);
  whole('seed', o.seed, 0, 2 ** 32 - 1);
  if (o.quotaRule !== undefined && !QUOTA_RULES.includes(o.quotaRule))
    bad('quotaRule', `one of ${QUOTA_RULES.join(', ')}, got ${JSON.stringify(o.quotaRule)}`);
  whole('gpusPerNode', o.gpusPerNode, 1, MAX_GPUS_PER_NODE);
  whole('nodes', o.nodes, 1, MAX_NODES);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    options: {
      format: o.format,
      compress,
      window: w,
      firstJobs: o.firstJobs,
      fraction: o.fraction,
      seed: o.seed ?? 0,
      quotaRule: o.quotaRule ?? 'peak-share',
      gpusPerNode: o.gpusPerNode ?? 8,
      nodes: o.nodes,
      sourceName: typeof o.sourceName === 'string' ? o.sourceName.slice(0, 200) : undefined,
    },
  };
}

/** The options as the header comment states them. */
export function optionsText(o: CheckedTraceOptions): string {
  const parts = [`compress ${o.compress}`];
  if (o.window)
    parts.push(
      `window ${formatDuration(o.window.fromMs ?? 0)}..${o.window.toMs === undefined ? 'end' : formatDuration(o.window.toMs)}`,
    );
  if (o.firstJobs !== undefined) parts.push(`first ${o.firstJobs} jobs`);
  if (o.fraction !== undefined) parts.push(`fraction ${o.fraction} (seed ${o.seed})`);
  parts.push(`quota ${o.quotaRule}`, `${o.gpusPerNode} GPUs per node`);
  if (o.nodes !== undefined) parts.push(`${o.nodes} nodes`);
  return parts.join(', ');
}
