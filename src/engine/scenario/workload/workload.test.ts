import { describe, expect, it } from 'vitest';
import { parseScenario } from '../parseScenario';
import { serialiseScenario } from '../serialiseScenario';
import { applyVariant, findVariant } from '../applyVariant';
import { exportKubernetesYaml } from '../exporters/exportKubernetesYaml';
import { importKubernetesYaml } from '../importers/importKubernetesYaml';
import { expandWorkloadText, hasRandomWorkload, reseedScenario } from './index';
import type { Scenario } from '../../model/scenario';
import { runCli } from '../../../cli/runCli';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BASE = `version: 1
name: wl
nodes:
  - {name: n, count: 4, resources: {gpu: 8}}
queues:
  - {name: org}
  - {name: research, parent: org}
  - {name: product, parent: org}
jobs:
  - {name: hand, queue: research, resources: {gpu: 1}}
`;

const WORKLOAD = `seed: 7
workload:
  - queue: research
    until: 2h
    maxJobs: 40
    arrivals:
      ratePerHour: 10
      daily: {amplitude: 0.5, peakAt: 1h, period: 2h}
      bursts: [{at: 10m, jobs: 5, spread: 1m}]
    gpus: [{value: 1, weight: 4}, {value: 8, weight: 1}, {value: 16, weight: 1}]
    runtime: {logNormal: {median: 30m, sigma: 1}, max: 3h}
    elastic: 0.5
    priorityClasses: [{name: train, weight: 3}, {name: build, weight: 1}]
    preemptible: 0.7
  - queue: product
    prefix: p
    until: 1h
    arrivals: {ratePerHour: 20}
    runtime: {shiftedExponential: {shift: 1m, mean: 5m}}
`;

function parsed(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return r.scenario;
}

function errorsOf(text: string): string[] {
  const r = parseScenario(text);
  if (r.ok) return [];
  return r.errors.map((e) => `${e.path} @${String(e.line)}: ${e.message}`);
}

/** The base with one generator whose fields are `fields` (YAML lines at the generator's indentation). */
const oneGenerator = (fields: string) =>
  `${BASE}workload:\n  - queue: research\n${fields
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\n`;

