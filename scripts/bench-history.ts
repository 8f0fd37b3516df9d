/**
 * History memory of the churn workload in a fresh process (so no other run's garbage is counted):
 * `node --expose-gc --import tsx scripts/bench-history.ts <sessions>` prints one JSON line.
 */
import { createSimulation } from '../src/engine/index';
import type { Simulator } from '../src/engine/simulation/Simulator';
import { churn } from './benchWorkloads';

const sessions = Number(process.argv[2] ?? 1000);
const gc = (globalThis as { gc?: () => void }).gc;
const scenario = churn(sessions);
gc?.();
const before = process.memoryUsage().heapUsed;
const t = performance.now();
const sim = createSimulation(scenario) as Simulator;
while (sim.step()) {
  /* run */
}
const ms = performance.now() - t;
gc?.();
const bytes = process.memoryUsage().heapUsed - before;
const changes = sim.history.entries.reduce(
  (s, e) => s + e.tasks.length + e.jobs.length + e.queueFigures.length,
  0,
);
const attempts = new Set(sim.history.entries.flatMap((e) => e.trace.attempts)).size;
console.log(
  JSON.stringify({
    sessions: sim.sessionCount(),
    ms: Math.round(ms),
    bytes,
    changes,
    distinctAttempts: attempts,
  }),
);
