/**
 * `sim sweep` (§15.2): one CSV row per point and seed, then each point's intervals and frontier flag; the
 * same bytes on one thread or two (the worker_threads pool); errors name the flag (exit 2).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, runCli, runCliStreaming } from './runCli';
import { splitList } from './sweepCommand';

const dir = mkdtempSync(join(tmpdir(), 'sim-sweep-'));
const FILE = join(dir, 'sweep.yaml');
// Two teams on 8 GPUs: research's long jobs hold the cluster, product's bursts reclaim; min-runtime decides.
writeFileSync(
  FILE,
  `version: 1
seed: 3
scheduler:
  actions: [allocate, reclaim]
  schedulePeriod: 10s
  tiers:
    - plugins: [{name: predicates}, {name: proportion}, {name: priority}, {name: nodeplacement}, {name: minruntime}]
nodes: [{name: n, count: 2, resources: {gpu: 4}}]
queues:
  - {name: research, resources: {gpu: {quota: 4}}}
  - {name: product, resources: {gpu: {quota: 4}}}
workload:
  - {queue: research, until: 2m, maxJobs: 8, arrivals: {ratePerHour: 240}, gpus: [{value: 2, weight: 1}, {value: 4, weight: 1}], runtime: {fixed: 10m}}
  - {queue: product, from: 1m, until: 3m, maxJobs: 8, arrivals: {ratePerHour: 120, bursts: [{at: 1m, jobs: 4, spread: 20s}]}, gpus: 2, runtime: {shiftedExponential: {shift: 30s, mean: 1m}}}
variants:
  - {name: slow, schedulePeriod: 20s}
run: {until: 6m}
`,
);
const LCA = join(dir, 'lca.yaml');
writeFileSync(LCA, readFileSync(new URL('../scenarios/workshop-lca-or-queue.yaml', import.meta.url), 'utf8'));

function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

async function pooled(...argv: string[]) {
  let out = '';
  let err = '';
  const io = { stdout: (t: string) => (out += t), stderr: (t: string) => (err += t) };
  const code = await runCliStreaming(argv, io, (t) => {
    out += t;
    return Promise.resolve();
  });
  return { code, out, err };
}

const KNOB = [
  '--knob',
  'queues.research.reclaimMinRuntime',
  '--values',
  '0s,2m,20m',
  '--seeds',
  '3',
  '--csv',
];

describe('sim sweep', () => {
  it('prints a row per point and seed, then mean, low, high and the frontier per point', () => {
    const r = cli('sweep', FILE, ...KNOB);
    expect(r.err).toBe('');
    expect(r.code).toBe(EXIT.ok);
    const [runs = '', summary = ''] = r.out.split('\n\n');
    const rows = runs.split('\n');
    expect(rows[0]).toBe(
      'point,seed,Sessions,Evictions,GpuSecondsLost,MeanUtilisation,MaxWaitP95S,MeanTimeToFairShareS,MaxTimeToFairShareS,UnreachedFairShare,MeanFragmentedGpus,JobWaitP95S,MeanJainIndex',
    );
    expect(rows.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      '0s,3,37',
      '0s,4,37',
      '0s,5,37',
      '2m,3,37',
      '2m,4,37',
      '2m,5,37',
      '20m,3,37',
      '20m,4,37',
      '20m,5,37',
    ]);
    const lines = summary.trimEnd().split('\n');
    expect(lines[0]?.startsWith('point,runs,SessionsMean,SessionsLow,SessionsHigh,EvictionsMean,')).toBe(
      true,
    );
    expect(lines[0]?.endsWith(',MeanJainIndexHigh,frontier')).toBe(true);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['0s', '2m', '20m']);
    // The mean of a point is the mean of its rows (evictions: column 4 of the rows, 6 of the summary).
    const evictions = rows.slice(1, 4).map((l) => Number(l.split(',')[3]));
    const mean = evictions.reduce((a, b) => a + b, 0) / 3;
    expect(Number(lines[1]?.split(',')[5])).toBeCloseTo(mean, 6);
    // No min-runtime lets reclaim evict research's jobs; 20m protects them all (they run 10m).
    expect(mean).toBeGreaterThan(0);
    expect(rows.slice(7).map((l) => Number(l.split(',')[3]))).toEqual([0, 0, 0]);
    for (const l of lines.slice(1)) expect(['true', 'false']).toContain(l.split(',').at(-1));
  });

  it('is byte-identical on one thread and on two (the worker_threads pool)', async () => {
    const one = await pooled('sweep', FILE, ...KNOB, '--threads', '1');
    const two = await pooled('sweep', FILE, ...KNOB, '--threads', '2');
    expect(two.err).toBe('');
    expect(two.code).toBe(EXIT.ok);
    expect(two.out).toBe(one.out);
    expect(cli('sweep', FILE, ...KNOB).out).toBe(one.out);
  }, 60_000);

  it('JSON by default: runs, intervals and frontier per point; variants by name, base included', () => {
    const r = cli('sweep', FILE, '--variants', 'base,slow', '--seeds', '2');
    expect(r.code).toBe(EXIT.ok);
    const doc = JSON.parse(r.out) as {
      seeds: number;
      knob: string | null;
      points: {
        label: string;
        runs: { seed: number }[];
        summary: { evictions: { n: number } };
        frontier: boolean;
      }[];
    };
    expect(doc.knob).toBeNull();
    expect(doc.points.map((p) => [p.label, p.runs.map((x) => x.seed), p.summary.evictions.n])).toEqual([
      ['base', [3, 4], 2],
      ['slow', [3, 4], 2],
    ]);
    expect(doc.points.some((p) => p.frontier)).toBe(true);
  });

  it('without a workload: one run per point, seed empty, a note on stderr', () => {
    const r = cli('sweep', LCA, '--variants', 'base,queue', '--csv');
    expect(r.code).toBe(EXIT.ok);
    expect(r.err).toContain('note: no workload');
    const rows = r.out.split('\n\n')[0]?.split('\n') ?? [];
    expect(rows.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['base,', 'queue,']);
  });

  it('errors name the flag (exit 2)', () => {
    const cases: [string[], string][] = [
      [[], 'sweep needs either --variants'],
      [['--variants', 'base', '--knob', 'seed', '--values', '1'], 'sweep needs either --variants'],
      [['--knob', 'seed'], '--knob needs --values'],
      [['--variants', 'base,nope'], '--variants: variant "nope" does not exist (variants: base, slow)'],
      [['--variants', 'base,,slow'], '--variants: expected a comma-separated list'],
      [['--variants', 'slow,slow'], '--variants: "slow" is listed twice'],
      [
        ['--knob', 'queues.research.reclaimMinRuntime', '--values', '1m,soon'],
        '--knob/--values: queues.research.reclaimMinRuntime = soon:',
      ],
      [['--knob', 'nodes.n-0', '--values', '1'], 'unknown knob "nodes.n-0"'],
      [['--variants', 'base', '--seeds', '0'], '--seeds takes a whole number from 1 to 100, got "0"'],
      [['--variants', 'base', '--seeds', '101'], '--seeds takes a whole number from 1 to 100'],
      [['--variants', 'base', '--threads', 'x'], '--threads takes a whole number from 1 to 64'],
      [
        ['--knob', 'seed', '--values', Array.from({ length: 101 }, (_, i) => i).join(',')],
        'at most 100 points',
      ],
    ];
    for (const [flags, message] of cases) {
      const r = cli('sweep', FILE, ...flags);
      expect(r.code, flags.join(' ')).toBe(EXIT.invalid);
      expect(r.err, flags.join(' ')).toContain(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });

  it('splits values at commas outside brackets and quotes', () => {
    expect(splitList('[allocate, reclaim],[allocate], "a,b" ,x')).toEqual([
      '[allocate, reclaim]',
      '[allocate]',
      '"a,b"',
      'x',
    ]);
  });
});
