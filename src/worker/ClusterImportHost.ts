/**
 * The cluster import worker's logic (issue 19, docs/decisions/0160), apart from the worker global so that
 * tests drive it in process: read one file, say whether it is a cluster file (by content), then map it with
 * the engine's `importClusterBytes`, passing its progress on at a bounded rate. The file's bytes live only
 * here; the page receives the scenario text and the report, never the snapshot.
 */
import type {
  ClusterImportProgress,
  ClusterImportResult,
  ImportCommand,
  ImportWorkerMessage,
} from '../protocol/clusterImport';
import { PROGRESS_INTERVAL_MS } from '../protocol/clusterImport';
import { assertNever } from '../protocol/assertNever';

/** The engine functions the import needs (src/engine/scenario/importers/cluster). */
export interface ClusterImportEngine {
  importClusterBytes(
    bytes: Uint8Array,
    options: { fileName: string; redact: boolean; onProgress: (p: ClusterImportProgress) => void },
  ): ClusterImportResult;
  looksLikeClusterFile(bytes: Uint8Array): boolean;
  /** A snapshot (`snapshot.zip` or a bare `snapshot.json`), as opposed to a Kubernetes YAML bundle. */
  looksLikeSnapshot(bytes: Uint8Array): boolean;
  /** Bytes of a file at most, checked before it is read (the snapshot bound of docs/scenario-format.md). */
  maxFileBytes: number;
}

export interface ClusterImportHostOptions {
  engine: ClusterImportEngine;
  post(message: ImportWorkerMessage): void;
  /** Milliseconds of a monotonic clock (`performance.now` in the worker), to space progress messages. */
  now(): number;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MiB`;
}

export function createClusterImportHost({ engine, post, now }: ClusterImportHostOptions) {
  let bytes: Uint8Array | null = null;
  let lastPosted = -Infinity;
  let lastPhase: ClusterImportProgress['phase'] | null = null;

  const onProgress = (progress: ClusterImportProgress) => {
    const t = now();
    if (progress.phase === lastPhase && t - lastPosted < PROGRESS_INTERVAL_MS) return;
    lastPhase = progress.phase;
    lastPosted = t;
    post({ type: 'progress', progress: { ...progress } });
  };

  const open = async (file: Blob) => {
    // Checked before reading: a 500 MB file is refused without allocating it (issue 19, bounds).
    if (file.size > engine.maxFileBytes) {
      post({
        type: 'unreadable',
        errors: [
          `the file has ${file.size} bytes (${mebibytes(file.size)}); a cluster file is at most ${engine.maxFileBytes} bytes (${mebibytes(engine.maxFileBytes)})`,
        ],
      });
      return;
    }
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      post({ type: 'unreadable', errors: [`the file could not be read: ${messageOf(e)}`] });
      return;
    }
    const isCluster = engine.looksLikeClusterFile(bytes);
    post({
      type: 'opened',
      kind: isCluster ? 'cluster' : 'other',
      format: !isCluster ? null : engine.looksLikeSnapshot(bytes) ? 'kai-snapshot' : 'kubernetes-yaml',
      bytes: bytes.length,
    });
  };

  const importOpened = (fileName: string, redact: boolean) => {
    if (bytes === null) {
      post({ type: 'result', result: { ok: false, errors: ['no file was opened for import'] } });
      return;
    }
    let result: ClusterImportResult;
    try {
      result = engine.importClusterBytes(bytes, { fileName, redact, onProgress });
    } catch (e) {
      // The engine promises never to throw; if it does, the page gets a sentence, not a stack trace.
      result = { ok: false, errors: [`the import stopped on an internal error: ${messageOf(e)}`] };
    }
    bytes = null; // one import per file: the snapshot's memory is given back at once
    post({ type: 'result', result });
  };

  return {
    async handle(command: ImportCommand): Promise<void> {
      switch (command.type) {
        case 'open':
          await open(command.file);
          return;
        case 'import':
          importOpened(command.fileName, command.redact);
          return;
        default:
          assertNever(command);
      }
    },
  };
}
