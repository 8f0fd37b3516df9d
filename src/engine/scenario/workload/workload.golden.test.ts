/**
 * Golden generated jobs (decision 0173): the jobs a fixed workload generates, checked in, so that a change
 * of the random streams, of a distribution's transform, or of the numbers V8 gives (another Node or
 * Chromium), is noticed rather than silently moving every seeded workshop. Regenerate on purpose with
 * `UPDATE_GOLDEN=1 npx vitest run src/engine/scenario/workload/workload.golden.test.ts` and review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../parseScenario';

/** Every arrival form, size split, runtime shape and share, with the kai defaults. */
const SPEC = `version: 1
name: golden
nodes: [{name: n, count: 4, resources: {gpu: 8}}]
queues: [{name: a}, {name: b}, {name: c}]
seed: 20261127
workload:
  - queue: a
    until: 6h
    maxJobs: 30
    arrivals: {ratePerHour: 4, daily: {amplitude: 0.9, peakAt: 3h, period: 6h}, bursts: [{at: 1h, jobs: 3, spread: 5m}]}
    gpus: [{value: 1, weight: 4}, {value: 12, weight: 1}, {value: 0.5, weight: 1}]
    runtime: {logNormal: {median: 30m, sigma: 1.2}, min: 2m, max: 4h}
    elastic: 0.5
    priorityClasses: [{name: train, weight: 2}, {name: build, weight: 1}]
    preemptible: 0.6
  - queue: b
    from: 30m
    until: 3h
    maxJobs: 10
    arrivals: {ratePerHour: 3}
    gpus: 16
    gpusPerTask: 4
    runtime: {shiftedExponential: {shift: 3m, mean: 17m}}
  - queue: c
    until: 1h
    maxJobs: 5
    arrivals: {bursts: [{at: 10m, jobs: 5, spread: 1m}]}
    runtime: {fixed: 90s}
`;

const GOLDEN = join(__dirname, 'workload.golden.txt');

function generated(): string {
  const r = parseScenario(SPEC);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  const lines = r.scenario.jobs.map((j) =>
    [
      j.name,
      `w${String(j.generatedBy)}`,
      j.queue,
      `at=${j.submitAtMs}`,
      `runtime=${String(j.runtimeMs)}`,
      `gpus=${j.tasks.map((t) => t.resources.gpu).join('+')}`,
      `min=${j.minAvailable}`,
      String(j.priorityClassName),
      j.preemptible ? 'preemptible' : 'non-preemptible',
    ].join(' '),
  );
  return `${lines.join('\n')}\n`;
}

describe('golden generated jobs', () => {
  it('a fixed workload and seed give the checked-in jobs, number for number', () => {
    const actual = generated();
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, actual);
    expect(actual).toBe(readFileSync(GOLDEN, 'utf8'));
  });
});
