/**
 * Golden hashes of the benchmark workloads' full traces: a speed change must change no decision, so the
 * SHA-256 of every session snapshot (decisions, trace, tasks, jobs, queues, protections) is checked in
 * (`scripts/bench-golden.json`) and compared byte for byte. Small sizes run in `npm test`
 * (src/engine/testing/golden/benchTraces.test.ts), big ones in `npm run bench:engine` and here:
 *
 *   npx tsx scripts/benchGolden.ts [--update] [workload ...]     (no workload: every one)
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSimulation } from '../src/engine/index';
import type { SessionSnapshot } from '../src/engine/model/snapshot';
import { bigCluster, churn, podsDocument, productionDocument, scenarioOf } from './benchWorkloads';

export const GOLDEN_FILE = join(dirname(fileURLToPath(import.meta.url)), 'bench-golden.json');

const FULL = ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'];

/** Workload name -> how to build it: `kai-N` is the full KAI session on N nodes; `churn-S` runs S sessions;
 * `pods-N` is the mixed GPU/CPU-pod cluster on N nodes; `prod` the production-shaped snapshot. */
export function goldenWorkload(name: string): { scenario: ReturnType<typeof churn>; sessions: number } {
  const kai = /^kai-(\d+)$/.exec(name);
  if (kai) {
    const nodes = Number(kai[1]);
    return {
      scenario: bigCluster({
        nodes,
        gpusPerNode: 8,
        running: nodes * 8,
        pending: nodes * 8,
        actions: FULL,
        minRuntime: true,
      }),
      sessions: 1,
    };
  }
  const pods = /^pods-(\d+)$/.exec(name);
  if (pods) return { scenario: scenarioOf(podsDocument(Number(pods[1]))), sessions: 1 };
  if (name === 'prod') return { scenario: scenarioOf(productionDocument()), sessions: 1 };
  const ch = /^churn-(\d+)$/.exec(name);
  if (ch) return { scenario: churn(Number(ch[1])), sessions: Number(ch[1]) };
  throw new Error(`unknown golden workload ${name}`);
}

/** The SHA-256 of every session's snapshot, as JSON, in order. */
export function goldenHash(name: string): string {
  const { scenario, sessions } = goldenWorkload(name);
  const sim = createSimulation(scenario);
  const h = createHash('sha256');
  for (let i = 1; i <= sessions && sim.step(); i++) h.update(goldenJson(sim.snapshot(i)));
  return h.digest('hex');
}

/**
 * A snapshot as the golden hashes read it. `figures` is a sum of the snapshot's own tasks and trace (decision
 * 0273), not a decision: leaving it out keeps the pins comparable with every hash taken before it existed.
 * Each queue's `resolved` figures (decision 0298) are read from the queues and configuration, not decided,
 * and are left out for the same reason.
 */
export function goldenJson(snap: SessionSnapshot): string {
  const { figures: _derived, ...snapshot } = snap;
  const queues = snapshot.queues.map(({ resolved: _resolved, ...q }) => q);
  return JSON.stringify({ ...snapshot, queues });
}

export function readGolden(): Record<string, string> {
  return JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as Record<string, string>;
}

/** Every workload with a checked-in hash. */
export const GOLDEN_WORKLOADS = [
  'kai-25',
  'kai-50',
  'churn-15',
  'pods-100',
  'pods-500',
  'kai-125',
  'kai-250',
  'kai-500',
  'kai-1000',
  'kai-2000',
  'churn-120',
  'prod',
  'pods-4000',
];

if (process.argv[1]?.endsWith('benchGolden.ts')) {
  const args = process.argv.slice(2);
  const update = args.includes('--update');
  const names = args.filter((a) => a !== '--update');
  const golden = readGoldenOrEmpty();
  let failed = 0;
  for (const name of names.length > 0 ? names : GOLDEN_WORKLOADS) {
    const t0 = performance.now();
    const hash = goldenHash(name);
    const ms = Math.round(performance.now() - t0);
    const expected = golden[name];
    const verdict = expected === undefined ? 'new' : expected === hash ? 'identical' : 'CHANGED';
    if (verdict === 'CHANGED') failed++;
    console.log(`${name.padEnd(12)} ${hash.slice(0, 16)}  ${verdict}  (${ms} ms)`);
    if (update) golden[name] = hash;
  }
  if (update) writeFileSync(GOLDEN_FILE, `${JSON.stringify(golden, null, 2)}\n`);
  if (failed > 0 && !update) process.exit(1);
}

function readGoldenOrEmpty(): Record<string, string> {
  try {
    return readGolden();
  } catch {
    return {};
  }
}
