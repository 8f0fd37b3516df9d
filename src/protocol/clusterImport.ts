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
  | { type: 'import-trace'; options: TraceImportOptions }
  /**
   * Several KAI snapshots, one per scheduling shard, merged into one scenario with node pools (§17.8,
   * decision 0327): each file is read, imported and let go in turn, then the merge posts one `result`.
   */
  | { type: 'import-shards'; files: { name: string; file: Blob }[] };

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
  /** `import-shards` begins its file `index` (from 0) of `count`: the progress that follows is this file's. */
  | { type: 'shard-file'; index: number; count: number; name: string; bytes: number }
  | { type: 'result'; result: ClusterImportResult }
  | { type: 'trace-result'; result: TraceImportResult };

/** Progress messages are spaced so that a fast loop of 140,000 pods never floods the page. */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * Files the import merges at most (one KAI snapshot per node pool): the engine's MAX_MERGED_SNAPSHOTS
 * (§17.8, §24), which the worker enforces; here for the help text (ClusterImportHost.test checks they agree).
 */
export const MAX_SHARD_FILES = 64;
