/**
 * The cluster import's state (issue 19, docs/decisions/0160): which file is open, the "Redact names"
 * switch, the worker's progress, then the report or the errors. The scenario text is handed to the caller
 * of `start` (which loads it as the current scenario) and never kept here; the redaction table stays in
 * memory only, for its CSV download, until the next import or a reload. Nothing here is persisted.
 *
 * The same file may be a public GPU trace (issue 20, decision 0192): `kind` says which dialog shows. A
 * trace's scenario text is kept here (in memory) from its import until "Open in editor" or the next
 * file, because the person reads the report before choosing; an import that fails returns to the
 * options with the engine's errors, and the worker keeps the file for the next try.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isClientError } from '../../client/ClientError';
import type { ClusterImportClient } from '../../client/ClusterImportClient';
import type {
  ClusterFileFormat,
  ClusterImportProgress,
  ClusterImportResult,
  TraceFormat,
  TraceImportError,
  TraceImportOptions,
  TraceImportReport,
} from '../../protocol/clusterImport';

export type ClusterImportOk = Extract<ClusterImportResult, { ok: true }>;
/** What the report shows: the result without its scenario text. */
export type ClusterImportReport = Omit<ClusterImportOk, 'text'>;

export type ImportStep =
  /** Nothing open (the dialog is closed). */
  | 'idle'
  /** The worker reads the file to tell a cluster file from a scenario. */
  | 'checking'
  /** A cluster file is open: the person may switch redaction on, then import. */
  | 'ready'
  | 'importing'
  | 'done'
  /** Nothing was imported (errors say why); the scenario loaded before stays. */
  | 'failed';

export interface ClusterImportState {
  step: ImportStep;
  file: { name: string; size: number } | null;
  /** Which import the open file is for, once read: a cluster (snapshot, YAML bundle) or a GPU trace. */
  kind: 'cluster' | 'trace' | null;
  /** What the open file is, once read (a KAI snapshot or a Kubernetes YAML bundle). */
  format: ClusterFileFormat | null;
  /** The trace format the engine detected from the file's content (null for a cluster file). */
  traceFormat: TraceFormat | null;
  /** The last trace import's report and scenario text (until the next file or import). */
  trace: { report: TraceImportReport; text: string } | null;
  /** The last trace import's errors (with line and column), shown beside the options. */
  traceErrors: TraceImportError[];
  redact: boolean;
  /**
   * Several KAI snapshots opened at once, one per shard, to be merged (decision 0327); null for one file.
   * Their names and sizes only: the files stay outside the state until the import reads them.
   */
  shardFiles: { name: string; size: number }[] | null;
  /** Which of several snapshots the import is reading (its progress is that file's). */
  shardFile: { index: number; count: number; name: string; bytes: number } | null;
  progress: ClusterImportProgress | null;
  /** `Date.now()` when the import started (for the elapsed seconds). */
  startedAt: number | null;
  report: ClusterImportReport | null;
  errors: string[];
  actions: {
    /**
     * Opens `file`: `cluster` shows the import (step `ready`), `other` means it is no cluster file (the
     * caller opens it as a scenario), `failed` that it could not be read (errors shown).
     */
    open(file: File): Promise<'cluster' | 'trace' | 'other' | 'failed'>;
    /**
     * Opens several files as KAI snapshots of one cluster, one per shard (§17.8): step `ready`; the import
     * reads and checks each, and merges them. Not redacted: pseudonyms are numbered per file.
     */
    openShards(files: readonly File[]): void;
    setRedact(redact: boolean): void;
    /** Imports the open file; resolves with the scenario to load, or null when it failed or was cancelled. */
    start(): Promise<ClusterImportOk | null>;
    /** Imports the open trace with `options`: step `done` with the report, or `ready` with the errors. */
    startTrace(options: TraceImportOptions): Promise<void>;
    /** From a trace's report back to its options (the file is still in the worker). */
    editTraceOptions(): void;
    cancel(): void;
    /** Closes the import (cancelling one in progress); the last report stays readable until the next. */
    close(): void;
  };
}

