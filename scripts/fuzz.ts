/**
 * npm run fuzz [-- --runs N] [--mutated N] [--kube N] [--long N] [--seed S] [--save DIR] [--no-shrink]
 * Runs N generated scenarios (default 10,000) through every invariant, N mutated files (default: the
 * same N) through the parser, N generated Kubernetes documents (default 10,000) through the importer, and
 * N long runs (default 1,000) through the runner's output path; prints the counts of each class
 * (violations, crashes, hangs, aborts); exits 1 on any.
 */
import { runFuzz } from '../src/cli/fuzz/runFuzz';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

function count(name: string, fallback: number): number {
  const v = arg(name);
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`${name} must be a whole number, got ${String(v)}\n`);
    process.exit(2);
  }
  return n;
}

const runs = count('--runs', 10_000);
const code = await runFuzz({
  runs,
  mutatedRuns: count('--mutated', runs),
  kubeRuns: count('--kube', 10_000),
  longRuns: count('--long', 1_000),
  seed: count('--seed', 20_261_123),
  save: arg('--save') ?? null,
  shrink: !process.argv.includes('--no-shrink'),
  log: (line) => process.stdout.write(`${line}\n`),
});
process.exit(code);
