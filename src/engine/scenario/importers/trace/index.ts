/**
 * Public GPU trace import entry points (issue 20). CONTRACT STUBS: the signatures are fixed, the bodies are
 * filled in by the trace-import branch.
 */
import type { TraceFormat, TraceImportOptions, TraceImportResult } from './types';

export type { TraceFormat, TraceImportOptions, TraceImportResult } from './types';

/** The format of a trace from its first bytes (header row or JSON shape); null when it is not a trace. */
export function detectTraceFormat(head: string): TraceFormat | null {
  void head;
  return null;
}

/** Maps a trace file's bytes to a scenario text (YAML) and a report; never throws. */
export function importTraceBytes(bytes: Uint8Array, options: TraceImportOptions): TraceImportResult {
  void bytes;
  void options;
  return { ok: false, errors: [{ message: 'trace import is not built yet', line: null, field: null }] };
}
