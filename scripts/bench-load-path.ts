/**
 * The worker's side of "140,000 pods to the first session" in one Node process, phase by phase (issue 22
 * Deliver 5, decision 0336): the SimulationHost answers `validate` (the editor's as-you-type check), `load`
 * and the first session's `snapshot` exactly as in the browser's worker, with every posted message
 * structured-cloned as postMessage does. Prints wall and CPU time per phase and the bytes cloned, for
 *   node --expose-gc --import tsx scripts/bench-load-path.ts [pods|prod] [--no-validate]
 * (add `--cpu-prof --cpu-prof-dir=DIR` to profile). The page's side is e2e/bench/load-profile.bench.ts.
 */
import { loadavg } from 'node:os';
import { ENGINE } from '../src/worker/engine';
import { createSimulationHost } from '../src/worker/SimulationHost';
import type { Command, WorkerMessage } from '../src/protocol/messages';
import { PROTOCOL_VERSION } from '../src/protocol/protocolVersion';
import { podsDocument, productionDocument } from './benchWorkloads';

const name = process.argv[2] ?? 'pods';
const withValidate = !process.argv.includes('--no-validate');
const text = JSON.stringify({
  ...(name === 'pods' ? podsDocument() : productionDocument()),
  run: { sessions: 1 },
});

let cloneMs = 0;
let messages = 0;
const replies: WorkerMessage[] = [];
const deferred: (() => void)[] = [];
const host = createSimulationHost({
  engine: ENGINE,
  post: (message) => {
    const t = performance.now();
    replies.push(structuredClone(message));
    cloneMs += performance.now() - t;
    messages++;
  },
  defer: (task) => deferred.push(task),
  now: () => performance.now(),
});

const phases: Record<string, { wallMs: number; cpuMs: number; cloneMs: number; messages: number }> = {};
function phase(label: string, f: () => void): void {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  cloneMs = 0;
  messages = 0;
  f();
  const used = process.cpuUsage(c0);
  phases[label] = {
    wallMs: Math.round(performance.now() - t0),
    cpuMs: Math.round((used.user + used.system) / 1000),
    cloneMs: Math.round(cloneMs),
    messages,
  };
}

const command = (c: Command) => host.handle(structuredClone(c));
let id = 1;
command({ type: 'hello', id: id++, protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false });
replies.length = 0;
if (withValidate) phase('validate', () => command({ type: 'validate', id: id++, text } as Command));
phase('load', () => command({ type: 'load', id: id++, text, fileName: null } as Command));
const loaded = replies.find((m) => m.type === 'reply' && m.kind === 'load') as
  { result: { ok: boolean; runId?: number; errors?: unknown[] } } | undefined;
if (loaded?.result.ok !== true)
  throw new Error(`load failed: ${JSON.stringify(loaded?.result).slice(0, 400)}`);
const runId = loaded.result.runId as number;
phase('first session', () => {
  while (deferred.length > 0) deferred.shift()!();
});
phase('snapshot', () => command({ type: 'snapshot', id: id++, runId, index: 1 } as Command));
console.log(
  JSON.stringify({ name, characters: text.length, load: loadavg()[0]?.toFixed(1), phases }, null, 1),
);
