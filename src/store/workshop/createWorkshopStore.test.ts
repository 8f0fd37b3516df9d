/** The Workshop store's sweep: a pool of clients, progress as points finish, Cancel terminates them. */
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../engine/index';
import type { WorkshopRunResult } from '../../protocol/workshop';
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
  jobWaitP95Ms: null,
  meanJainIndex: null,
});

/** Clients whose runs finish only when the test says so. */
function pool() {
  const waiting: { variant: string; resolve(r: WorkshopRunResult): void }[] = [];
  const disposed: number[] = [];
  let made = 0;
  const createClient = (): WorkshopClient => {
    const id = made++;
    return {
      workshopRun: (_text, variant) =>
        new Promise<WorkshopRunResult>((resolve) => waiting.push({ variant, resolve })),
      workshopCompare: () => Promise.reject(new Error('not used')),
      dispose: () => disposed.push(id),
    };
  };
  return { createClient, waiting, disposed, made: () => made };
}

const jobs: SweepJob[] = [0, 60, 120].map((v) => ({
  label: `${v}s`,
  value: v,
  text: 'x',
  variant: `sweep-${v}s`,
}));
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('workshop sweep', () => {
  it('runs the values on two workers at once and reports each as it finishes', async () => {
    const p = pool();
    const store = createWorkshopStore({ createClient: p.createClient, concurrency: 2 });
    const done = store.getState().actions.sweep('queue a reclaimMinRuntime', jobs);
    await flush();
    expect(p.made()).toBe(2);
    expect(store.getState().sweep).toMatchObject({ status: 'running', done: 0, workers: 2 });
    expect(p.waiting.map((w) => w.variant)).toEqual(['sweep-0s', 'sweep-60s']);
    p.waiting[1]?.resolve({
      ok: true,
      variant: 'sweep-60s',
      seed: null,
      sessionCount: 1,
      summary: summary(5),
    });
    await flush();
    // The freed worker takes the third value.
    expect(p.waiting.map((w) => w.variant)).toEqual(['sweep-0s', 'sweep-60s', 'sweep-120s']);
    expect(store.getState().sweep.done).toBe(1);
    p.waiting[0]?.resolve({
      ok: true,
      variant: 'sweep-0s',
      seed: null,
      sessionCount: 1,
      summary: summary(1),
    });
    p.waiting[2]?.resolve({ ok: false, errors: [] });
    await done;
    const s = store.getState().sweep;
    expect(s.status).toBe('done');
    expect(s.points.map((pt) => [pt.label, pt.status, pt.summary?.gpuMsLost ?? null])).toEqual([
      ['0s', 'done', 1],
      ['60s', 'done', 5],
      ['120s', 'failed', null],
    ]);
    expect(p.disposed).toEqual([0, 1]);
  });

  it('Cancel terminates the workers and keeps what finished', async () => {
    const p = pool();
    const store = createWorkshopStore({ createClient: p.createClient, concurrency: 1 });
    void store.getState().actions.sweep('k', jobs);
    await flush();
    p.waiting[0]?.resolve({
      ok: true,
      variant: 'sweep-0s',
      seed: null,
      sessionCount: 1,
      summary: summary(1),
    });
    await flush();
    store.getState().actions.cancelSweep();
    expect(p.disposed).toEqual([0]);
    const s = store.getState().sweep;
    expect(s.status).toBe('cancelled');
    expect(s.points.map((pt) => pt.status)).toEqual(['done', 'cancelled', 'cancelled']);
    // A late answer from a cancelled run changes nothing.
    p.waiting[1]?.resolve({
      ok: true,
      variant: 'sweep-60s',
      seed: null,
      sessionCount: 1,
      summary: summary(9),
    });
    await flush();
    expect(store.getState().sweep.points[1]?.status).toBe('cancelled');
  });
});