export type ClusterImportStore = StoreApi<ClusterImportState>;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createClusterImportStore(options: {
  createClient(): ClusterImportClient;
  now(): number;
}): ClusterImportStore {
  let client: ClusterImportClient | null = null;
  const clientOf = () => (client ??= options.createClient());
  /** Bumped by every open and cancel, so that a late answer of an abandoned file is ignored. */
  let token = 0;
  /** The files of `openShards`, until imported or abandoned. */
  let shards: readonly File[] | null = null;

  return createStore<ClusterImportState>()((set, get) => ({
    step: 'idle',
    file: null,
    kind: null,
    format: null,
    traceFormat: null,
    trace: null,
    traceErrors: [],
    redact: false,
    shardFiles: null,
    shardFile: null,
    progress: null,
    startedAt: null,
    report: null,
    errors: [],
    actions: {
      async open(file) {
        const mine = ++token;
        shards = null;
        set({
          shardFiles: null,
          shardFile: null,
          step: 'checking',
          file: { name: file.name, size: file.size },
          kind: null,
          format: null,
          traceFormat: null,
          trace: null,
          traceErrors: [],
          progress: null,
          errors: [],
        });
        let outcome;
        try {
          outcome = await clientOf().open(file);
        } catch (e) {
          if (mine !== token) return 'failed';
          set({ step: 'failed', errors: [messageOf(e)] });
          return 'failed';
        }
        if (mine !== token) return 'failed';
        switch (outcome.kind) {
          case 'cluster':
            set({ step: 'ready', kind: 'cluster', format: outcome.format });
            return 'cluster';
          case 'trace':
            set({ step: 'ready', kind: 'trace', traceFormat: outcome.traceFormat });
            return 'trace';
          case 'other':
            clientOf().cancel(); // its bytes are not needed: the caller reads a scenario itself
            set({ step: 'idle', file: null });
            return 'other';
          case 'unreadable':
            set({ step: 'failed', errors: outcome.errors });
            return 'failed';
        }
      },
      openShards(files) {
        ++token;
        client?.cancel();
        shards = [...files];
        set({
          step: 'ready',
          file: { name: `${files.length} KAI snapshots`, size: files.reduce((n, f) => n + f.size, 0) },
          kind: 'cluster',
          format: 'kai-snapshot',
          traceFormat: null,
          trace: null,
          traceErrors: [],
          redact: false,
          shardFiles: files.map((f) => ({ name: f.name, size: f.size })),
          shardFile: null,
          progress: null,
          errors: [],
        });
      },
      setRedact(redact) {
        if (get().step === 'ready' && shards === null) set({ redact });
      },
      async start() {
        const state = get();
        if (state.step !== 'ready' || state.file === null) return null;
        const mine = ++token;
        set({
          step: 'importing',
          startedAt: options.now(),
          progress: null,
          report: null,
          errors: [],
        });
        const onProgress = (progress: ClusterImportProgress) => {
          if (mine === token) set({ progress });
        };
        const files = shards;
        try {
          const result =
            files === null
              ? await clientOf().importOpened(state.file.name, state.redact, onProgress)
              : await clientOf().importShards(files, onProgress, (shardFile) => {
                  if (mine === token) set({ shardFile, progress: null });
                });
          if (mine !== token) return null;
          // The files are read: a retry is choosing them again (as for one file, whose worker has ended).
          shards = null;
          if (!result.ok) {
            set({ step: 'failed', errors: result.errors, progress: null, shardFile: null });
            return null;
          }
          const { text: _text, ...report } = result;
          set({ step: 'done', report, progress: null, shardFile: null });
          return result;
        } catch (e) {
          if (mine !== token || isClientError(e, 'aborted')) return null;
          shards = null;
          set({ step: 'failed', errors: [messageOf(e)], progress: null, shardFile: null });
          return null;
        }
      },
      async startTrace(traceOptions) {
        const state = get();
        if (state.step !== 'ready' || state.kind !== 'trace') return;
        const mine = ++token;
        set({ step: 'importing', startedAt: options.now(), trace: null, traceErrors: [], errors: [] });
        try {
          const result = await clientOf().importTrace(traceOptions);
          if (mine !== token) return;
          if (result.ok) set({ step: 'done', trace: { report: result.report, text: result.text } });
          else set({ step: 'ready', traceErrors: result.errors });
        } catch (e) {
          if (mine !== token || isClientError(e, 'aborted')) return;
          // The worker is gone (a crash): the file must be opened again.
          set({ step: 'failed', errors: [messageOf(e)] });
        }
      },
      editTraceOptions() {
        if (get().step === 'done' && get().kind === 'trace') set({ step: 'ready' });
      },
      cancel() {
        ++token;
        shards = null;
        client?.cancel();
        set({
          step: 'idle',
          file: null,
          progress: null,
          startedAt: null,
          errors: [],
          shardFiles: null,
          shardFile: null,
        });
      },
      close() {
        const { step, kind } = get();
        // A trace's worker holds the file until the dialog closes, whatever the step.
        if (step === 'checking' || step === 'ready' || step === 'importing' || kind === 'trace') {
          ++token;
          client?.cancel();
        }
        shards = null;
        set({
          step: 'idle',
          progress: null,
          startedAt: null,
          errors: [],
          trace: null,
          traceErrors: [],
          shardFile: null,
        });
      },
    },
  }));
}
