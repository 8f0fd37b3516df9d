/**
 * One benchmark session in a fresh process (so that heap and RSS figures are this workload's alone):
 *   node --expose-gc --import tsx scripts/bench-session.ts <workload>
 * `kai-N`: the full KAI session on N nodes x 8 GPUs, 16 x N jobs (half running, half pending), min-runtime
 * values; `prod`: 4,000 nodes, 32,000 running + 1,000 pending; `pods`: 140,000 pods on 4,000 nodes.
 * Prints one JSON line: wall and CPU time of the session, attempts, evictions, heap and peak RSS, and
 * whether the trace matches its golden hash (scripts/bench-golden.json) when one is checked in.
 */
import { createHash } from 'node:crypto';
import { createSimulation } from '../src/engine/index';
import { FULL_KAI_ACTIONS, bigCluster, podsDocument, productionDocument, scenarioOf } from './benchWorkloads';
import { goldenJson, readGolden } from './benchGolden';

const name = process.argv[2] ?? 'kai-125';
const gc = (globalThis as { gc?: () => void }).gc;
const build0 = process.hrtime.bigint();
const kai = /^kai-(\d+)$/.exec(name);
const nodes = kai ? Number(kai[1]) : 4000;
const scenario = kai
  ? bigCluster({
      nodes,
      gpusPerNode: 8,
      running: nodes * 8,
      pending: nodes * 8,
      actions: FULL_KAI_ACTIONS,
      minRuntime: true,
    })
  : scenarioOf(name === 'pods' ? podsDocument() : productionDocument());
const buildMs = Number(process.hrtime.bigint() - build0) / 1e6;
const sim = createSimulation(scenario);
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
sim.step();
const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
const cpuMs = process.cpuUsage(cpu0).user / 1000;
const heapAfter = process.memoryUsage().heapUsed;
// Peak resident set so far: scenario, session and trace (before the snapshot and hash below).
const rssMb = process.resourceUsage().maxRSS / 1024;
const snap = sim.snapshot(1);
const golden = readGolden()[name === 'pods' ? 'pods-4000' : name];
let goldenOk: boolean | null = null;
if (golden !== undefined) {
  goldenOk = createHash('sha256').update(goldenJson(snap)).digest('hex') === golden;
}
console.log(
  JSON.stringify({
    name,
    nodes,
    jobs: scenario.jobs.length,
    pods: scenario.jobs.reduce((s, j) => s + j.tasks.length, 0),
    buildMs,
    wallMs,
    cpuMs,
    attempts: snap.trace.attempts.length,
    evictions: snap.decisions.filter((d) => d.kind === 'evict').length,
    binds: snap.decisions.filter((d) => d.kind === 'bind').length,
    heapMb: heapAfter / 1e6,
    sessionHeapMb: (heapAfter - heapBefore) / 1e6,
    rssMb,
    goldenOk,
  }),
);
