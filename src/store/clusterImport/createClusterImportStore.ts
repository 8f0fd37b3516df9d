/**
 * The cluster import's state (issue 19, docs/decisions/0160): which file is open, the "Redact names"
 * switch, the worker's progress, then the report or the errors. The scenario text is handed to the caller
 * of `start` (which loads it as the current scenario) and never kept here; the redaction table stays in
 * memory only, for its CSV download, until the next import or a reload. Nothing here is persisted.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isClientError } from '../../client/ClientError';
import type { ClusterImportClient } from '../../client/ClusterImportClient';
import type {
  ClusterFileFormat,
  ClusterImportProgress,
  ClusterImportResult,
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
  /** What the open file is, once read (a KAI snapshot or a Kubernetes YAML bundle). */
  format: ClusterFileFormat | null;
  redact: boolean;
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
    open(file: File): Promise<'cluster' | 'other' | 'failed'>;
    setRedact(redact: boolean): void;
    /** Imports the open file; resolves with the scenario to load, or null when it failed or was cancelled. */
    start(): Promise<ClusterImportOk | null>;
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

  return createStore<ClusterImportState>()((set, get) => ({
    step: 'idle',
    file: null,
    format: null,
    redact: false,
    progress: null,
    startedAt: null,
    report: null,
    errors: [],
    actions: {
      async open(file) {
        const mine = ++token;
        set({
          step: 'checking',
          file: { name: file.name, size: file.size },
          format: null,
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
            set({ step: 'ready', format: outcome.format });
            return 'cluster';
          case 'other':
            clientOf().cancel(); // its bytes are not needed: the caller reads a scenario itself
            set({ step: 'idle', file: null });
            return 'other';
          case 'unreadable':
            set({ step: 'failed', errors: outcome.errors });
            return 'failed';
        }
      },
      setRedact(redact) {
        if (get().step === 'ready') set({ redact });
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
        try {
          const result = await clientOf().importOpened(state.file.name, state.redact, (progress) => {
            if (mine === token) set({ progress });
          });
          if (mine !== token) return null;
          if (!result.ok) {
            set({ step: 'failed', errors: result.errors, progress: null });
            return null;
          }
          const { text: _text, ...report } = result;
          set({ step: 'done', report, progress: null });
          return result;
        } catch (e) {
          if (mine !== token || isClientError(e, 'aborted')) return null;
          set({ step: 'failed', errors: [messageOf(e)], progress: null });
          return null;
        }
      },
      cancel() {
        ++token;
        client?.cancel();
        set({ step: 'idle', file: null, progress: null, startedAt: null, errors: [] });
      },
      close() {
        if (get().step === 'checking' || get().step === 'ready' || get().step === 'importing') {
          ++token;
          client?.cancel();
        }
        set({ step: 'idle', progress: null, startedAt: null, errors: [] });
      },
    },
  }));
}
