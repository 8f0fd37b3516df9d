/**
 * The Workshop store's sweep: a pool of clients, each point over K seeds, progress in runs as points
 * finish, the frontier asked of a worker at the end, Cancel terminates them; a comparison's replicates.
 */
import { describe, expect, it } from 'vitest';
import type { FrontierPoint, ReplicateSummary, RunSummary } from '../../engine/index';
import type { WorkshopPointResult } from '../../protocol/workshop';
import { createWorkshopStore, type SweepJob, type WorkshopClient } from './createWorkshopStore';

const summary = (gpuMsLost: number): RunSummary => ({
  sessions: 1,
  evictions: 1,
  gpuMsLost,
  meanUtilisation: 1,
  maxWaitP95Ms: null,
  meanTimeToFairShareMs: null,
  maxTimeToFairShareMs: null,
  unreachedFairShare: 0,
  meanFragmentedGpus: 0,
  jobWaitP95Ms: 60_000,
  meanJainIndex: 0.9,
});

/** A point's answer: K runs of the same summary, each figure an interval of no width. */
function point(
  label: string,
  gpuMsLost: number,
  seeds: number,
  waitMs: number | null = 60_000,
): WorkshopPointResult {
  const s = { ...summary(gpuMsLost), jobWaitP95Ms: waitMs };
  const replicate = Object.fromEntries(
    Object.entries(s).map(([k, v]) => [k, v === null ? null : { mean: v, low: v, high: v, n: seeds }]),
  ) as ReplicateSummary;
  const runs = Array.from({ length: seeds }, (_, i) => ({ seed: i + 1, sessionCount: 1, summary: s }));
  const frontierPoint = { label, gpuMsLost, waitP95Ms: waitMs ?? Number.NaN, fairness: 0.9 };
  return { ok: true, label, runs, replicate, randomWorkload: true, frontierPoint };
}

/** Clients whose runs finish only when the test says so. */
function pool() {
  const waiting: { variant: string; seeds: number; resolve(r: WorkshopPointResult): void }[] = [];
  const frontierAsked: FrontierPoint[][] = [];
  const disposed: number[] = [];
  let made = 0;
  const createClient = (): WorkshopClient => {
    const id = made++;
    return {
      workshopRun: () => Promise.reject(new Error('not used')),
      workshopCompare: () => Promise.reject(new Error('not used')),
      workshopPoint: ({ variant, seeds }) =>
        new Promise<WorkshopPointResult>((resolve) =>
          waiting.push({ variant: variant ?? 'base', seeds, resolve }),
        ),
      workshopFrontier: (points) => {
        frontierAsked.push(points);
        // The first point is beaten by the others in this fake: only the order of the flags matters here.
        return Promise.resolve(points.map((_, i) => i > 0));
      },
      workshopSweepCsv: (points) =>
        Promise.resolve(points.map((pt) => `${pt.label},${pt.runs.length}`).join('\n')),
      dispose: () => disposed.push(id),
    };
  };
  return { createClient, waiting, disposed, frontierAsked, made: () => made };
}

const jobs: SweepJob[] = [0, 60, 120].map((v) => ({ label: `${v}s`, text: 'x', variant: `sweep-${v}s` }));
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('workshop sweep', () => {
  it('runs the points on two workers at once over K seeds, counts runs and asks for the frontier', async () => {
    const p = pool();
    const store = createWorkshopStore({ createClient: p.createClient, concurrency: 2 });
    const done = store.getState().actions.sweep('queue a reclaimMinRuntime', jobs, 3);
    await flush();
    expect(p.made()).toBe(2);
    expect(store.getState().sweep).toMatchObject({
      status: 'running',
      done: 0,
      runsDone: 0,
      workers: 2,
      seeds: 3,
    });
    expect(p.waiting.map((w) => [w.variant, w.seeds])).toEqual([
      ['sweep-0s', 3],
      ['sweep-60s', 3],
    ]);
    p.waiting[1]?.resolve(point('60s', 5, 3));
    await flush();
    // The freed worker takes the third value.
    expect(p.waiting.map((w) => w.variant)).toEqual(['sweep-0s', 'sweep-60s', 'sweep-120s']);
    expect(store.getState().sweep).toMatchObject({ done: 1, runsDone: 3, randomWorkload: true });
    p.waiting[0]?.resolve(point('0s', 1, 3));
    p.waiting[2]?.resolve({ ok: false, errors: [] });
    await done;
    const s = store.getState().sweep;
    expect(s.status).toBe('done');
    expect(s.runsDone).toBe(6);
    expect(
      s.points.map((pt) => [pt.label, pt.status, pt.replicate?.gpuMsLost?.mean ?? null, pt.frontier]),
    ).toEqual([
      ['0s', 'done', 1, false],
      ['60s', 'done', 5, true],
      ['120s', 'failed', null, null],
    ]);
    // Only the finished points, as means, in point order.
    expect(p.frontierAsked).toEqual([
      [
        { label: '0s', gpuMsLost: 1, waitP95Ms: 60_000, fairness: 0.9 },
        { label: '60s', gpuMsLost: 5, waitP95Ms: 60_000, fairness: 0.9 },
      ],
    ]);
    expect(p.disposed).toEqual([0, 1]);
    // The CSV is asked of a fresh worker with the finished points' runs, which is then stopped.
    expect(await store.getState().actions.sweepCsv()).toBe('0s,3\n60s,3');
    expect(p.disposed).toEqual([0, 1, 2]);
  });

  it('a point without a wait figure is asked too, with NaN there (the engine ranks it worst, as in the CLI)', async () => {
    const p = pool();
    const store = createWorkshopStore({ createClient: p.createClient, concurrency: 1 });
    const done = store.getState().actions.sweep('k', jobs.slice(0, 2), 1);
    await flush();
    p.waiting[0]?.resolve(point('0s', 1, 1, null));
    await flush();
    p.waiting[1]?.resolve(point('60s', 2, 1));
    await done;
    expect(p.frontierAsked).toEqual([
      [
        { label: '0s', gpuMsLost: 1, waitP95Ms: Number.NaN, fairness: 0.9 },
        { label: '60s', gpuMsLost: 2, waitP95Ms: 60_000, fairness: 0.9 },
      ],
    ]);
    expect(store.getState().sweep.points.map((pt) => pt.frontier)).toEqual([false, true]);
  });

  it('Cancel terminates the workers and keeps what finished', async () => {
    const p = pool();
    const store = createWorkshopStore({ createClient: p.createClient, concurrency: 1 });
    void store.getState().actions.sweep('k', jobs, 2);
    await flush();
    p.waiting[0]?.resolve(point('0s', 1, 2));
    await flush();
    store.getState().actions.cancelSweep();
    expect(p.disposed).toEqual([0]);
    const s = store.getState().sweep;
    expect(s.status).toBe('cancelled');
    expect(s.points.map((pt) => pt.status)).toEqual(['done', 'cancelled', 'cancelled']);
    // A late answer from a cancelled run changes nothing, and no frontier is asked.
    p.waiting[1]?.resolve(point('60s', 9, 2));
    await flush();
    expect(store.getState().sweep.points[1]?.status).toBe('cancelled');
    expect(p.frontierAsked).toEqual([]);
  });
});
