/**
 * The replicate requests in the worker: the request is checked (seeds, variant, knob, frontier points) and
 * handed to the engine's runReplicates / summariseReplicates / paretoFrontier, whose answers are passed on.
 * The engine's two summary functions are spied on here (their own numbers are tested with the engine).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { FrontierPoint, ReplicateSummary, RunSummary } from '../engine/index';
import { ENGINE } from './engine';
import {
  workshopFrontier,
  workshopPoint,
  workshopSweepCsv,
  type WorkshopPointEngine,
} from './runWorkshopPoint';

const TEXT = readFileSync(new URL('../scenarios/workshop-lca-or-queue.yaml', import.meta.url), 'utf8');
const SUMMARY = { evictions: null } as unknown as ReplicateSummary;

function engine(): WorkshopPointEngine & {
  summariseReplicates: ReturnType<typeof vi.fn<(s: readonly RunSummary[]) => ReplicateSummary>>;
} {
  return {
    ...ENGINE.workshop,
    summariseReplicates: vi.fn<(s: readonly RunSummary[]) => ReplicateSummary>(() => SUMMARY),
    paretoFrontier: (points: readonly FrontierPoint[]) => points.map((p) => p.label === 'best'),
  };
}

describe('workshopPoint', () => {
  it('runs the variant over the seeds and sums up every run (one run: this scenario has no workload)', () => {
    const e = engine();
    const r = workshopPoint(e, { text: TEXT, variant: 'queue', seeds: 5 });
    if (!r.ok) throw new Error(r.errors.map((x) => x.text).join('\n'));
    expect(r.label).toBe('queue');
    expect(r.randomWorkload).toBe(false);
    expect(r.runs.map((x) => x.seed)).toEqual([null]);
    // The queue variant reclaims train-1 after a-train's 60 s: 4 GPU·min (as the comparison test says).
    expect(r.runs[0]?.summary.gpuMsLost).toBe(240_000);
    expect(e.summariseReplicates).toHaveBeenCalledWith([r.runs[0]?.summary]);
    expect(r.replicate).toBe(SUMMARY);
    // The frontier's axes from the summary: a figure no run had is NaN.
    expect(r.frontierPoint).toEqual({ label: 'queue', gpuMsLost: NaN, waitP95Ms: NaN, fairness: NaN });
  });

  it('the base when no variant is named', () => {
    const r = workshopPoint(engine(), { text: TEXT, seeds: 1 });
    expect(r.ok && [r.label, r.runs[0]?.summary.gpuMsLost]).toEqual(['base', 1_200_000]);
  });

  it('answers a bad request with an error naming the field, never a throw', () => {
    const e = engine();
    const seeds = workshopPoint(e, { text: TEXT, seeds: 0 });
    expect(!seeds.ok && seeds.errors[0]?.text).toBe('seeds: is a whole number from 1 to 100 (got 0)');
    const many = workshopPoint(e, { text: TEXT, seeds: 101 });
    expect(many.ok).toBe(false);
    const variant = workshopPoint(e, { text: TEXT, variant: 'nope', seeds: 1 });
    expect(!variant.ok && variant.errors[0]?.text).toBe(
      'variant "nope" does not exist (variants: base, queue, lca-60s, queue-5m)',
    );
    const broken = workshopPoint(e, { text: 'nodes: [', seeds: 1 });
    expect(broken.ok).toBe(false);
  });

  it('a knob path is set through the engine knobVariant, whose refusal names the path', () => {
    const e = engine();
    const plain = { ...e };
    delete plain.knobVariant;
    const without = workshopPoint(plain, { text: TEXT, knob: { path: 'seed', value: '2' }, seeds: 1 });
    expect(!without.ok && without.errors[0]?.text).toBe('seed: this worker cannot set a knob by its path');
    const refused = workshopPoint(
      { ...e, knobVariant: () => ({ ok: false, message: 'queue "x" does not exist' }) },
      { text: TEXT, knob: { path: 'queues.x.reclaimMinRuntime', value: '5m' }, seeds: 1 },
    );
    expect(!refused.ok && refused.errors[0]?.text).toBe(
      'queues.x.reclaimMinRuntime: queue "x" does not exist',
    );
  });
});

describe('workshopFrontier', () => {
  const p = (label: string, gpuMsLost = 1): FrontierPoint => ({
    label,
    gpuMsLost,
    waitP95Ms: 2,
    fairness: 0.5,
  });
  it('passes the engine flags on, in order', () => {
    expect(workshopFrontier(engine(), [p('a'), p('best'), p('c')])).toEqual({
      ok: true,
      flags: [false, true, false],
    });
  });
  it('refuses a point that is not three finite numbers, naming it', () => {
    expect(workshopFrontier(engine(), [p('a', Number.NaN)])).toMatchObject({ ok: true });
    expect(workshopFrontier(engine(), [p('a'), p('b', Number.POSITIVE_INFINITY)])).toEqual({
      ok: false,
      message: 'points[1] needs a label and three numbers (finite, or NaN for none)',
    });
  });
});

const WORKLOAD = `version: 1
seed: 7
nodes: [{ name: node, count: 2, resources: { gpu: 8 } }]
queues:
  - { name: a, resources: { gpu: { quota: 8 } } }
  - { name: b, resources: { gpu: { quota: 8 } } }
workload:
  - { queue: a, until: 20m, maxJobs: 20, arrivals: { ratePerHour: 60 }, gpus: 4, runtime: { fixed: 15m } }
  - { queue: b, until: 20m, maxJobs: 20, arrivals: { bursts: [{ at: 5m, jobs: 6, spread: 1m }] }, gpus: 2, runtime: { fixed: 5m } }
variants:
  - { name: slow, schedulePeriod: 1m }
run: { until: 40m }
`;

describe('workshopPoint with the engine', () => {
  it('runs the seeds s..s+K-1 of a workload and answers intervals and the frontier point', () => {
    const r = workshopPoint(ENGINE.workshop, { text: WORKLOAD, variant: 'slow', seeds: 3 });
    if (!r.ok) throw new Error(r.errors.map((x) => x.text).join('\n'));
    expect(r.randomWorkload).toBe(true);
    expect(r.runs.map((x) => x.seed)).toEqual([7, 8, 9]);
    expect(r.replicate.jobWaitP95Ms?.n).toBe(3);
    const waits = r.runs.map((x) => x.summary.jobWaitP95Ms ?? 0);
    expect(r.replicate.jobWaitP95Ms?.mean).toBeCloseTo((waits[0]! + waits[1]! + waits[2]!) / 3, 6);
    expect(r.frontierPoint.waitP95Ms).toBe(r.replicate.jobWaitP95Ms?.mean);
    // Deterministic: the same request, the same answer.
    expect(workshopPoint(ENGINE.workshop, { text: WORKLOAD, variant: 'slow', seeds: 3 })).toEqual(r);
  });
});

describe('workshopSweepCsv', () => {
  it('is the CLI sweep CSV of the points the worker answered: one row per point and seed, then the summary', () => {
    const points = ['base', 'slow'].map((variant) => {
      const r = workshopPoint(ENGINE.workshop, { text: WORKLOAD, variant, seeds: 2 });
      if (!r.ok) throw new Error('point failed');
      return { label: r.label, runs: r.runs };
    });
    const out = workshopSweepCsv(ENGINE.workshop, points);
    if (!out.ok) throw new Error(out.message);
    expect(out.csv).toBe(ENGINE.workshop.sweepCsv(ENGINE.workshop.sweepResults(points)));
    const lines = out.csv.split('\n');
    expect(lines[0]?.startsWith('point,seed,')).toBe(true);
    expect(lines.slice(1, 5).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      'base,7',
      'base,8',
      'slow,7',
      'slow,8',
    ]);
    expect(lines[5]).toBe('');
  });
  it('refuses a malformed point, naming it', () => {
    expect(workshopSweepCsv(ENGINE.workshop, [{ label: 'a', runs: [null] } as never])).toEqual({
      ok: false,
      message: 'points[0] needs a label and at most 100 runs',
    });
  });
});
