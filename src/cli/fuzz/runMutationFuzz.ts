/**
 * The parser fuzzer: `runs` mutated texts (fixed seed), each parsed, validated and run for a few sessions
 * in a worker; counts of accepted, rejected, crashes, hangs (> 2 s of CPU) and rejections without a field
 * path, with the first few examples of each problem and a shrunk reproduction of the first.
 */
import fc from 'fast-check';
import { applyMutations, mutations, type Mutation } from '../../engine/testing/mutation/mutations';
import { emptyOutcomeCounts, MutationRunner, type FuzzCaseResult, type FuzzOutcome } from './MutationRunner';
import { seedTexts, type SeedText } from './seedTexts';

export interface MutationProblem {
  outcome: FuzzOutcome;
  source: string;
  mutations: Mutation[];
  detail: string | null;
  /** Length of the mutated text. */
  length: number;
}

export interface MutationStats {
  files: number;
  counts: Record<FuzzOutcome, number>;
  slowestMs: number;
  problems: MutationProblem[];
  shrunk: MutationProblem[];
}

const PROBLEMS: readonly FuzzOutcome[] = ['crash', 'hang', 'unlocated'];

export async function runMutationFuzz(
  runs: number,
  seed: number,
  options: {
    shrink: boolean;
    hangMs?: number;
    abandonMs?: number;
    onCase?: (done: number) => void;
  } = { shrink: true },
): Promise<MutationStats> {
  const seeds = seedTexts(40, seed);
  const runner = new MutationRunner(options.hangMs, options.abandonMs);
  const counts = emptyOutcomeCounts();
  const stats: MutationStats = { files: 0, counts, slowestMs: 0, problems: [], shrunk: [] };
  const cases = fc.sample(fc.tuple(fc.nat(seeds.length - 1), mutations), { seed, numRuns: runs });
  try {
    for (const [pick, ms] of cases) {
      const s = seeds[pick] as SeedText;
      const text = applyMutations(s.text, ms);
      const r = await runner.check(text);
      stats.files++;
      counts[r.outcome]++;
      stats.slowestMs = Math.max(stats.slowestMs, r.ms);
      if (PROBLEMS.includes(r.outcome) && stats.problems.filter((p) => p.outcome === r.outcome).length < 5)
        stats.problems.push({
          outcome: r.outcome,
          source: s.source,
          mutations: ms,
          detail: r.detail,
          length: text.length,
        });
      options.onCase?.(stats.files);
    }
    if (options.shrink) {
      for (const outcome of PROBLEMS) {
        const first = stats.problems.find((p) => p.outcome === outcome);
        if (first) stats.shrunk.push(await shrinkProblem(first, seeds, runner, seed));
      }
    }
  } finally {
    await runner.close();
  }
  return stats;
}

/** Fewest mutations (and simplest ones) on the same seed text that still give the same outcome. */
async function shrinkProblem(
  p: MutationProblem,
  seeds: SeedText[],
  runner: MutationRunner,
  seed: number,
): Promise<MutationProblem> {
  const index = seeds.findIndex((s) => s.source === p.source);
  const text = (seeds[index] as SeedText).text;
  let budget = 150;
  let last: FuzzCaseResult | null = null;
  const result = await fc.check(
    fc.asyncProperty(mutations, async (ms) => {
      if (budget-- <= 0) return true;
      const r = await runner.check(applyMutations(text, ms));
      if (r.outcome === p.outcome) last = r;
      return r.outcome !== p.outcome;
    }),
    { examples: [[p.mutations]], numRuns: 1, seed },
  );
  const ms: Mutation[] = (result.failed ? result.counterexample?.[0] : undefined) ?? p.mutations;
  const found = last as FuzzCaseResult | null;
  return { ...p, mutations: ms, detail: found?.detail ?? p.detail, length: applyMutations(text, ms).length };
}

export function mutatedText(seeds: SeedText[], p: MutationProblem): string {
  const s = seeds.find((x) => x.source === p.source);
  return s ? applyMutations(s.text, p.mutations) : '';
}
