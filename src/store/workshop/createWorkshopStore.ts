/**
 * The Workshop's state (issue 12): an A/B comparison of two variants on one cursor, and a sweep of one
 * knob. Every figure comes from the worker (protocol/workshop.ts); this store only asks and keeps the
 * answers. Each comparison and each sweep point runs in a workshop worker of its own, so the main run's
 * worker stays responsive; a sweep uses up to `concurrency` workers at once, and Cancel terminates them.
 * Issue 20: a sweep point and each side of a comparison run over K seeds (`workshopPoint`, one request per
 * point, so a point's replicates stay in one worker), and the sweep's frontier flags come from the worker.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RequestOptions, SimulationClient, WorkshopRequests } from '../../client/SimulationClient';
import type { FrontierPoint, ReplicateRun, ReplicateSummary } from '../../engine/index';
import type { IssueDto } from '../../protocol/messages';
import type { KnobSetting, WorkshopCompareResult, WorkshopPointResult } from '../../protocol/workshop';

/** What the workshop needs of a client: its two requests and a way to stop its worker. */
export type WorkshopClient = Pick<SimulationClient, 'dispose'> & WorkshopRequests;

export type CompareOk = Extract<WorkshopCompareResult, { ok: true }>;
export type PointOk = Extract<WorkshopPointResult, { ok: true }>;

/** Both sides of a comparison over K seeds (the summaries' means and intervals). */
export interface CompareReplicates {
  status: 'running' | 'done' | 'failed';
  seeds: number;
  a: PointOk | null;
  b: PointOk | null;
  error: string | null;
}

export interface CompareState {
  status: 'idle' | 'running' | 'done' | 'failed';
  a: string;
  b: string;
  result: CompareOk | null;
  /** The worker's or the scenario's problem, in words. */
  error: string | null;
  /** Null before the first comparison. */
  replicates: CompareReplicates | null;
}

/**
 * One point of a sweep: a variant of `text` (a knob picker writes the value into the text as a variant),
 * or a knob path set to one value on top of the base.
 */
export interface SweepJob {
  label: string;
  text: string;
  variant?: string;
  knob?: KnobSetting;
}

export interface SweepPoint {
  label: string;
  status: 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';
  /** Every seed's run (one with seed null without a random workload). */
  runs: readonly ReplicateRun[] | null;
  replicate: ReplicateSummary | null;
  /** The point on the frontier's axes, as the worker made it (NaN for a figure no run had). */
  frontierPoint: FrontierPoint | null;
  /** On the Pareto frontier (the worker's answer); null until known. */
  frontier: boolean | null;
  error: string | null;
}

export interface SweepState {
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
  /** The knob in words, e.g. `queue team-a reclaimMinRuntime`. */
  knob: string;
  /** Seeds asked per point. */
  seeds: number;
  /** From the worker's first answer: false = no workload, one run per point. Null before it. */
  randomWorkload: boolean | null;
  points: SweepPoint[];
  /** Points finished (done or failed). */
  done: number;
  /** Runs finished: the finished points' runs. */
  runsDone: number;
  /** Workers used at once. */
  workers: number;
  /** Why the frontier could not be found (the points stay shown). */
  frontierError: string | null;
}

