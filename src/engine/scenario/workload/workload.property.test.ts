/**
 * Property tests of the workload generator (§19, issue 20 "Done when"): deterministic per seed, every
 * limit respected whatever the spec (absurd values included), and the drawn sizes, arrivals, runtimes and
 * shares match their distributions within 4 standard deviations over many draws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { JobSpec } from '../../model/scenario';
import type { WorkloadGenerator } from '../../model/workload';
import { MAX_JOBS, MAX_TASKS } from '../limits';
import { parseScenario } from '../parseScenario';
import { catalogueOf } from '../../registry';
import { generateJobs } from './generateJobs';
import { reseedScenario } from './reseedScenario';

const HOUR = 3_600_000;
const MINUTE = 60_000;

const BASE = {
  version: 1,
  name: 'w',
  nodes: [{ name: 'n', count: 2, resources: { gpu: 8 } }],
  queues: [{ name: 'top' }, { name: 'a', parent: 'top' }, { name: 'b', parent: 'top' }],
};

/** A generator with defaults, for drawing directly (no parsing). */
function generator(over: Partial<WorkloadGenerator>): WorkloadGenerator {
  return {
    queue: 'a',
    prefix: 'g',
    fromMs: 0,
    untilMs: 10 * HOUR,
    maxJobs: 100_000,
    arrivals: { ratePerHour: 1000, daily: null, bursts: [] },
    gpus: [{ value: 1, weight: 1 }],
    gpusPerTask: 8,
    runtime: { shape: { kind: 'fixed', ms: MINUTE }, minMs: null, maxMs: null },
    elastic: 0,
    elasticMin: 0.5,
    priorityClasses: [],
    preemptible: null,
    ...over,
  };
}

function draw(g: WorkloadGenerator, seed = 1): JobSpec[] {
  return generateJobs({ seed, generators: [g] }, 'kai', catalogueOf('kai').defaultPriorityClasses);
}

/** |observed share − p| within 4 standard deviations of a binomial share over n draws. */
function expectShare(hits: number, n: number, p: number): void {
  const sd = Math.sqrt((p * (1 - p)) / n);
  expect(Math.abs(hits / n - p), `share ${hits}/${n} vs ${p}`).toBeLessThan(4 * sd + 1e-9);
}

const gpusOf = (j: JobSpec) => j.tasks.reduce((a, t) => a + t.resources.gpu, 0);

