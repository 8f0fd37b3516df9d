/**
 * Public GPU trace import (issue 20; docs/scenario-format.md §20): the contract between the engine's
 * importer, the CLI (`sim import-trace`) and the app (Open file). The user downloads a trace; the project
 * ships only small synthetic samples of each format.
 */

/**
 * `philly`: Microsoft Philly `cluster_job_log` (JSON: vc, per-attempt GPUs, submit/start/end);
 * `helios`: SenseTime Helios `cluster_log.csv` (vc, gpu_num, submit/start/end);
 * `pai`: Alibaba PAI GPU 2020 (`plan_gpu` in percent of a GPU, start/end);
 * `alibaba2023`: Alibaba GPU 2023/2026 (`num_gpu`/`gpu_request`, `organization`, times).
 */
export type TraceFormat = 'philly' | 'helios' | 'pai' | 'alibaba2023';
export const TRACE_FORMATS: readonly TraceFormat[] = ['philly', 'helios', 'pai', 'alibaba2023'];

/** How queue quotas are set from the trace (each virtual cluster or organization becomes a leaf queue). */
export type QuotaRule = 'peak-share' | 'mean-share' | 'none';

export interface TraceImportOptions {
  /** The trace's format; detected from its content when absent. */
  format?: TraceFormat;
  /** Time compression: trace time ÷ compress is scenario time (24 = a day into an hour). Default 1. */
  compress?: number;
  /** Keep jobs submitted in [fromMs, toMs) of trace time, counted from the first kept row's submit. */
  window?: { fromMs?: number; toMs?: number };
  /** Keep the first N jobs by submit time (after the window). */
  firstJobs?: number;
  /** Keep each job with this probability (0 < f ≤ 1), drawn from `seed`. */
  fraction?: number;
  seed?: number;
  /** Quota rule; default `peak-share`. */
  quotaRule?: QuotaRule;
  /** GPUs per generated node (default 8); the node count comes from the trace's peak GPU use. */
  gpusPerNode?: number;
  /** Node count; default: enough for the kept jobs' peak concurrent GPU use. */
  nodes?: number;
  /** The file's name, for the scenario's name and header comment only (never used to detect the format). */
  sourceName?: string;
}

export interface TraceQueueReport {
  /** Queue name (the vc / organization, made a valid name). */
  name: string;
  /** Where it came from in the trace (`vc` value …). */
  source: string;
  jobs: number;
  /** Quota in GPUs from the rule (null with `none`). */
  quotaGpu: number | null;
  peakGpu: number;
}

export interface TraceSkip {
  /** Why, in plain words: `no GPUs requested`, `never started`, `missing submit time` … */
  reason: string;
  count: number;
  /** Up to 20 row numbers (1-based data rows, or JSON array indices) that were skipped for it. */
  firstRows: number[];
}

export interface TraceImportReport {
  format: TraceFormat;
  /** Data rows (or JSON records) read. */
  rows: number;
  /** Jobs in the scenario. */
  jobs: number;
  nodes: number;
  gpusPerNode: number;
  queues: TraceQueueReport[];
  skipped: TraceSkip[];
  /** Trace time span of the kept jobs and the scenario's span after compression (ms). */
  traceSpanMs: number;
  scenarioSpanMs: number;
  compress: number;
  /** Other notes shown beside the report (sampling applied, jobs cut by a limit …). */
  notes: string[];
}

export interface TraceImportError {
  message: string;
  /** 1-based line of the file (CSV) or null. */
  line: number | null;
  /** Column or JSON path, when known. */
  field: string | null;
}

export type TraceImportResult =
  { ok: true; text: string; report: TraceImportReport } | { ok: false; errors: TraceImportError[] };
