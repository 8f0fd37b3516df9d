// Profiling aid: one full KAI session on a scaled-down benchmark cluster: npx tsx scripts/prof2.ts [nodes]
import { createSimulation } from '../src/engine/index';
import { bigCluster } from './benchWorkloads';
const nodes = Number(process.argv[2] ?? 100);
const sc = bigCluster({
  nodes,
  gpusPerNode: 8,
  running: nodes * 8,
  pending: nodes * 8,
  actions: ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'],
  minRuntime: true,
});
const sim = createSimulation(sc);
const t = performance.now();
sim.step();
const s = sim.snapshot(1);
console.log(
  'full session',
  Math.round(performance.now() - t),
  'ms; evictions',
  s.decisions.filter((d) => d.kind === 'evict').length,
  'attempts',
  s.trace.attempts.length,
);
