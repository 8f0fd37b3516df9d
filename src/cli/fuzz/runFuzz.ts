/**
 * `npm run fuzz`: the long property run (generated valid scenarios, every invariant after every session)
 * and the parser fuzzer (mutated files), with the counts printed and a non-zero exit on any violation,
 * crash or hang. Counterexamples are shrunk and printed (and, with `--save`, written as regression YAML).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INVARIANTS, type InvariantName } from '../../engine/testing/property/invariants';
import { runProperties, shrinkCounterexample } from '../../engine/testing/property/runProperties';
import { runMutationFuzz } from './runMutationFuzz';

export interface FuzzOptions {
  runs: number;
  mutatedRuns: number;
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
  o.log(`fuzz: seed ${o.seed}, ${o.runs} scenarios, ${o.mutatedRuns} mutated files`);
  const p = runProperties(o.runs, o.seed, (done, stats) => {
    if (done % 500 !== 0) return;
    const broken = Object.entries(stats.violations).filter(([, n]) => n > 0);
    o.log(
      `  … scenarios ${done}/${o.runs} (${Math.round((performance.now() - t0) / 1000)} s), sessions ${stats.sessions}, ` +
        `violations: ${broken.length === 0 ? 'none' : broken.map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
  });
  o.log(`scenarios: ${p.scenarios} (accepted ${p.accepted}), sessions: ${p.sessions}`);
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
  o.log(`\ntotal time ${Math.round((performance.now() - t0) / 1000)} s`);
  const bad = violations + m.counts.crash + m.counts.hang + m.counts.unlocated;
  return bad === 0 ? 0 : 1;
}
