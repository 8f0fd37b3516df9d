/**
 * The main thread's side of the cluster import worker (protocol/clusterImport.ts, docs/decisions/0160).
 * Each opened file gets a fresh worker; `cancel` terminates it (neither the unzip nor the mapping can be
 * interrupted from inside), and so does the end of an import, which gives the snapshot's memory back.
 */
import type {
  ClusterFileFormat,
  ClusterImportProgress,
  ClusterImportResult,
  ImportCommand,
  ImportWorkerMessage,
  TraceFormat,
  TraceImportOptions,
  TraceImportResult,
} from '../protocol/clusterImport';
import { ClientError } from './ClientError';

/** One import worker as the client needs it; the app plugs in a real Worker, tests an in-process host. */
export interface ImportWorkerPort {
  post(command: ImportCommand): void;
  /** Starts delivering the worker's messages and crashes (an uncaught error, out of memory). */
  listen(onMessage: (message: ImportWorkerMessage) => void, onCrash: (reason: string) => void): void;
  terminate(): void;
}

export type OpenOutcome =
  | {
      kind: 'cluster' | 'trace' | 'other';
      format: ClusterFileFormat | null;
      traceFormat: TraceFormat | null;
      bytes: number;
    }
  | { kind: 'unreadable'; errors: string[] };

export interface ClusterImportClient {
  /** Reads `file` in a fresh worker (ending any earlier one) and says whether it is a cluster file. */
  open(file: Blob): Promise<OpenOutcome>;
  /** Maps the opened file; the worker ends with the result. Rejects with `aborted` when cancelled. */
  importOpened(
    fileName: string,
    redact: boolean,
    onProgress: (progress: ClusterImportProgress) => void,
  ): Promise<ClusterImportResult>;
  /**
   * Maps the opened GPU trace; the worker keeps the file for another try with other options until
   * `cancel`. Rejects with `aborted` when cancelled.
   */
  importTrace(options: TraceImportOptions): Promise<TraceImportResult>;
  /**
   * Reads, imports and merges several KAI snapshots, one per shard, in a fresh worker (ending any earlier
   * one), which ends with the result. `onFile` says which file is being read. Rejects with `aborted` when
   * cancelled.
   */
  importShards(
    files: readonly File[],
    onProgress: (progress: ClusterImportProgress) => void,
    onFile: (file: { index: number; count: number; name: string; bytes: number }) => void,
  ): Promise<ClusterImportResult>;
  /** Terminates the worker; what is pending rejects with `aborted`. */
  cancel(): void;
}

interface Pending {
  settle(message: ImportWorkerMessage): boolean;
  fail(error: ClientError): void;
}

export function createClusterImportClient(createWorker: () => ImportWorkerPort): ClusterImportClient {
  let worker: ImportWorkerPort | null = null;
  let pending: Pending | null = null;
  let onProgress: ((progress: ClusterImportProgress) => void) | null = null;
  let onFile: ((file: { index: number; count: number; name: string; bytes: number }) => void) | null = null;

  const end = (error: ClientError | null) => {
    worker?.terminate();
    worker = null;
    const waiting = pending;
    pending = null;
    onProgress = null;
    onFile = null;
    if (error !== null) waiting?.fail(error);
  };

  const request = <T>(command: ImportCommand, accept: (message: ImportWorkerMessage) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      if (worker === null) {
        reject(new ClientError('disposed', 'No file is open for import.'));
        return;
      }
      pending = {
        settle(message) {
          const value = accept(message);
          if (value === undefined) return false;
          pending = null;
          resolve(value);
          return true;
        },
        fail: reject,
      };
      worker.post(command);
    });

  /** A fresh worker for the next file (or files), ending any earlier one. */
  const startWorker = () => {
    end(new ClientError('aborted', 'Another file was opened.'));
    const current = createWorker();
    worker = current;
    current.listen(
      (message) => {
        if (worker !== current) return;
        if (message.type === 'progress') {
          onProgress?.(message.progress);
          return;
        }
        if (message.type === 'shard-file') {
          const { index, count, name, bytes } = message;
          onFile?.({ index, count, name, bytes });
          return;
        }
        pending?.settle(message);
      },
      (reason) => {
        if (worker !== current) return;
        end(new ClientError('crashed', `The import stopped: ${reason}.`));
      },
    );
  };

  return {
    open(file) {
      startWorker();
      return request<OpenOutcome>({ type: 'open', file }, (message) => {
        if (message.type === 'opened')
          return {
            kind: message.kind,
            format: message.format,
            traceFormat: message.traceFormat,
            bytes: message.bytes,
          };
        if (message.type === 'unreadable') {
          end(null);
          return { kind: 'unreadable', errors: message.errors };
        }
        return undefined;
      });
    },
    importOpened(fileName, redact, progress) {
      onProgress = progress;
      return request<ClusterImportResult>({ type: 'import', fileName, redact }, (message) => {
        if (message.type !== 'result') return undefined;
        end(null);
        return message.result;
      });
    },
    importTrace(options) {
      return request<TraceImportResult>({ type: 'import-trace', options }, (message) =>
        message.type === 'trace-result' ? message.result : undefined,
      );
    },
    importShards(files, progress, file) {
      startWorker();
      onProgress = progress;
      onFile = file;
      return request<ClusterImportResult>(
        { type: 'import-shards', files: files.map((f) => ({ name: f.name, file: f })) },
        (message) => {
          if (message.type !== 'result') return undefined;
          end(null);
          return message.result;
        },
      );
    },
    cancel() {
      end(new ClientError('aborted', 'The import was cancelled.'));
    },
  };
}