describe('workload distributions (many draws, within 4σ)', () => {
  it('Poisson arrivals: count ≈ rate × span, every arrival in [from, until), sorted, whole ms', () => {
    for (const seed of [1, 2, 3, 42, 2_147_483_647]) {
      const g = generator({
        fromMs: HOUR,
        untilMs: 11 * HOUR,
        arrivals: { ratePerHour: 600, daily: null, bursts: [] },
      });
      const jobs = draw(g, seed);
      const mean = 600 * 10;
      expect(Math.abs(jobs.length - mean), `seed ${seed}`).toBeLessThan(4 * Math.sqrt(mean));
      for (const j of jobs) {
        expect(Number.isInteger(j.submitAtMs)).toBe(true);
        expect(j.submitAtMs).toBeGreaterThanOrEqual(HOUR);
        expect(j.submitAtMs).toBeLessThan(11 * HOUR);
      }
      const times = jobs.map((j) => j.submitAtMs);
      expect([...times].sort((x, y) => x - y)).toEqual(times);
      // Gaps are exponential: the share of gaps below the mean gap is 1 − 1/e.
      const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
      expectShare(gaps.filter((d) => d < HOUR / 600).length, gaps.length, 1 - 1 / Math.E);
    }
  });

  it('daily cycle: arrivals follow rate·(1 + a·cos): more near the peak, total ≈ rate × span', () => {
    const daily = { amplitude: 1, peakAtMs: 12 * HOUR, periodMs: 24 * HOUR };
    const jobs = draw(generator({ untilMs: 240 * HOUR, arrivals: { ratePerHour: 50, daily, bursts: [] } }));
    const mean = 50 * 240;
    expect(Math.abs(jobs.length - mean)).toBeLessThan(4 * Math.sqrt(mean));
    // Within ±6 h of the peak: ∫(1 + cos) over a half period / period = 1/2 + 1/π.
    const near = jobs.filter((j) => Math.abs(((j.submitAtMs % (24 * HOUR)) - 12 * HOUR) / HOUR) < 6).length;
    expectShare(near, jobs.length, 0.5 + 1 / Math.PI);
    // Amplitude 0 is the plain process.
    const flat = draw(
      generator({
        untilMs: 240 * HOUR,
        arrivals: { ratePerHour: 50, daily: { ...daily, amplitude: 0 }, bursts: [] },
      }),
    );
    const flatNear = flat.filter(
      (j) => Math.abs(((j.submitAtMs % (24 * HOUR)) - 12 * HOUR) / HOUR) < 6,
    ).length;
    expectShare(flatNear, flat.length, 0.5);
  });

  it('bursts: exactly `jobs` arrivals uniform in [at, at + spread); maxJobs keeps the earliest', () => {
    const bursts = [
      { atMs: 10 * MINUTE, jobs: 2000, spreadMs: 10 * MINUTE },
      { atMs: 5 * HOUR, jobs: 7, spreadMs: 0 },
    ];
    const jobs = draw(generator({ arrivals: { ratePerHour: 0, daily: null, bursts } }));
    expect(jobs.length).toBe(2007);
    const first = jobs.filter((j) => j.submitAtMs >= 10 * MINUTE && j.submitAtMs < 20 * MINUTE);
    expect(first.length).toBe(2000);
    expectShare(first.filter((j) => j.submitAtMs < 15 * MINUTE).length, 2000, 0.5);
    expect(jobs.filter((j) => j.submitAtMs === 5 * HOUR).length).toBe(7);
    const capped = draw(generator({ maxJobs: 100, arrivals: { ratePerHour: 0, daily: null, bursts } }));
    expect(capped.length).toBe(100);
    expect(capped.every((j) => j.submitAtMs < 20 * MINUTE)).toBe(true);
  });

  it('sizes: frequencies ≈ weights; tasks of at most gpusPerTask GPUs', () => {
    const gpus = [
      { value: 1, weight: 4 },
      { value: 8, weight: 1 },
      { value: 32, weight: 1 },
      { value: 0.5, weight: 2 },
    ];
    const jobs = draw(generator({ gpus, gpusPerTask: 8 }));
    const n = jobs.length;
    for (const { value, weight } of gpus)
      expectShare(jobs.filter((j) => gpusOf(j) === value).length, n, weight / 8);
    for (const j of jobs) {
      const g = gpusOf(j);
      expect(j.tasks.length).toBe(Math.max(1, Math.ceil(g / 8)));
      expect(j.tasks.every((t) => t.resources.gpu <= 8)).toBe(true);
    }
    const uneven = draw(generator({ gpus: [{ value: 12, weight: 1 }], maxJobs: 5 }));
    expect(uneven[0]?.tasks.map((t) => t.resources.gpu)).toEqual([8, 4]);
  });

  it('runtimes: log-normal median, shifted-exponential mean, the clamp; whole seconds', () => {
    const logNormal = draw(
      generator({
        runtime: { shape: { kind: 'logNormal', medianMs: 30 * MINUTE, sigma: 1 }, minMs: null, maxMs: null },
      }),
    );
    const n = logNormal.length;
    // Half the runtimes are below the median (a binomial share at p = 1/2).
    expectShare(logNormal.filter((j) => (j.runtimeMs ?? 0) < 30 * MINUTE).length, n, 0.5);
    // …and log(runtime) has standard deviation σ: 84% below median·e.
    expectShare(logNormal.filter((j) => (j.runtimeMs ?? 0) < 30 * MINUTE * Math.E).length, n, 0.841344746);
    const shifted = draw(
      generator({
        runtime: {
          shape: { kind: 'shiftedExponential', shiftMs: 5 * MINUTE, meanMs: 20 * MINUTE },
          minMs: null,
          maxMs: null,
        },
      }),
    );
    const mean = shifted.reduce((a, j) => a + (j.runtimeMs ?? 0), 0) / shifted.length;
    expect(Math.abs(mean - 25 * MINUTE)).toBeLessThan((4 * 20 * MINUTE) / Math.sqrt(shifted.length) + 500);
    expect(shifted.every((j) => (j.runtimeMs ?? 0) >= 5 * MINUTE)).toBe(true);
    const clamped = draw(
      generator({
        runtime: {
          shape: { kind: 'logNormal', medianMs: 30 * MINUTE, sigma: 2 },
          minMs: 10 * MINUTE,
          maxMs: HOUR,
        },
      }),
    );
    for (const j of [...logNormal, ...shifted, ...clamped]) expect((j.runtimeMs ?? 0) % 1000).toBe(0);
    expect(clamped.every((j) => (j.runtimeMs ?? 0) >= 10 * MINUTE && (j.runtimeMs ?? 0) <= HOUR)).toBe(true);
    expect(
      draw(
        generator({ runtime: { shape: { kind: 'fixed', ms: 0 }, minMs: null, maxMs: null }, maxJobs: 3 }),
      )[0]?.runtimeMs,
    ).toBe(1000);
  });

  it('shares: elastic among multi-task jobs, the class mix, preemptibility', () => {
    const jobs = draw(
      generator({
        gpus: [
          { value: 1, weight: 1 },
          { value: 32, weight: 1 },
        ],
        elastic: 0.3,
        elasticMin: 0.5,
        priorityClasses: [
          { value: 'train', weight: 3 },
          { value: 'build', weight: 1 },
        ],
        preemptible: 0.7,
      }),
    );
    const multi = jobs.filter((j) => j.tasks.length > 1);
    const elastic = multi.filter((j) => j.minAvailable < j.tasks.length);
    expectShare(elastic.length, multi.length, 0.3);
    expect(elastic.every((j) => j.minAvailable === 2)).toBe(true);
    expect(jobs.filter((j) => j.tasks.length === 1).every((j) => j.minAvailable === 1)).toBe(true);
    expectShare(jobs.filter((j) => j.priorityClassName === 'train').length, jobs.length, 0.75);
    expect(jobs.filter((j) => j.priorityClassName === 'build').every((j) => j.priority === 100)).toBe(true);
    expectShare(jobs.filter((j) => j.preemptible).length, jobs.length, 0.7);
    // Without a share, preemptibility follows the priority as for a written job (kai: < 100).
    const byPriority = draw(generator({ priorityClasses: [{ value: 'build', weight: 1 }], maxJobs: 50 }));
    expect(byPriority.every((j) => !j.preemptible)).toBe(true);
  });
});

