/**
 * `npm run bench`: engine performance on generated workloads (targets from issues #2 and #3).
 * Prints figures; it is not a pass/fail test.
 */
import { createSimulation } from '../src/engine/index';
import type { Simulator } from '../src/engine/simulation/Simulator';
import { bigCluster, churn } from './benchWorkloads';

const gc = (globalThis as { gc?: () => void }).gc;
function heapMb(): number {
  gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}
let peak = 0;
function sample(): void {
  peak = Math.max(peak, process.memoryUsage().heapUsed / 1e6);
}
function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}
function line(label: string, value: string, target = ''): void {
  console.log(`${label.padEnd(58)} ${value.padStart(14)}${target ? `   (target ${target})` : ''}`);
}

console.log('Preemption Lab engine benchmark');
console.log(`node ${process.version}, ${process.arch}${gc ? ', --expose-gc' : ''}\n`);

// 1. One allocate session, 500 nodes × 8 GPUs, 100 queues, 4,000 running + 4,000 pending 1-GPU jobs.
{
  const scenario = bigCluster({
    nodes: 500,
    gpusPerNode: 8,
    running: 4000,
    pending: 4000,
    actions: ['allocate'],
    minRuntime: false,
  });
  const sim = createSimulation(scenario);
  const t0 = process.hrtime.bigint();
  sim.step();
  const t = ms(t0);
  sample();
  line('allocate session, 500x8 GPUs, 100 queues, 4k+4k jobs', `${t.toFixed(1)} ms`, '< 300 ms');
}

// 2. A full KAI session (all five actions) on the same cluster with min-runtime values.
{
  const scenario = bigCluster({
    nodes: 500,
    gpusPerNode: 8,
    running: 4000,
    pending: 4000,
    actions: ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'],
    minRuntime: true,
  });
  const sim = createSimulation(scenario);
  const before = heapMb();
  const t0 = process.hrtime.bigint();
  sim.step();
  const t = ms(t0);
  sample();
  const snap = sim.snapshot(1);
  const evictions = snap.decisions.filter((d) => d.kind === 'evict').length;
  line('full KAI session (5 actions), 500x8, 4k+4k, min-runtime', `${t.toFixed(1)} ms`, '< 2000 ms');
  line('  evictions / attempts in that session', `${evictions} / ${snap.trace.attempts.length}`);
  line('  heap retained by the session (MB)', `${(heapMb() - before).toFixed(1)}`);
}

// 3. 1,000 sessions of a 100-node, 1,000-job scenario with arrivals and completions.
{
  const sim = createSimulation(churn(1000)) as Simulator;
  const before = heapMb();
  const t0 = process.hrtime.bigint();
  let n = 0;
  while (sim.step()) {
    n++;
    if (n % 100 === 0) sample();
  }
  const t = ms(t0);
  const markers = sim.markers();
  const decisions = markers.reduce((s, m) => s + m.binds + m.pipelines + m.evictions + m.completions, 0);
  line('1,000 sessions, 100 nodes, 1,000 jobs (total)', `${t.toFixed(0)} ms`, '< 5000 ms');
  line('  time per session', `${(t / n).toFixed(2)} ms`);
  line('  sessions per second', `${((n * 1000) / t).toFixed(0)}`);
  line('  decisions committed', `${decisions}`);
  const changes = sim.history.entries.reduce(
    (s, e) => s + e.tasks.length + e.jobs.length + e.queueFigures.length,
    0,
  );
  line('  stored changes (tasks+jobs+queue figures)', `${changes}`);
  line('  history heap (MB)', `${(heapMb() - before).toFixed(1)}`);
  const s0 = process.hrtime.bigint();
  for (const i of [1000, 1, 500, 999, 2]) sim.snapshot(i);
  line('  snapshot rebuild, average of 5 random-access steps', `${(ms(s0) / 5).toFixed(2)} ms`);
}

// 4. History growth: twice the sessions with the same activity per session should roughly double memory.
{
  const sizes: string[] = [];
  for (const sessions of [500, 1000, 2000]) {
    const sim = createSimulation(churn(sessions)) as Simulator;
    const before = heapMb();
    while (sim.step()) {
      /* run */
    }
    const changes = sim.history.entries.reduce(
      (s, e) => s + e.tasks.length + e.jobs.length + e.queueFigures.length,
      0,
    );
    const mb = heapMb() - before;
    sizes.push(
      `${sessions} sessions: ${changes} changes, ${mb.toFixed(1)} MB (${((mb * 1e6) / Math.max(changes, 1)).toFixed(0)} B/change)`,
    );
    sample();
  }
  console.log('\nhistory memory vs changes (same 1,000 jobs spread over more sessions):');
  for (const s of sizes) console.log(`  ${s}`);
}

line('\npeak heap used (MB)', `${peak.toFixed(0)}`);
