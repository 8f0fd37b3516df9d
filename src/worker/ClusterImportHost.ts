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
  TraceFormat,
  TraceImportOptions,
  TraceImportResult,
} from '../protocol/clusterImport';
import { PROGRESS_INTERVAL_MS } from '../protocol/clusterImport';
import { assertNever } from '../common/assertNever';
import type { ShardBatch } from '../engine/index';

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
  /** A public GPU trace's format from its first characters (header row or JSON shape); null: no trace. */
  detectTraceFormat(head: string): TraceFormat | null;
  /** Maps a trace to a scenario text and a report (src/engine/scenario/importers/trace); never throws. */
  importTraceBytes(bytes: Uint8Array, options: TraceImportOptions): TraceImportResult;
  /** Bytes of a trace at most (docs/scenario-format.md §20); a trace may be larger than a snapshot. */
  maxTraceFileBytes: number;
  /** The merge of several shard snapshots, the loop `sim import a.zip b.zip` runs (shardSnapshotBatch.ts). */
  createShardBatch(): ShardBatch;
  /** The refusal of that many snapshots at once, or null (the bound the CLI states). */
  tooManySnapshots(count: number): string | null;
}

/**
 * Characters of a file's start handed to trace detection: a header row, or a JSON array's first record
 * (a Philly job with many attempts runs to a few kilobytes).
 */
export const TRACE_HEAD_BYTES = 64 * 1024;

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

  const tooLargeMessage = (size: number, what: string, max: number) =>
    `the file has ${size} bytes (${mebibytes(size)}); ${what} is at most ${max} bytes (${mebibytes(max)})`;
  const tooLarge = (size: number, what: string, max: number) =>
    post({ type: 'unreadable', errors: [tooLargeMessage(size, what, max)] });

  const open = async (file: Blob) => {
    // Checked before reading: a file above the cluster bound is read whole only when its first bytes say
    // it is a GPU trace within the trace bound; anything else is refused without allocating it (issue 19).
    if (file.size > engine.maxFileBytes) {
      let head: string;
      try {
        head = new TextDecoder().decode(await file.slice(0, TRACE_HEAD_BYTES).arrayBuffer());
      } catch (e) {
        post({ type: 'unreadable', errors: [`the file could not be read: ${messageOf(e)}`] });
        return;
      }
      if (engine.detectTraceFormat(head) === null) {
        tooLarge(file.size, 'a cluster file', engine.maxFileBytes);
        return;
      }
      if (file.size > engine.maxTraceFileBytes) {
        tooLarge(file.size, 'a GPU trace', engine.maxTraceFileBytes);
        return;
      }
    }
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      post({ type: 'unreadable', errors: [`the file could not be read: ${messageOf(e)}`] });
      return;
    }
    const isCluster = engine.looksLikeClusterFile(bytes);
    // A trace is told by its content, never its name: the first characters as text (issue 20).
    const traceFormat = isCluster
      ? null
      : engine.detectTraceFormat(new TextDecoder().decode(bytes.subarray(0, TRACE_HEAD_BYTES)));
    const limit = isCluster
      ? engine.maxFileBytes
      : traceFormat !== null
        ? engine.maxTraceFileBytes
        : Infinity;
    if (bytes.length > limit) {
      bytes = null;
      tooLarge(file.size, isCluster ? 'a cluster file' : 'a GPU trace', limit);
      return;
    }
    post({
      type: 'opened',
      kind: isCluster ? 'cluster' : traceFormat !== null ? 'trace' : 'other',
      format: !isCluster ? null : engine.looksLikeSnapshot(bytes) ? 'kai-snapshot' : 'kubernetes-yaml',
      traceFormat,
      bytes: bytes.length,
    });
  };

  const importTrace = (options: TraceImportOptions) => {
    let result: TraceImportResult;
    if (bytes === null) {
      result = { ok: false, errors: [{ message: 'no file was opened for import', line: null, field: null }] };
    } else {
      try {
        result = engine.importTraceBytes(bytes, options);
      } catch (e) {
        result = {
          ok: false,
          errors: [
            { message: `the import stopped on an internal error: ${messageOf(e)}`, line: null, field: null },
          ],
        };
      }
    }
    // The bytes stay: the person may import again with other options; closing the dialog ends the worker.
    post({ type: 'trace-result', result });
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

  /**
   * Several snapshots, one per shard (decision 0327): one file's bytes at a time, each checked against the
   * snapshot bound before it is read, imported and let go; every error names its file.
   */
  const importShards = async (
    files: readonly { name: string; file: Blob }[],
  ): Promise<ClusterImportResult> => {
    const tooMany = engine.tooManySnapshots(files.length);
    if (tooMany !== null) return { ok: false, errors: [tooMany] };
    const batch = engine.createShardBatch();
    for (const [index, { name, file }] of files.entries()) {
      post({ type: 'shard-file', index, count: files.length, name, bytes: file.size });
      lastPhase = null;
      if (file.size > engine.maxFileBytes)
        return {
          ok: false,
          errors: [`${name}: ${tooLargeMessage(file.size, 'a cluster file', engine.maxFileBytes)}`],
        };
      let read: Uint8Array;
      try {
        read = new Uint8Array(await file.arrayBuffer());
      } catch (e) {
        return { ok: false, errors: [`${name}: the file could not be read: ${messageOf(e)}`] };
      }
      const errors = batch.add(name, read, onProgress);
      if (errors.length > 0) return { ok: false, errors };
    }
    const merged = batch.finish();
    return merged.ok ? merged.result : merged;
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
        case 'import-trace':
          importTrace(command.options);
          return;
        case 'import-shards': {
          let result: ClusterImportResult;
          try {
            result = await importShards(command.files);
          } catch (e) {
            result = { ok: false, errors: [`the import stopped on an internal error: ${messageOf(e)}`] };
          }
          post({ type: 'result', result });
          return;
        }
        default:
          assertNever(command);
      }
    },
  };
}
