/**
 * The Workshop's state (issue 12): an A/B comparison of two variants on one cursor, and a sweep of one
 * knob. Every figure comes from the worker (protocol/workshop.ts); this store only asks and keeps the
 * answers. Each comparison and each sweep point runs in a workshop worker of its own, so the main run's
 * worker stays responsive; a sweep uses up to `concurrency` workers at once, and Cancel terminates them.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RequestOptions, SimulationClient, WorkshopRequests } from '../../client/SimulationClient';
import type { RunSummary } from '../../engine/index';
import type { IssueDto } from '../../protocol/messages';
import type { WorkshopCompareResult } from '../../protocol/workshop';

/** What the workshop needs of a client: its two requests and a way to stop its worker. */
export type WorkshopClient = Pick<SimulationClient, 'dispose'> & WorkshopRequests;

export type CompareOk = Extract<WorkshopCompareResult, { ok: true }>;

export interface CompareState {
  status: 'idle' | 'running' | 'done' | 'failed';
  a: string;
  b: string;
  result: CompareOk | null;
  /** The worker's or the scenario's problem, in words. */
  error: string | null;
}

/** One value of the swept knob: the scenario text with a variant that sets it. */
export interface SweepJob {
  label: string;
  value: number;
  text: string;
  variant: string;
}

export interface SweepPoint {
  label: string;
  value: number;
  status: 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';
  summary: RunSummary | null;
  error: string | null;
}

export interface SweepState {
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
  /** The knob in words, e.g. `queue team-a reclaimMinRuntime`. */
  knob: string;
  points: SweepPoint[];
  done: number;
  /** Workers used at once. */
  workers: number;
}

export interface WorkshopState {
  compare: CompareState;
  /** The shared cursor of both sides: a session index (1-based). */
  cursor: number;
  sweep: SweepState;
  actions: {
    compare(text: string, a: string, b: string): Promise<void>;
    setCursor(session: number): void;
    sweep(knob: string, jobs: readonly SweepJob[]): Promise<void>;
    cancelSweep(): void;
  };
}

export type WorkshopStore = StoreApi<WorkshopState>;

export interface WorkshopStoreOptions {
  createClient(): WorkshopClient;
  /** Sweep workers at once (the page passes navigator.hardwareConcurrency). */
  concurrency: number;
  /** A variant run may take long on a big scenario; this bounds one request (default 5 min). */
  timeoutMs?: number;
}

const issuesText = (errors: readonly IssueDto[]) => errors.map((e) => e.text).join('\n');
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createWorkshopStore(options: WorkshopStoreOptions): WorkshopStore {
  const request: RequestOptions = { timeoutMs: options.timeoutMs ?? 300_000 };
  let compareClient: WorkshopClient | null = null;
  let compareToken = 0;
  let sweepClients: WorkshopClient[] = [];
  let sweepToken = 0;

  return createStore<WorkshopState>()((set, get) => ({
    compare: { status: 'idle', a: 'base', b: 'base', result: null, error: null },
    cursor: 1,
    sweep: { status: 'idle', knob: '', points: [], done: 0, workers: 0 },
    actions: {
      async compare(text, a, b) {
        const token = ++compareToken;
        set({ compare: { status: 'running', a, b, result: get().compare.result, error: null } });
        compareClient ??= options.createClient();
        try {
          const result = await compareClient.workshopCompare(text, a, b, request);
          if (token !== compareToken) return;
          if (!result.ok) {
            set({ compare: { status: 'failed', a, b, result: null, error: issuesText(result.errors) } });
            return;
          }
          const first = result.comparison.firstDivergence?.session ?? 1;
          set({ compare: { status: 'done', a, b, result, error: null }, cursor: first });
        } catch (e) {
          if (token !== compareToken) return;
          set({ compare: { status: 'failed', a, b, result: null, error: messageOf(e) } });
        }
      },
      setCursor(session) {
        set({ cursor: session });
      },
      async sweep(knob, jobs) {
        get().actions.cancelSweep();
        const token = ++sweepToken;
        const workers = Math.max(1, Math.min(options.concurrency, jobs.length));
        const points: SweepPoint[] = jobs.map((j) => ({
          label: j.label,
          value: j.value,
          status: 'waiting',
          summary: null,
          error: null,
        }));
        set({ sweep: { status: 'running', knob, points, done: 0, workers } });
        const update = (i: number, patch: Partial<SweepPoint>) => {
          if (token !== sweepToken) return;
          const s = get().sweep;
          const next = s.points.map((p, k) => (k === i ? { ...p, ...patch } : p));
          const done = next.filter((p) => p.status === 'done' || p.status === 'failed').length;
          set({ sweep: { ...s, points: next, done } });
        };
        sweepClients = Array.from({ length: workers }, () => options.createClient());
        let next = 0;
        const work = async (client: WorkshopClient) => {
          while (token === sweepToken && next < jobs.length) {
            const i = next++;
            const job = jobs[i] as SweepJob;
            update(i, { status: 'running' });
            try {
              const r = await client.workshopRun(job.text, job.variant, request);
              if (r.ok) update(i, { status: 'done', summary: r.summary });
              else update(i, { status: 'failed', error: issuesText(r.errors) });
            } catch (e) {
              update(i, { status: 'failed', error: messageOf(e) });
            }
          }
        };
        await Promise.all(sweepClients.map(work));
        if (token !== sweepToken) return;
        for (const c of sweepClients) c.dispose();
        sweepClients = [];
        const s = get().sweep;
        const failed = s.points.every((p) => p.status === 'failed');
        set({ sweep: { ...s, status: failed ? 'failed' : 'done' } });
      },
      cancelSweep() {
        const s = get().sweep;
        sweepToken++;
        for (const c of sweepClients) c.dispose();
        sweepClients = [];
        if (s.status !== 'running') return;
        const points = s.points.map((p) =>
          p.status === 'waiting' || p.status === 'running' ? { ...p, status: 'cancelled' as const } : p,
        );
        set({ sweep: { ...s, points, status: 'cancelled' } });
      },
    },
  }));
}