/** Valid values of each generator field (the first of each list is also the default shape). */
const GOOD: Record<string, unknown[]> = {
  queue: ['a', 'b'],
  from: ['0s', '30m'],
  until: ['1h', '2h'],
  maxJobs: [3, 20, 300, 100_000],
  arrivals: [
    { ratePerHour: 60 },
    { ratePerHour: 30, daily: { amplitude: 0.5, peakAt: '30m' } },
    { bursts: [{ at: '40m', jobs: 3, spread: '1m' }] },
  ],
  gpus: [
    1,
    0.5,
    [
      { value: 2, weight: 1 },
      { value: 16, weight: 2 },
    ],
  ],
  gpusPerTask: [1, 8],
  runtime: [
    { fixed: '1m' },
    { logNormal: { median: '5m', sigma: 1 }, max: '1h' },
    { shiftedExponential: { shift: '1m', mean: '2m' } },
  ],
  elastic: [0, 0.5],
  elasticMin: [0.5, 1],
  preemptible: [0.2, 1],
};

/** Absurd values: wrong types, out of range, over the limits, unknown fields. */
const BAD: Record<string, unknown[]> = {
  queue: ['top', 'nope', 3],
  prefix: ['', 'x'.repeat(260)],
  from: ['-1s', 'soon', '3h'],
  until: ['0s', '10001h', 5],
  maxJobs: [100_001, 1e9, -1, 1.5],
  arrivals: [
    { ratePerHour: 100_001 },
    { ratePerHour: 'many' },
    {},
    { ratePerHour: 1, daily: { amplitude: 2, peakAt: '1h' } },
    { bursts: [{ at: '3h', jobs: 1 }] },
    { bursts: [{ at: '0s', jobs: 1e6 }] },
    { bursts: 'x' },
  ],
  gpus: [2.5, 1e6, -1, [], [{ value: 1, weight: 0 }], 'lots'],
  gpusPerTask: [0, 129],
  runtime: [
    { logNormal: { median: '5m', sigma: 99 } },
    { fixed: '1m', min: '2m', max: '1m' },
    {},
    '1m',
    undefined,
  ],
  elastic: [2],
  elasticMin: [0],
  preemptible: [-0.1],
  colour: ['red'],
};

