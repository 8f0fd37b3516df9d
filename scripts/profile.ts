/**
 * Profiling aid: runs one benchmark workload's sessions and prints their time, for `node --cpu-prof`.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/profile.ts kai-500
 *
 * Workloads are the golden ones (scripts/benchGolden.ts): `kai-N` (the full KAI session on N nodes),
 * `pods-N` (GPU and CPU-only pods on N nodes), `prod` (the production-shaped snapshot), `churn-S` (S
 * sessions of arrivals and completions). Source positions in the profile are tsx's; bundling the script
 * first (`npx esbuild scripts/profile.ts --bundle --platform=node --outfile=/tmp/p.cjs`) gives one file
 * whose `// src/...` comments name the module of every line.
 */
import { createSimulation } from '../src/engine/index';
import { goldenWorkload } from './benchGolden';

const name = process.argv[2] ?? 'kai-500';
const { scenario, sessions } = goldenWorkload(name);
const sim = createSimulation(scenario);
const cpu = process.cpuUsage();
const t0 = performance.now();
let ran = 0;
while (ran < sessions && sim.step()) ran++;
const wall = performance.now() - t0;
const used = process.cpuUsage(cpu);
const last = sim.snapshot(ran);
console.log(
  `${name}: ${ran} session(s) in ${Math.round(wall)} ms wall, ${Math.round((used.user + used.system) / 1000)} ms CPU; ` +
    `last session: ${last.trace.attempts.length} attempts, ${last.decisions.filter((d) => d.kind === 'evict').length} evictions`,
);
