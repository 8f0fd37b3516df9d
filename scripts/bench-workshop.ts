/**
 * Workshop benchmarks (issue 12): metrics over time of a 1,000-session run (target < 200 ms), and a
 * 10-value sweep of one knob over the same scenario run one after another in this process (the browser
 * spreads a sweep over workers). Run: `node --expose-gc --import tsx scripts/bench-workshop.ts [--sweep]`.
 */
import { performance } from 'node:perf_hooks';
import { applyVariant, createSimulation, runMetrics } from '../src/engine/index';
import type { Scenario } from '../src/engine/model/scenario';
import { churn } from './benchWorkloads';

function run(s: Scenario) {
  const sim = createSimulation(s);
  while (sim.step()) {
    /* to the end */
  }
  return sim;
}

const base = churn(1000);
let t0 = performance.now();
const sim = run(base);
const runMs = performance.now() - t0;
// CPU time of this process (process.cpuUsage), not wall time: the machine is shared, and another
// process's work must not count against ours. The first call includes compiling the metrics code.
const cpuMs = (f: () => void) => {
  const u = process.cpuUsage();
  f();
  const d = process.cpuUsage(u);
  return (d.user + d.system) / 1000;
};
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const cold = cpuMs(() => runMetrics(sim));
const times: number[] = [];
for (let i = 0; i < 7; i++) {
  gc?.();
  times.push(cpuMs(() => runMetrics(sim)));
}
times.sort((a, b) => a - b);
const median = times[3] ?? NaN;
console.log(`run: 100 nodes, 1,000 jobs, ${sim.sessionCount()} sessions   ${runMs.toFixed(0)} ms`);
console.log(`metrics over time of that run: first call      ${cold.toFixed(1)} ms CPU`);
console.log(
  `metrics over time of that run (median of 7)    ${median.toFixed(1)} ms CPU   target < 200 ms: ${median < 200 ? 'met' : 'NOT met'}`,
);

// A sweep of dept0's reclaimMinRuntime over 10 values, 0s..9m (with --sweep: it takes ten runs' time).
if (process.argv.includes('--sweep')) sweep();

function sweep(): void {
  t0 = performance.now();
  for (let k = 0; k < 10; k++) {
    const variant = {
      name: `v${k}`,
      description: '',
      actions: null,
      schedulePeriodMs: null,
      plugins: [],
      queues: [{ name: 'dept0', reclaimMinRuntimeMs: k * 60_000 }],
      jobs: [],
    };
    runMetrics(run(applyVariant(base, variant)));
  }
  const sweepMs = performance.now() - t0;
  console.log(
    `sweep of 10 values, one process, sequential    ${(sweepMs / 1000).toFixed(1)} s   (browser target < 15 s)`,
  );
}