const pickFrom = (table: Record<string, unknown[]>) =>
  fc.record(Object.fromEntries(Object.entries(table).map(([k, v]) => [k, fc.constantFrom(...v)])), {
    requiredKeys: [],
  });

/** A valid generator, or one with exactly one field made absurd (`broken` names it). */
const generatorArb = fc
  .record({
    good: pickFrom(GOOD),
    breakIt: fc.boolean(),
    field: fc.constantFrom(...Object.keys(BAD)),
    pick: fc.nat(),
  })
  .map(({ good, breakIt, field, pick }) => {
    const doc: Record<string, unknown> = {
      queue: 'a',
      until: '1h',
      arrivals: GOOD['arrivals']?.[0],
      runtime: { fixed: '1m' },
      ...good,
    };
    if (!breakIt) return { doc, broken: null };
    const bad = BAD[field] as unknown[];
    doc[field] = bad[pick % bad.length];
    if (doc[field] === undefined) delete doc[field];
    return { doc, broken: field };
  });

const documentArb = fc.record({
  seed: fc.option(fc.constantFrom<unknown>(0, 1, 7, 2_147_483_647, 2_147_483_648, -1, 0.5), {
    nil: undefined,
    freq: 2,
  }),
  workload: fc.array(generatorArb, { minLength: 0, maxLength: 3 }),
  handJob: fc.constantFrom<unknown>(null, 'g0-1', 'g1-01', 'a-7'),
});

