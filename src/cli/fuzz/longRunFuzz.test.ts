/**
 * The long-run fuzz in CI (issue 18): a few generated scenarios run for thousands of sessions through the
 * runner's `run` path in a child process with a bounded heap. Exit codes are 0, 1, 2 or 4 (never 3, an
 * internal failure, nor a dead process such as V8's 134), and the peak memory stays under its bound.
 */
import { describe, expect, it } from 'vitest';
import { LONG_RUN_RSS_MB, runLongFuzz } from './runLongFuzz';

const RUNS = 3;
const SEED = 20_261_123;

describe(`long runs (${RUNS}, seed ${SEED})`, () => {
  it(`exit 0/1/2/4 and stay under ${LONG_RUN_RSS_MB} MiB`, async () => {
    const stats = await runLongFuzz(RUNS, SEED);
    const problems = stats.problems.map((p) => `${p.outcome}: ${p.detail}`);
    expect(stats.runs).toBe(RUNS);
    expect(stats.counts.ok + stats.counts.refused, problems.join('\n')).toBe(RUNS);
    expect(stats.sessionsAsked).toBeGreaterThanOrEqual(RUNS * 1000);
  }, 180_000);
});
