// Profiling aid: the contended churn workload (1,000 jobs arriving over 500 s): npx tsx scripts/prof3.ts [sessions]
import { createSimulation } from '../src/engine/index';
import { churn } from './benchWorkloads';
const limit = Number(process.argv[2] ?? 150);
const sim = createSimulation(churn(500));
const t = performance.now();
for (let i = 0; i < limit && sim.step(); i++) {
  /* run */
}
const s = sim.snapshot(sim.sessionCount());
console.log(
  limit,
  'sessions',
  Math.round(performance.now() - t),
  'ms; attempts in last',
  s.trace.attempts.length,
  'pending',
  s.trace.pending.length,
);
