/**
 * npm run fuzz [-- --runs N] [--mutated N] [--kube N] [--long N] [--seed S] [--save DIR] [--no-shrink]
 * Runs N generated scenarios (default 10,000) through every invariant, N mutated files (default: the
 * same N) through the parser, N generated Kubernetes documents (default 10,000) through the importer, and
 * N long runs (default 1,000) through the runner's output path; prints the counts of each class
 * (violations, crashes, hangs, aborts); exits 1 on any.
 */
import { runFuzz } from '../src/cli/fuzz/runFuzz';

const USAGE = `usage: npm run fuzz -- [--runs N] [--mutated N] [--kube N] [--long N] [--seed S] [--save DIR] [--no-shrink]
  --runs N      generated scenarios through every invariant (default 10000)
  --mutated N   mutated scenario files through the parser (default: the same as --runs)
  --kube N      generated Kubernetes documents through the importer (default 10000)
  --long N      long runs through the runner's output path (default 1000)
  --seed S      the run's seed (default 20261123); same seed, same scenarios
  --save DIR    write each counterexample (shrunk) to DIR
  --no-shrink   report counterexamples as found
Exits 1 when any violation, crash, hang or abort is found, 2 on a bad option.
`;

// A bare `--help` used to start a full 10,000-run fuzz: any option not listed is refused before anything runs.
const VALUED = new Set(['--runs', '--mutated', '--kube', '--long', '--seed', '--save']);
const FLAGS = new Set(['--no-shrink']);
const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
for (let i = 0; i < argv.length; i += 1) {
  const a = argv[i]!;
  if (VALUED.has(a)) i += 1;
  else if (!FLAGS.has(a)) {
    process.stderr.write(`unknown option ${JSON.stringify(a)}\n${USAGE}`);
    process.exit(2);
  }
}

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