describe('workload (§19)', () => {
  it('generates jobs into jobs after the written ones, ordered by submit time, with generatedBy', () => {
    const s = parsed(BASE + WORKLOAD);
    expect(s.jobs[0]?.name).toBe('hand');
    const generated = s.jobs.slice(1);
    expect(generated.length).toBeGreaterThan(10);
    expect(generated.every((j) => j.generatedBy === 0 || j.generatedBy === 1)).toBe(true);
    const times = generated.map((j) => j.submitAtMs);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Names zero-padded to maxJobs' width, numbered in arrival order per generator.
    const research = generated.filter((j) => j.generatedBy === 0);
    expect(research[0]?.name).toBe('research-01');
    expect(research.map((j) => j.name)).toEqual([...research.map((j) => j.name)].sort());
    expect(generated.find((j) => j.generatedBy === 1)?.name).toBe('p-0001');
    for (const job of generated) {
      expect(Number.isInteger(job.submitAtMs)).toBe(true);
      expect((job.runtimeMs ?? 0) % 1000).toBe(0);
      expect(job.runtimeMs ?? 0).toBeGreaterThanOrEqual(1000);
      const gpus = job.tasks.reduce((a, t) => a + t.resources.gpu, 0);
      expect(job.tasks.every((t) => t.resources.gpu <= 8)).toBe(true);
      if (job.generatedBy === 0) expect([1, 8, 16]).toContain(gpus);
      if (job.generatedBy === 0) expect(job.runtimeMs ?? 0).toBeLessThanOrEqual(3 * 3_600_000);
      if (job.generatedBy === 1) expect(job.submitAtMs).toBeLessThan(3_600_000);
    }
    // The burst: five arrivals in [10m, 11m).
    expect(
      research.filter((j) => j.submitAtMs >= 600_000 && j.submitAtMs < 660_000).length,
    ).toBeGreaterThanOrEqual(5);
    expect(hasRandomWorkload(s)).toBe(true);
  });

  it('is the same for the same seed and different for another; reseed equals parsing with that seed', () => {
    const a = parsed(BASE + WORKLOAD);
    const b = parsed(BASE + WORKLOAD);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const other = parsed(BASE + WORKLOAD.replace('seed: 7', 'seed: 8'));
    expect(JSON.stringify(other.jobs)).not.toBe(JSON.stringify(a.jobs));
    expect(JSON.stringify(reseedScenario(a, 8))).toBe(JSON.stringify(other));
    const noSeed = parsed(BASE);
    expect(reseedScenario(noSeed, 3)).toBe(noSeed);
    expect(hasRandomWorkload(noSeed)).toBe(false);
  });

  it("keeps one generator's jobs when another generator is added (a stream per generator)", () => {
    const one = parsed(BASE + WORKLOAD.slice(0, WORKLOAD.indexOf('  - queue: product')));
    const two = parsed(BASE + WORKLOAD);
    const research = (s: Scenario) => JSON.stringify(s.jobs.filter((j) => j.generatedBy === 0));
    expect(research(two)).toBe(research(one));
  });

  it('serialises the workload and seed, not the generated jobs; the round trip is exact', () => {
    const s = parsed(BASE + WORKLOAD);
    const text = serialiseScenario(s);
    expect(text).toContain('workload:');
    expect(text).toContain('seed: 7');
    expect(text).not.toContain('research-01');
    expect(JSON.stringify(parsed(text))).toBe(JSON.stringify(s));
    // seed alone is kept too.
    const seedOnly = parsed(`${BASE}seed: 3\n`);
    expect(serialiseScenario(seedOnly)).toContain('seed: 3');
  });

  it('expands into plain jobs that parse to the same jobs; a variant seed cannot be expanded', () => {
    const s = parsed(BASE + WORKLOAD);
    const expanded = expandWorkloadText(BASE + WORKLOAD);
    if (!expanded.ok) throw new Error('expand failed');
    expect(expanded.generatedJobs).toBe(s.jobs.length - 1);
    expect(expanded.text).not.toContain('workload:');
    const back = parsed(expanded.text);
    expect(back.workload).toBeUndefined();
    const plain = (x: Scenario) => JSON.stringify(x.jobs.map(({ generatedBy: _g, ...j }) => j));
    expect(plain(back)).toBe(plain(s));
    const withVariant = `${BASE + WORKLOAD}variants:\n  - {name: other, seed: 9}\n`;
    const refused = expandWorkloadText(withVariant);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors[0]?.path).toBe('variants[0].seed');
    const bad = expandWorkloadText(oneGenerator('until: 1h\narrivals: {ratePerHour: 1}'));
    expect(bad.ok).toBe(false);
  });

  it('lets a variant re-seed the workload, and refuses changes to generated jobs by name', () => {
    const s = parsed(`${BASE + WORKLOAD}variants:\n  - {name: other, seed: 9}\n`);
    const variant = findVariant(s, 'other');
    expect(variant?.seed).toBe(9);
    const applied = applyVariant(s, variant);
    expect(JSON.stringify(applied.jobs)).toBe(JSON.stringify(reseedScenario(s, 9).jobs));
    expect(serialiseScenario(s)).toContain('seed: 9');
    expect(
      errorsOf(`${BASE + WORKLOAD}variants:\n  - {name: v, jobs: [{name: research-01, priority: 5}]}\n`),
    ).toEqual([expect.stringContaining('variants[0].jobs[0].name @') as string]);
    expect(errorsOf(`${BASE}variants:\n  - {name: v, seed: 2}\n`)[0]).toMatch(
      /^variants\[0\]\.seed @\d+: .*no workload/,
    );
  });

  it('reports every bad field with its path and line', () => {
    const cases: [string, RegExp][] = [
      ['until: 1h\narrivals: {ratePerHour: 1}', /^workload\[0\]\.runtime @12: required field "runtime"/],
      [
        'until: 1h\narrivals: {ratePerHour: -1}\nruntime: {fixed: 1m}',
        /^workload\[0\]\.arrivals\.ratePerHour @14/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1e9}\nruntime: {fixed: 1m}',
        /^workload\[0\]\.arrivals\.ratePerHour @14/,
      ],
      [
        'until: 1h\narrivals: {}\nruntime: {fixed: 1m}',
        /^workload\[0\]\.arrivals @14: arrivals need ratePerHour/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m, logNormal: {median: 1m, sigma: 1}}',
        /^workload\[0\]\.runtime @15: a runtime has exactly one/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {logNormal: {median: 1m, sigma: 11}}',
        /^workload\[0\]\.runtime\.logNormal\.sigma @15/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m, min: 2m, max: 1m}',
        /^workload\[0\]\.runtime\.max @15: max \(1m0s\) is below min/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m}\ngpus: 2.5',
        /^workload\[0\]\.gpus @16: a job asks for whole GPUs/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m}\ngpus: []',
        /^workload\[0\]\.gpus @16: list at least one/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m}\ngpus: [{value: 1, weight: 0}]',
        /^workload\[0\]\.gpus\[0\]\.weight @16/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m}\ngpus: 100000\ngpusPerTask: 1',
        /^workload\[0\]\.gpus @16: a job of 100000 GPUs would have 100000 tasks/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m}\nelastic: 1.5',
        /^workload\[0\]\.elastic @16/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m}\npriorityClasses: [{name: nope, weight: 1}]',
        /^workload\[0\]\.priorityClasses\[0\]\.name @16: priority class "nope" does not exist/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m}\ncolour: red',
        /^workload\[0\]\.colour @16: unknown field/,
      ],
      [
        'until: 1h\narrivals: {bursts: [{at: 2h, jobs: 3}]}\nruntime: {fixed: 1m}',
        /^workload\[0\]\.arrivals\.bursts\[0\] @14: a burst's arrivals/,
      ],
      [
        'until: 1h\nmaxJobs: 2\narrivals: {bursts: [{at: 1m, jobs: 3}]}\nruntime: {fixed: 1m}',
        /^workload\[0\]\.arrivals\.bursts @15: the bursts make 3 jobs/,
      ],
      [
        'from: 2h\nuntil: 1h\narrivals: {ratePerHour: 1}\nruntime: {fixed: 1m}',
        /^workload\[0\]\.until @14: until \(1h0m0s\) must be after from/,
      ],
      [
        'until: 1h\narrivals: {ratePerHour: 1, daily: {amplitude: 2, peakAt: 0s}}\nruntime: {fixed: 1m}',
        /^workload\[0\]\.arrivals\.daily\.amplitude @14/,
      ],
    ];
    for (const [fields, expected] of cases) {
      const errors = errorsOf(oneGenerator(fields));
      expect(errors.length, fields).toBeGreaterThan(0);
      expect(errors[0], fields).toMatch(expected);
    }
  });

  it('refuses a queue that is missing or not a leaf, a bad seed and unknown workload shapes', () => {
    const text = (queue: string) =>
      `${BASE}workload:\n  - {queue: ${queue}, until: 1h, arrivals: {ratePerHour: 1}, runtime: {fixed: 1m}}\n`;
    expect(errorsOf(text('nope'))[0]).toMatch(/^workload\[0\]\.queue @12: queue "nope" does not exist/);
    expect(errorsOf(text('org'))[0]).toMatch(/^workload\[0\]\.queue @12: queue "org" has child queues/);
    expect(errorsOf(`${BASE}seed: -1\n`)[0]).toMatch(/^seed @11/);
    expect(errorsOf(`${BASE}seed: 2147483648\n`)[0]).toMatch(/^seed @11/);
    expect(errorsOf(`${BASE}workload: 3\n`)[0]).toMatch(/^workload @11/);
    expect(errorsOf(`${BASE}workload: [3]\n`)[0]).toMatch(
      /^workload\[0\] @11: expected a workload generator/,
    );
  });

  it('refuses names that could clash, for every seed', () => {
    const gen = (prefix: string) =>
      `  - {queue: research, prefix: ${prefix}, until: 1h, maxJobs: 20, arrivals: {ratePerHour: 0.001}, runtime: {fixed: 1m}}\n`;
    // No job is generated at this rate, yet the name could be for another seed: refused anyway.
    const clash = `${BASE}  - {name: r-07, queue: research}\nworkload:\n${gen('r')}`;
    expect(errorsOf(clash)[0]).toMatch(/^workload\[0\]\.prefix @13: job "r-07" is written by hand/);
    const taskClash = `${BASE}  - {name: x, queue: research, tasks: [{name: r-20-3}]}\nworkload:\n${gen('r')}`;
    expect(errorsOf(taskClash)[0]).toMatch(/task "r-20-3" is written by hand/);
    // Outside the range or the width: no clash.
    expect(
      errorsOf(
        `${BASE}  - {name: r-21, queue: research}\n  - {name: r-7, queue: research}\nworkload:\n${gen('r')}`,
      ),
    ).toEqual([]);
    expect(errorsOf(`${BASE}workload:\n${gen('r')}${gen('r')}`)[0]).toMatch(
      /^workload\[1\]\.prefix @\d+: prefix "r" is already used by workload\[0\]/,
    );
  });

  it('bounds the workload by maxJobs for every seed: too-large naming workload[i].maxJobs', () => {
    const text = `${BASE}workload:\n  - {queue: research, until: 1h, maxJobs: 60000, arrivals: {ratePerHour: 1}, runtime: {fixed: 1m}}\n  - {queue: product, until: 1h, maxJobs: 60000, arrivals: {ratePerHour: 1}, runtime: {fixed: 1m}}\n`;
    expect(errorsOf(text)[0]).toMatch(
      /^workload\[1\]\.maxJobs @13: at most 100000 jobs .* brings the total to 120001/,
    );
    const tasks = `${BASE}workload:\n  - {queue: research, until: 1h, maxJobs: 30000, gpus: [{value: 1, weight: 1}, {value: 64, weight: 1}], arrivals: {ratePerHour: 1}, runtime: {fixed: 1m}}\n`;
    expect(errorsOf(tasks)[0]).toMatch(/^workload\[0\]\.maxJobs @12: at most 200000 tasks .* 240001/);
    expect(
      errorsOf(
        `${BASE}workload:\n  - {queue: research, until: 1h, maxJobs: 100001, arrivals: {ratePerHour: 1}, runtime: {fixed: 1m}}\n`,
      )[0],
    ).toMatch(/^workload\[0\]\.maxJobs @12/);
  });

  it('exports the generated jobs as PodGroups, which import back to the same jobs', () => {
    const s = parsed(BASE + WORKLOAD);
    const imported = importKubernetesYaml(exportKubernetesYaml(s));
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
    const back = parsed(imported.text);
    expect(back.workload).toBeUndefined();
    expect(back.jobs.map((j) => [j.name, j.submitAtMs, j.runtimeMs])).toEqual(
      s.jobs.map((j) => [j.name, j.submitAtMs, j.runtimeMs]),
    );
  });

  it('sim expand prints the expanded scenario (exit 0) or the errors with path and line (exit 2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'expand-'));
    const good = join(dir, 'good.yaml');
    writeFileSync(good, BASE + WORKLOAD);
    let out = '';
    let err = '';
    const io = { stdout: (t: string) => (out += t), stderr: (t: string) => (err += t) };
    expect(runCli(['expand', good], io)).toBe(0);
    expect(out).toContain('research-01');
    expect(err).toMatch(/expanded .*: \d+ generated jobs/);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, oneGenerator('until: 1h\narrivals: {ratePerHour: 1}'));
    out = '';
    err = '';
    expect(runCli(['expand', bad], io)).toBe(2);
    expect(err).toContain('workload[0].runtime: required field "runtime" is missing (line 12)');
    expect(out).toBe('');
  });
});
