/**
 * The parser fuzzer in CI (issue 8): a fixed-seed batch of mutated scenario files (built-ins, conformance
 * files and generated ones, with lines deleted, duplicated and swapped, characters flipped, huge numbers,
 * deep nesting, wrong types, unicode, long strings, parent cycles, unknown names, bad durations and
 * structural blow-ups). None may crash, hang (see testLimits.ts; `npm run fuzz` uses 2 s of CPU) or be rejected without a location.
 */
import { TEST_LIMITS } from './testLimits';
import { describe, expect, it } from 'vitest';
import { runMutationFuzz } from './runMutationFuzz';

const RUNS = 200;
const SEED = 20_261_123;

describe(`mutated scenario files (${RUNS}, seed ${SEED})`, () => {
  it('never crash, never hang, and every rejection names a field path', async () => {
    const stats = await runMutationFuzz(RUNS, SEED, { shrink: false, ...TEST_LIMITS });
    const problems = stats.problems.map(
      (p) => `${p.outcome} ${p.source} ${JSON.stringify(p.mutations)}: ${p.detail ?? ''}`,
    );
    expect(stats.files).toBe(RUNS);
    expect(stats.counts.accepted + stats.counts.rejected, problems.join('\n')).toBe(RUNS);
    // The mutations must exercise both sides of the parser, not only its rejections.
    expect(stats.counts.accepted).toBeGreaterThan(RUNS / 20);
    expect(stats.counts.rejected).toBeGreaterThan(RUNS / 4);
  }, 120_000);
});
