/**
 * Public GPU trace import (issue 20; docs/scenario-format.md §20): a trace's bytes → a KAI scenario text and a
 * report. Detection by content (header row or JSON shape, never the file name), rows mapped by format
 * (csvFormats.ts, phillyRecords.ts), sampled (sampleTrace.ts) and written (traceScenario.ts). Never throws.
 */
import { csvFormatOf, csvRowMapper, type RowMapper } from './csvFormats';
import { phillyRecord } from './phillyRecords';
import { readCsvRecords, TraceInputError } from './readCsvRecords';
import { sampleTrace } from './sampleTrace';
import { checkTraceOptions, optionsText } from './traceOptions';
import { SKIP, type Skip, type TraceRecord } from './traceRecord';
import { traceScenario } from './traceScenario';
import {
  MAX_JOB_TASKS,
  MAX_TRACE_BYTES,
  MAX_TRACE_JSON_BYTES,
  MAX_TRACE_ROWS,
  SKIP_ROWS_LISTED,
} from './traceLimits';
import type {
  TraceFormat,
  TraceImportError,
  TraceImportOptions,
  TraceImportResult,
  TraceSkip,
} from './types';

export type { TraceFormat, TraceImportOptions, TraceImportResult } from './types';
export { describeTraceImport } from './traceScenario';
export { MAX_TRACE_BYTES } from './traceLimits';

/** Philly's job log is a JSON array of objects with these keys (one of them within the first record). */
const PHILLY_KEYS = /"(attempts|submitted_time|jobid)"\s*:/;

/** The format of a trace from its first bytes (header row or JSON shape); null when it is not a trace. */
export function detectTraceFormat(head: string): TraceFormat | null {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return PHILLY_KEYS.test(text) ? 'philly' : null;
  const end = text.search(/\r?\n/);
  const firstLine = end < 0 ? text : text.slice(0, end);
  if (firstLine.length === 0 || firstLine.length > 4096) return null;
  const cells = firstLine.split(',').map((c) => c.replace(/^"|"$/g, ''));
  return csvFormatOf(cells);
}

