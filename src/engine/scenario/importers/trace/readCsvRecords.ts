/**
 * A CSV trace read a chunk at a time (decision 0181): the bytes are decoded 1 MiB at a time and cut into
 * records at line breaks outside quotes, and each record is parsed with d3-dsv's csvParseRows, so the
 * decoded text of the whole file never exists at once. A quoted cell may hold line breaks; `line` is the
 * physical line (1-based) where the record starts, as an editor shows it.
 */
import { csvParseRows } from 'd3-dsv';
import { MAX_TRACE_LINE } from './traceLimits';
import type { TraceImportError } from './types';

/** The platform's streaming UTF-8 decoder (declared as in cluster/textDecoder.ts: no DOM or Node types). */
declare const TextDecoder: new (
  label: string,
  options?: { fatal?: boolean },
) => { decode(input?: Uint8Array, options?: { stream?: boolean }): string };

const CHUNK_BYTES = 1024 * 1024;

export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Thrown inside the reader only; the importer turns it into an error result. */
export class TraceInputError extends Error {
  constructor(readonly detail: TraceImportError) {
    super(detail.message);
  }
}

/** The records of `bytes` (blank lines left out); throws TraceInputError on bytes that are not text. */
export function* readCsvRecords(bytes: Uint8Array): Generator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = '';
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let scan = 0;
  for (let offset = 0; offset <= bytes.length; offset += CHUNK_BYTES) {
    const last = offset + CHUNK_BYTES >= bytes.length;
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(offset, offset + CHUNK_BYTES), { stream: !last });
    } catch {
      throw new TraceInputError({
        message: `the file is not UTF-8 text (bad bytes after byte ${offset}, near line ${line})`,
        line,
        field: null,
      });
    }
    pending += last ? `${text}\n` : text;
    let start = 0;
    for (let i = scan; i < pending.length; i++) {
      const c = pending.charCodeAt(i);
      if (c === 34 /* " */) inQuotes = !inQuotes;
      else if (c === 10 /* \n */) {
        line++;
        if (!inQuotes) {
          const record = pending.slice(start, pending.charCodeAt(i - 1) === 13 && i > start ? i - 1 : i);
          start = i + 1;
          if (record.length > 0) yield { line: recordLine, fields: csvParseRows(record)[0] ?? [] };
          recordLine = line;
        }
      }
      if (i - start > MAX_TRACE_LINE)
        throw new TraceInputError({
          message: `a row is longer than ${MAX_TRACE_LINE} characters (docs/scenario-format.md §20.5)${inQuotes ? ': a quote is never closed' : ''}`,
          line: recordLine,
          field: null,
        });
    }
    pending = pending.slice(start);
    scan = pending.length;
    if (last) break;
  }
}
