/**
 * Bounds of the trace import (docs/scenario-format.md §20.5, decision 0181): what a person may feed the
 * importer, so that a damaged or huge file is a clear error instead of a tab that runs out of memory.
 */

/** Bytes of a trace file: a CSV is read a chunk at a time, a Philly JSON is parsed whole. */
export const MAX_TRACE_BYTES = 512 * 1024 * 1024;
/** A Philly `cluster_job_log` is one JSON document, parsed whole: V8 strings end near 512 Mi characters. */
export const MAX_TRACE_JSON_BYTES = 256 * 1024 * 1024;
/** Data rows (or JSON records) read: each kept row is held until sampling (window, first N) is known. */
export const MAX_TRACE_ROWS = 4_000_000;
/** Characters of one CSV row (quoted line breaks included). */
export const MAX_TRACE_LINE = 64 * 1024;
/** Row numbers listed per skip reason. */
export const SKIP_ROWS_LISTED = 20;
/** Leaf queues: they are siblings under one parent, so §10's width (5,000) bounds them. */
export const MAX_TRACE_QUEUES = 5_000;
/** Time compression factor range. */
export const MIN_COMPRESS = 1e-3;
export const MAX_COMPRESS = 1e6;
/** Tasks of one job: §10's bound on `tasks: N`. */
export const MAX_JOB_TASKS = 10_000;
