/**
 * `npm run bench`: engine performance on generated workloads (targets from issues #2 and #3).
 * Ends with the production-scale figures of issue 13 (scripts/benchScale.ts).
 * Prints figures; it is not a pass/fail test.
 */
import { execFileSync } from 'node:child_process';
import { createSimulation } from '../src/engine/index';
import type { Simulator } from '../src/engine/simulation/Simulator';
import {
  bigCluster,
  churn,
  queueChain,
  siblingQueues,
  volcanoCluster,
  wideMappingText,
} from './benchWorkloads';
import { parseScenario } from '../src/engine/index';
import { benchScale } from './benchScale';

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
  gc?.(); // the scenario's parsing garbage is not the session's
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
  const before = heapMb(); // also collects the scenario's parsing garbage before timing
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

// 2b. One Volcano session with all five actions (CI configuration) on the same cluster size.
{
  const scenario = volcanoCluster({ nodes: 500, gpusPerNode: 8, running: 4000, pending: 4000 });
  const sim = createSimulation(scenario);
  const before = heapMb();
  const t0 = process.hrtime.bigint();
  sim.step();
  const t = ms(t0);
  sample();
  const snap = sim.snapshot(1);
  const count = (k: string): number => snap.decisions.filter((d) => d.kind === k).length;
  line('Volcano session (5 actions), 500x8, 4k running + 4k pending', `${t.toFixed(1)} ms`, '< 1000 ms');
  console.log(`  ${t < 1000 ? 'met' : 'NOT met'}`);
  line(
    '  binds / pipelines / evictions / attempts',
    `${count('bind')} / ${count('pipeline')} / ${count('evict')} / ${snap.trace.attempts.length}`,
  );
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

// 4. History memory against changes, each size in a fresh process.
{
  console.log('\nhistory memory vs changes (the same 1,000 jobs arriving over 500, 1,000 and 2,000 s):');
  for (const sessions of [500, 1000, 2000]) {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'scripts/bench-history.ts', String(sessions)],
      {
        encoding: 'utf8',
      },
    );
    const r = JSON.parse(out.trim().split('\n').pop() as string) as {
      sessions: number;
      ms: number;
      bytes: number;
      changes: number;
      distinctAttempts: number;
    };
    const stored = r.changes + r.distinctAttempts;
    console.log(
      `  ${r.sessions} sessions in ${r.ms} ms: ${r.changes} state changes + ${r.distinctAttempts} distinct attempt records, ` +
        `${(r.bytes / 1e6).toFixed(1)} MB (${Math.round(r.bytes / Math.max(stored, 1))} B per stored record)`,
    );
  }
}

// 5. Bounded, linear inputs (issue 8): parse and session figures that were quadratic or crashed.
{
  console.log('\nbounded, linear inputs (issue 8):');
  const verdict = (t: number, target: number) => (t < target ? 'met' : 'NOT met');
  // Warm the parser once, so that the figures are the parse, not the first compile of its code.
  parseScenario(wideMappingText(100, 'unknown-keys'));
  for (const kind of ['extension', 'labels', 'unknown-keys'] as const) {
    const text = wideMappingText(20_000, kind);
    gc?.();
    const t0 = process.hrtime.bigint();
    const r = parseScenario(text);
    const t = ms(t0);
    const outcome = r.ok ? 'accepted' : `refused, ${r.errors.length} error(s)`;
    line(
      `  parse a 20,000-key mapping (${kind}: ${outcome})`,
      `${t.toFixed(0)} ms`,
      `< 500 ms: ${verdict(t, 500)}`,
    );
  }
  const siblings = createSimulation(siblingQueues(4000));
  gc?.();
  let t0 = process.hrtime.bigint();
  siblings.step();
  let t = ms(t0);
  const bound = siblings.snapshot(1).decisions.filter((d) => d.kind === 'bind').length;
  line(
    `  one session, 4,000 sibling queues (${bound} jobs bound)`,
    `${t.toFixed(0)} ms`,
    `< 1000 ms: ${verdict(t, 1000)}`,
  );
  const chain = createSimulation(queueChain(3000));
  gc?.();
  t0 = process.hrtime.bigint();
  let outcome = 'ran';
  try {
    chain.step();
  } catch (e) {
    outcome = `threw ${(e as Error).name}`;
  }
  t = ms(t0);
  line(
    `  one session, a 3,000-deep queue chain (${outcome})`,
    `${t.toFixed(0)} ms`,
    `no stack overflow: ${outcome === 'ran' ? 'met' : 'NOT met'}`,
  );
  // The lesson Markdown renderer builds React elements; classic JSX under tsx needs a global React.
  (globalThis as { React?: unknown }).React = (await import('react')).default;
  const { renderInline } = await import('../src/ui/Markdown');
  t0 = process.hrtime.bigint();
  renderInline('['.repeat(160_000));
  t = ms(t0);
  line('  lesson Markdown, 160,000 unmatched "["', `${t.toFixed(0)} ms`, `< 100 ms: ${verdict(t, 100)}`);
}

line('\npeak heap used (MB)', `${peak.toFixed(0)}`);

// Issue 13: production scale (each workload in its own process; see scripts/benchScale.ts).
benchScale();