/** Counts skipped rows by reason, keeping the first row numbers of each. */
class SkipCounter {
  private readonly byReason = new Map<Skip, TraceSkip>();
  add(reason: Skip, row: number): void {
    const s = this.byReason.get(reason) ?? { reason, count: 0, firstRows: [] };
    s.count++;
    if (s.firstRows.length < SKIP_ROWS_LISTED) s.firstRows.push(row);
    this.byReason.set(reason, s);
  }
  list(): TraceSkip[] {
    return [...this.byReason.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
}

/** Maps a trace file's bytes to a scenario text (YAML) and a report; never throws. */
export function importTraceBytes(bytes: Uint8Array, options: TraceImportOptions): TraceImportResult {
  try {
    return importTrace(bytes, options);
  } catch (e) {
    if (e instanceof TraceInputError) return { ok: false, errors: [e.detail] };
    const what = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      errors: [{ message: `the trace could not be read: ${what.slice(0, 300)}`, line: null, field: null }],
    };
  }
}

const fail = (...errors: TraceImportError[]): TraceImportResult => ({ ok: false, errors });

function importTrace(bytes: Uint8Array, options: TraceImportOptions): TraceImportResult {
  const checked = checkTraceOptions(options);
  if (!checked.ok) return fail(...checked.errors);
  const o = checked.options;
  if (bytes.length > MAX_TRACE_BYTES)
    return fail({
      message: `a trace file is at most ${MAX_TRACE_BYTES} bytes (512 MiB, docs/scenario-format.md §20.5), this one has ${bytes.length}`,
      line: null,
      field: null,
    });
  const head = decodeHead(bytes);
  const format = o.format ?? detectTraceFormat(head);
  if (format === null)
    return fail({
      message:
        'not a known trace: expected a Philly cluster_job_log (JSON), a Helios cluster_log.csv, a PAI task table or an Alibaba GPU 2023/2025/2026 CSV (docs/scenario-format.md §20.1)',
      line: 1,
      field: null,
    });
  const skips = new SkipCounter();
  const records: TraceRecord[] = [];
  let rows = 0;
  const keep = (row: number, r: Omit<TraceRecord, 'row'> | Skip) => {
    if (typeof r === 'string') skips.add(r, row);
    else if (r.queue === '') skips.add(SKIP.noQueue, row);
    // §10: `tasks: N` is at most 10,000, and one job's tasks could otherwise fill the scenario's 200,000.
    else if (
      r.taskGpus.reduce((n, g) => n + Math.ceil(Math.max(g, 1) / o.gpusPerNode - 1e-9), 0) > MAX_JOB_TASKS
    )
      skips.add(SKIP.tooManyTasks, row);
    else records.push({ ...r, row });
  };
  const tooMany = (): TraceImportError => ({
    message: `a trace is read up to ${MAX_TRACE_ROWS} rows (docs/scenario-format.md §20.5): cut the file first`,
    line: null,
    field: null,
  });
  if (format === 'philly') {
    if (bytes.length > MAX_TRACE_JSON_BYTES)
      return fail({
        message: `a Philly job log is parsed whole and is at most ${MAX_TRACE_JSON_BYTES} bytes (256 MiB, §20.5), this one has ${bytes.length}`,
        line: null,
        field: null,
      });
    let jobs: unknown;
    try {
      jobs = JSON.parse(new TextDecoderFatal().decode(bytes).replace(/^\uFEFF/, ''));
    } catch (e) {
      return fail({
        message: `the Philly job log is not JSON text: ${(e instanceof Error ? e.message : String(e)).slice(0, 200)}`,
        line: null,
        field: null,
      });
    }
    if (!Array.isArray(jobs))
      return fail({ message: 'a Philly cluster_job_log is a JSON array of jobs', line: null, field: '$' });
    if (jobs.length > MAX_TRACE_ROWS) return fail(tooMany());
    jobs.forEach((job: unknown, i) => keep(i, phillyRecord(job)));
    rows = jobs.length;
  } else {
    let mapper: RowMapper | null = null;
    for (const record of readCsvRecords(bytes)) {
      if (mapper === null) {
        const headerFormat = csvFormatOf(record.fields);
        const headerless = headerFormat === 'pai' && !record.fields.map((c) => c.trim()).includes('plan_gpu');
        const m = csvRowMapper(format, headerless ? null : record.fields);
        if (typeof m !== 'function') return fail(m);
        mapper = m;
        if (!headerless) continue;
      }
      rows++;
      if (rows > MAX_TRACE_ROWS) return fail(tooMany());
      keep(rows, mapper(record.fields));
    }
    if (mapper === null)
      return fail({
        message: 'the file is empty: a trace has a header row and data rows',
        line: 1,
        field: null,
      });
  }
  const sampled = sampleTrace(records, o);
  if (sampled.kept.length === 0)
    return fail({
      message: `no job is left to import: ${rows} rows read, ${records.length} usable${sampled.notes.length > 0 ? `, ${sampled.notes.join('; ')}` : ''}${skips
        .list()
        .map((s) => `; ${s.count} skipped: ${s.reason}`)
        .join('')}`,
      line: null,
      field: null,
    });
  const built = traceScenario({
    format,
    sourceName: o.sourceName ?? null,
    rows,
    kept: sampled.kept,
    skipped: skips.list(),
    notes: sampled.notes,
    compress: o.compress,
    gpusPerNode: o.gpusPerNode,
    nodes: o.nodes,
    quotaRule: o.quotaRule,
    optionsText: optionsText(o),
  });
  return 'text' in built ? { ok: true, ...built } : fail(built);
}

/** The platform's UTF-8 decoder (no DOM or Node types in the engine), fatal on bytes that are not text. */
declare const TextDecoder: new (
  label: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };
class TextDecoderFatal {
  private readonly d = new TextDecoder('utf-8', { fatal: true });
  decode(bytes: Uint8Array): string {
    return this.d.decode(bytes);
  }
}

/** The first 4 KiB as text, for detection (a cut multi-byte character at the end is dropped). */
function decodeHead(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes.subarray(0, 4096));
}
