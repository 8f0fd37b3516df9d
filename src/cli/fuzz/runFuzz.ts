/**
 * `npm run fuzz`: the long property run (generated valid scenarios, every invariant after every session)
 * and the parser fuzzer (mutated files), with the counts printed and a non-zero exit on any violation,
 * crash or hang. Counterexamples are shrunk and printed (and, with `--save`, written as regression YAML).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INVARIANTS, type InvariantName } from '../../engine/testing/property/invariants';
import {
  mergeStats,
  runProperties,
  shrinkCounterexample,
  type PropertyStats,
} from '../../engine/testing/property/runProperties';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runKubernetesFuzz } from './runKubernetesFuzz';
import { LONG_RUN_RSS_MB, runLongFuzz } from './runLongFuzz';
import { runMutationFuzz } from './runMutationFuzz';

export interface FuzzOptions {
  runs: number;
  mutatedRuns: number;
  /** Generated Kubernetes documents through the importer. */
  kubeRuns: number;
  /** Long runs (thousands of sessions) through the runner's output path. */
  longRuns: number;
  seed: number;
  save: string | null;
  shrink: boolean;
  log: (line: string) => void;
}

export async function runFuzz(o: FuzzOptions): Promise<number> {
  const t0 = performance.now();
  const progress = (what: string, total: number) => (done: number) => {
    if (done % 500 === 0)
      o.log(`  … ${what} ${done}/${total} (${Math.round((performance.now() - t0) / 1000)} s)`);
  };
  o.log(
    `fuzz: seed ${o.seed}, ${o.runs} scenarios, ${o.mutatedRuns} mutated files, ` +
      `${o.kubeRuns} Kubernetes documents, ${o.longRuns} long runs`,
  );
  // Half the chunks in a child process, half here: both cores of a 2-core machine work.
  const otherLane = propertiesInChild(o.runs, o.seed);
  const mine = runProperties(
    o.runs,
    o.seed,
    (done, stats) => {
      if (done % 500 !== 0) return;
      const broken = Object.entries(stats.violations).filter(([, n]) => n > 0);
      o.log(
        `  … scenarios ${done}/${o.runs} (${Math.round((performance.now() - t0) / 1000)} s), sessions ${stats.sessions}, ` +
          `violations: ${broken.length === 0 ? 'none' : broken.map(([k, n]) => `${k} ${n}`).join(', ')}`,
      );
    },
    { index: 0, of: 2 },
    true,
  );
  const p = mergeStats(mine, await otherLane);
  o.log(
    `scenarios: ${p.scenarios} (accepted ${p.accepted}, rejected as intended ${p.rejectedAsIntended}), sessions: ${p.sessions}`,
  );
  o.log(
    `  by profile: ${Object.entries(p.byProfile)
      .map(([name, c]) => `${name} ${c.scenarios} scenarios / ${c.sessions} sessions`)
      .join(', ')}`,
  );
  o.log('invariant violations (scenarios breaking each):');
  let violations = 0;
  for (const [name, n] of Object.entries(p.violations)) {
    violations += n;
    o.log(`  ${name.padEnd(28)} ${String(n).padStart(6)}   ${INVARIANTS[name as InvariantName]}`);
  }
  o.log(`  ${'total'.padEnd(28)} ${String(violations).padStart(6)}`);
  if (o.shrink) {
    for (const [name, { raw, violation }] of p.first) {
      const c = shrinkCounterexample(raw, name, o.seed);
      o.log(
        `\n--- ${name}: ${violation.message}\n    shrunk: session ${String(c.violation.session)}: ${c.violation.message}`,
      );
      o.log(c.text.replace(/^/gm, '    '));
      if (o.save !== null) {
        mkdirSync(o.save, { recursive: true });
        writeFileSync(
          join(o.save, `${name}.yaml`),
          `# ${INVARIANTS[name]}\n# ${c.violation.message}\n${c.text}`,
        );
      }
    }
  }
  // The long runs go on in their own child process while the parser and importer fuzzers use theirs.
  const longRuns = runLongFuzz(o.longRuns, o.seed, { onCase: progress('long runs', o.longRuns) });
  const m = await runMutationFuzz(o.mutatedRuns, o.seed, {
    shrink: o.shrink,
    onCase: progress('mutated files', o.mutatedRuns),
  });
  o.log(
    `\nmutated files: ${m.files}, accepted: ${m.counts.accepted}, rejected: ${m.counts.rejected}, ` +
      `crashes: ${m.counts.crash}, hangs: ${m.counts.hang}, rejections without a field path: ${m.counts.unlocated}, ` +
      `slowest case: ${Math.round(m.slowestMs)} ms CPU`,
  );
  for (const pr of m.problems)
    o.log(`  ${pr.outcome} (${pr.source}, ${pr.length} chars): ${pr.detail ?? ''}`);
  for (const pr of m.shrunk)
    o.log(`  shrunk ${pr.outcome}: ${pr.source} + ${JSON.stringify(pr.mutations)}: ${pr.detail ?? ''}`);
  const k = await runKubernetesFuzz(o.kubeRuns, o.seed, {
    onCase: progress('Kubernetes documents', o.kubeRuns),
  });
  o.log(
    `\nKubernetes documents: ${k.documents}, imported and run: ${k.counts.accepted}, rejected: ${k.counts.rejected}, ` +
      `violations (GPUs lost): ${k.counts.violation}, crashes: ${k.counts.crash}, hangs: ${k.counts.hang}, ` +
      `errors without a document or path: ${k.counts.unlocated}, slowest document: ${Math.round(k.slowestMs)} ms CPU`,
  );
  for (const pr of k.problems)
    o.log(
      `  ${pr.outcome} (${pr.length} chars): ${pr.detail ?? ''}\n    ${pr.head.replace(/\r?\n/g, '\n    ')}`,
    );
  const l = await longRuns;
  o.log(
    `\nlong runs: ${l.runs} (${l.sessionsAsked} sessions asked), exit 0/1: ${l.counts.ok}, exit 2/4: ${l.counts.refused}, ` +
      `crashes (exit 3): ${l.counts.crash}, aborts (process died, e.g. 134): ${l.counts.abort}, hangs: ${l.counts.hang}, ` +
      `over ${LONG_RUN_RSS_MB} MiB: ${l.counts.memory}; peak RSS ${Math.round(l.peakRssMb)} MiB, slowest ${Math.round(l.slowestMs)} ms CPU`,
  );
  for (const pr of l.problems) o.log(`  ${pr.outcome}: ${pr.detail}`);
  const crashes = m.counts.crash + k.counts.crash + l.counts.crash;
  const hangs = m.counts.hang + k.counts.hang + l.counts.hang;
  const aborts = l.counts.abort;
  const all = violations + m.counts.unlocated + k.counts.violation + k.counts.unlocated + l.counts.memory;
  o.log(
    `\nsummary: violations ${all} (invariants ${violations}, unlocated errors ${m.counts.unlocated + k.counts.unlocated}, ` +
      `GPUs lost on import ${k.counts.violation}, memory ${l.counts.memory}), crashes ${crashes}, hangs ${hangs}, aborts ${aborts}`,
  );
  o.log(`total time ${Math.round((performance.now() - t0) / 1000)} s`);
  return all + crashes + hangs + aborts === 0 ? 0 : 1;
}

/** The other lane of the property run, in a child process with the default heap. */
function propertiesInChild(runs: number, seed: number): Promise<PropertyStats> {
  const child = fork(fileURLToPath(new URL('./propertyWorker.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--no-warnings'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (msg: Omit<PropertyStats, 'first'> & { first: [string, unknown][] }) =>
      resolve({ ...msg, first: new Map(msg.first) as PropertyStats['first'] }),
    );
    child.once('exit', (code) => reject(new Error(`the property lane exited (${String(code)})`)));
    child.send({ runs, seed, index: 1, of: 2 });
  });
}