export interface WorkshopState {
  compare: CompareState;
  /** The shared cursor of both sides: a session index (1-based). */
  cursor: number;
  sweep: SweepState;
  actions: {
    /** Compares `a` and `b` on the scenario's own seed, and summarises each over `seeds` seeds. */
    compare(text: string, a: string, b: string, seeds?: number): Promise<void>;
    setCursor(session: number): void;
    sweep(knob: string, jobs: readonly SweepJob[], seeds?: number): Promise<void>;
    /** The finished points as `sim sweep --csv` prints them (made in a worker); null without any. */
    sweepCsv(): Promise<string | null>;
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
  // The replicates of a comparison run beside it, in a worker of their own.
  let replicateClient: WorkshopClient | null = null;
  let compareToken = 0;
  let sweepClients: WorkshopClient[] = [];
  let sweepToken = 0;

  return createStore<WorkshopState>()((set, get) => {
    /** Asks a sweep worker which finished points are Pareto-optimal, and records its answer. */
    const markFrontier = async (token: number) => {
      const client = sweepClients[0];
      // Every finished point is asked, as the CLI's sweep does (a missing figure ranks worst there).
      const asked = get().sweep.points.flatMap((pt, i) =>
        pt.frontierPoint === null ? [] : [{ p: pt.frontierPoint, i }],
      );
      if (client === undefined || asked.length === 0) return;
      try {
        const flags = await client.workshopFrontier(
          asked.map((a) => a.p),
          request,
        );
        if (token !== sweepToken) return;
        const on = new Map(asked.map((a, k) => [a.i, flags[k] ?? false]));
        const s = get().sweep;
        set({ sweep: { ...s, points: s.points.map((p, i) => ({ ...p, frontier: on.get(i) ?? null })) } });
      } catch (e) {
        if (token !== sweepToken) return;
        set({ sweep: { ...get().sweep, frontierError: messageOf(e) } });
      }
    };
    return {
      compare: { status: 'idle', a: 'base', b: 'base', result: null, error: null, replicates: null },
      cursor: 1,
      sweep: {
        status: 'idle',
        knob: '',
        seeds: 1,
        randomWorkload: null,
        points: [],
        done: 0,
        runsDone: 0,
        workers: 0,
        frontierError: null,
      },
      actions: {
        async compare(text, a, b, seeds = 1) {
          const token = ++compareToken;
          const replicates: CompareReplicates = { status: 'running', seeds, a: null, b: null, error: null };
          const { result: before } = get().compare;
          set({ compare: { status: 'running', a, b, result: before, error: null, replicates } });
          compareClient ??= options.createClient();
          replicateClient ??= options.createClient();
          const setReplicates = (patch: Partial<CompareReplicates>) => {
            if (token !== compareToken) return;
            const c = get().compare;
            if (c.replicates === null) return;
            set({ compare: { ...c, replicates: { ...c.replicates, ...patch } } });
          };
          const sides = (async (client: WorkshopClient) => {
            try {
              for (const side of ['a', 'b'] as const) {
                const r = await client.workshopPoint({ text, variant: side === 'a' ? a : b, seeds }, request);
                if (!r.ok) return setReplicates({ status: 'failed', error: issuesText(r.errors) });
                setReplicates({ [side]: r });
              }
              setReplicates({ status: 'done' });
            } catch (e) {
              setReplicates({ status: 'failed', error: messageOf(e) });
            }
          })(replicateClient);
          try {
            const result = await compareClient.workshopCompare(text, a, b, request);
            if (token !== compareToken) return;
            const { replicates: now } = get().compare;
            if (!result.ok) {
              const error = issuesText(result.errors);
              set({ compare: { status: 'failed', a, b, result: null, error, replicates: now } });
            } else {
              const first = result.comparison.firstDivergence?.session ?? 1;
              set({ compare: { status: 'done', a, b, result, error: null, replicates: now }, cursor: first });
            }
          } catch (e) {
            if (token !== compareToken) return;
            const { replicates: now } = get().compare;
            set({ compare: { status: 'failed', a, b, result: null, error: messageOf(e), replicates: now } });
          }
          await sides;
        },
        setCursor(session) {
          set({ cursor: session });
        },
        async sweep(knob, jobs, seeds = 1) {
          get().actions.cancelSweep();
          const token = ++sweepToken;
          const workers = Math.max(1, Math.min(options.concurrency, jobs.length));
          const points: SweepPoint[] = jobs.map((j) => ({
            label: j.label,
            status: 'waiting',
            runs: null,
            replicate: null,
            frontierPoint: null,
            frontier: null,
            error: null,
          }));
          set({
            sweep: {
              status: 'running',
              knob,
              seeds,
              randomWorkload: null,
              points,
              done: 0,
              runsDone: 0,
              workers,
              frontierError: null,
            },
          });
          const update = (i: number, patch: Partial<SweepPoint>, randomWorkload?: boolean) => {
            if (token !== sweepToken) return;
            const s = get().sweep;
            const next = s.points.map((p, k) => (k === i ? { ...p, ...patch } : p));
            const finished = next.filter((p) => p.status === 'done' || p.status === 'failed');
            const runsDone = finished.reduce((n, p) => n + (p.runs?.length ?? 0), 0);
            set({
              sweep: {
                ...s,
                points: next,
                done: finished.length,
                runsDone,
                randomWorkload: randomWorkload ?? s.randomWorkload,
              },
            });
          };
          sweepClients = Array.from({ length: workers }, () => options.createClient());
          let next = 0;
          const work = async (client: WorkshopClient) => {
            while (token === sweepToken && next < jobs.length) {
              const i = next++;
              const job = jobs[i] as SweepJob;
              update(i, { status: 'running' });
              try {
                const { text, variant, knob: setting } = job;
                const params = {
                  text,
                  seeds,
                  ...(variant !== undefined && { variant }),
                  ...(setting !== undefined && { knob: setting }),
                };
                const r = await client.workshopPoint(params, request);
                if (r.ok)
                  update(
                    i,
                    { status: 'done', runs: r.runs, replicate: r.replicate, frontierPoint: r.frontierPoint },
                    r.randomWorkload,
                  );
                else update(i, { status: 'failed', error: issuesText(r.errors) });
              } catch (e) {
                update(i, { status: 'failed', error: messageOf(e) });
              }
            }
          };
          await Promise.all(sweepClients.map(work));
          if (token !== sweepToken) return;
          await markFrontier(token);
          if (token !== sweepToken) return;
          for (const c of sweepClients) c.dispose();
          sweepClients = [];
          const s = get().sweep;
          const failed = s.points.every((p) => p.status === 'failed');
          set({ sweep: { ...s, status: failed ? 'failed' : 'done' } });
        },
        async sweepCsv() {
          const points = get().sweep.points.flatMap((p) =>
            p.runs === null ? [] : [{ label: p.label, runs: [...p.runs] }],
          );
          if (points.length === 0) return null;
          const client = options.createClient();
          try {
            return await client.workshopSweepCsv(points, request);
          } finally {
            client.dispose();
          }
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
    };
  });
}
