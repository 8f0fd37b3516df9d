/**
 * The cluster import worker's messages (issue 19): a KAI `snapshot.zip`, a bare `snapshot.json` or a
 * Kubernetes YAML bundle is read, unzipped and mapped to a scenario in a worker of its own, so a
 * snapshot of hundreds of megabytes never blocks the page, and Cancel is a terminate
 * (docs/decisions/0160). One worker serves one file: `open` reads it and says whether it is a cluster
 * file at all (detection by content), `import` maps it with the options the person chose meanwhile
 * (redaction), streaming `progress` before its one `result`.
 */
import type {
  ClusterImportProgress,
  ClusterImportResult,
  RedactionRow,
  UnmappedGroup,
} from '../engine/scenario/importers/cluster/importClusterFile';
import type {
  QuotaRule,
  TraceFormat,
  TraceImportError,
  TraceImportOptions,
  TraceImportReport,
  TraceImportResult,
} from '../engine/scenario/importers/trace/types';

export type { ClusterImportProgress, ClusterImportResult, RedactionRow, UnmappedGroup };
export type {
  QuotaRule,
  TraceFormat,
  TraceImportError,
  TraceImportOptions,
  TraceImportReport,
  TraceImportResult,
};

export type ClusterFileFormat = 'kai-snapshot' | 'kubernetes-yaml';

/** Main thread -> import worker. */
export type ImportCommand =
  /** Read `file` (checked against the snapshot size bound before a byte is read) and keep its bytes. */
  | { type: 'open'; file: Blob }
  /** Map the opened file; `redact` replaces names by pseudonyms before any text is produced. */
  | { type: 'import'; fileName: string; redact: boolean }
  /**
   * Map the opened public GPU trace (issue 20) with the options the person chose. The bytes stay in the
   * worker afterwards, so another import with other options (a smaller window, a fraction) needs no reread.
   */
  | { type: 'import-trace'; options: TraceImportOptions };

/** Import worker -> main thread. */
export type ImportWorkerMessage =
  /**
   * `cluster`: a KAI snapshot (zip or JSON; `format` `kai-snapshot`) or a Kubernetes YAML bundle
   * (`kubernetes-yaml`, which the engine imports without redaction); `trace`: a public GPU trace whose
   * format (`traceFormat`) the engine told from its first bytes; `other`: a scenario, or not ours.
   */
  | {
      type: 'opened';
      kind: 'cluster' | 'trace' | 'other';
      format: ClusterFileFormat | null;
      traceFormat: TraceFormat | null;
      bytes: number;
    }
  /** The file could not be read (too large, unreadable); each error names the file and the bound. */
  | { type: 'unreadable'; errors: string[] }
  /** Where the import stands; posted at most every {@link PROGRESS_INTERVAL_MS} and at each phase change. */
  | { type: 'progress'; progress: ClusterImportProgress }
  | { type: 'result'; result: ClusterImportResult }
  | { type: 'trace-result'; result: TraceImportResult };

/** Progress messages are spaced so that a fast loop of 140,000 pods never floods the page. */
export const PROGRESS_INTERVAL_MS = 100;