describe('workload properties', () => {
  it('any spec: an error with a field path, or a scenario within §10 whose jobs keep to their generators', () => {
    let accepted = 0;
    let generated = 0;
    fc.assert(
      fc.property(documentArb, ({ seed, workload, handJob }) => {
        // Prefixes of their own, so that two valid generators never clash by default.
        const generators = workload.map(({ doc }, i) => ({ prefix: `g${i}`, ...doc }));
        const doc: Record<string, unknown> = { ...BASE, workload: generators };
        if (seed !== undefined) doc['seed'] = seed;
        if (handJob !== null) doc['jobs'] = [{ name: handJob, queue: 'a' }];
        const result = parseScenario(stringify(doc));
        if (!result.ok) {
          expect(result.errors.length).toBeGreaterThan(0);
          // With nothing absurd in it, only the seed-independent bounds and name clashes refuse a workload.
          const intact =
            workload.every((g) => g.broken === null) &&
            (seed === undefined || seed === 0 || seed === 1 || seed === 7 || seed === 2_147_483_647);
          if (intact)
            for (const e of result.errors) expect(['too-large', 'duplicate-name']).toContain(e.code);
          for (const e of result.errors) {
            expect(e.path, e.message).toMatch(/^(workload|seed|jobs)/);
            expect(e.line, `${e.path}: ${e.message}`).not.toBeNull();
          }
          return;
        }
        const s = result.scenario;
        accepted++;
        generated += s.jobs.filter((j) => j.generatedBy !== undefined).length;
        expect(s.jobs.length).toBeLessThanOrEqual(MAX_JOBS);
        expect(s.jobs.reduce((a, j) => a + j.tasks.length, 0)).toBeLessThanOrEqual(MAX_TASKS);
        const gens = s.workload?.generators ?? [];
        const names = new Set<string>();
        for (const j of s.jobs) {
          expect(names.has(j.name)).toBe(false);
          names.add(j.name);
          if (j.generatedBy === undefined) continue;
          const g = gens[j.generatedBy] as WorkloadGenerator;
          expect(j.queue).toBe(g.queue);
          expect(j.submitAtMs).toBeGreaterThanOrEqual(g.fromMs);
          expect(j.submitAtMs).toBeLessThan(g.untilMs);
          expect(j.name.startsWith(`${g.prefix}-`)).toBe(true);
        }
        gens.forEach((g, i) =>
          expect(s.jobs.filter((j) => j.generatedBy === i).length).toBeLessThanOrEqual(g.maxJobs),
        );
      }),
      { numRuns: 300, seed: 20_261_127 },
    );
    // Both branches are exercised: valid workloads that generate jobs, and refused ones.
    expect(accepted).toBeGreaterThan(20);
    expect(generated).toBeGreaterThan(100);
  });

  it('deterministic per seed: parsing twice gives the same jobs; reseed(s, k) equals parsing with seed k', () => {
    const valid = fc.record({
      seed: fc.integer({ min: 0, max: 2_147_483_647 }),
      other: fc.integer({ min: 0, max: 2_147_483_647 }),
      rate: fc.integer({ min: 1, max: 200 }),
      amplitude: fc.double({ min: 0, max: 1, noNaN: true }),
      burst: fc.integer({ min: 0, max: 20 }),
      sigma: fc.double({ min: 0, max: 3, noNaN: true }),
      elastic: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(valid, (v) => {
        const text = (seed: number) =>
          stringify({
            ...BASE,
            seed,
            workload: [
              {
                queue: 'a',
                until: '2h',
                maxJobs: 300,
                arrivals: {
                  ratePerHour: v.rate,
                  daily: { amplitude: v.amplitude, peakAt: '1h', period: '2h' },
                  ...(v.burst > 0 ? { bursts: [{ at: '10m', jobs: v.burst, spread: '5m' }] } : {}),
                },
                gpus: [
                  { value: 1, weight: 2 },
                  { value: 16, weight: 1 },
                ],
                runtime: { logNormal: { median: '10m', sigma: v.sigma } },
                elastic: v.elastic,
                priorityClasses: [
                  { name: 'train', weight: 1 },
                  { name: 'build', weight: 1 },
                ],
              },
              {
                queue: 'b',
                until: '1h',
                arrivals: { ratePerHour: v.rate },
                runtime: { shiftedExponential: { shift: '1m', mean: '3m' } },
              },
            ],
          });
        const a = parseScenario(text(v.seed));
        const b = parseScenario(text(v.seed));
        const k = parseScenario(text(v.other));
        if (!a.ok || !b.ok || !k.ok) throw new Error('a valid workload was refused');
        expect(JSON.stringify(b.scenario)).toBe(JSON.stringify(a.scenario));
        expect(JSON.stringify(reseedScenario(a.scenario, v.other))).toBe(JSON.stringify(k.scenario));
      }),
      { numRuns: 60, seed: 20_261_127 },
    );
  });
});
