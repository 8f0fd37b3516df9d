/**
 * Shrunk parser-fuzz counterexamples, kept as recipes (a seed file plus the mutations applied to it) because
 * some of the mutated texts are hundreds of kilobytes. Each must now be accepted or rejected with field
 * paths, within the fuzzer's 2 s CPU budget, without crashing the worker.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMutations, type Mutation } from '../../engine/testing/mutation/mutations';
import { MutationRunner } from './MutationRunner';
import { TEST_LIMITS } from './testLimits';

const ROOT = join(import.meta.dirname, '../../..');
const AC1 = 'conformance/kai/AC1-consolidate-first-pending-only.yaml';

const CASES: { rule: string; source: string; mutations: Mutation[] }[] = [
  // RangeError: Invalid array length (one GPU device record per GPU).
  {
    rule: 'parser-no-crash: a node with 2^32 GPUs',
    source: AC1,
    mutations: [{ kind: 'hugeGpu', a: 0, b: 0, variant: 0 }],
  },
  // Runs the worker out of memory or past 10 s.
  {
    rule: 'parser-no-hang: a node with 1e9 GPUs',
    source: AC1,
    mutations: [{ kind: 'hugeGpu', a: 0, b: 0, variant: 1 }],
  },
  // Fair-share division recursion over a chain of 3,000 queues.
  {
    rule: 'parser-no-crash: a chain of 3,000 queues',
    source: AC1,
    mutations: [{ kind: 'queueChain', a: 0, b: 0, variant: 19 }],
  },
  // 20,000 sibling queues: seconds per session.
  {
    rule: 'parser-no-hang: 20,000 sibling queues',
    source: AC1,
    mutations: [{ kind: 'wideQueues', a: 0, b: 1, variant: 19 }],
  },
  // 20,000 labels on one node and in an x- field: quadratic mapping parse.
  {
    rule: 'parser-no-hang: 20,000 labels',
    source: AC1,
    mutations: [{ kind: 'manyLabels', a: 0, b: 0, variant: 19 }],
  },
  // An overflowing duration must be refused with its field path, not become ±Infinity.
  {
    rule: 'rejection-has-field-path: an overflowing duration',
    source: AC1,
    mutations: [{ kind: 'badDuration', a: 0, b: 0, variant: 2 }],
  },
];

const runner = new MutationRunner(TEST_LIMITS.hangMs, TEST_LIMITS.abandonMs);
afterAll(() => runner.close());

describe('parser-fuzz regressions', () => {
  it.each(CASES)(
    '$rule',
    async ({ source, mutations }) => {
      const text = applyMutations(readFileSync(join(ROOT, source), 'utf8'), mutations);
      const r = await runner.check(text);
      expect(
        ['accepted', 'rejected'],
        `${r.outcome} after ${Math.round(r.ms)} ms: ${r.detail ?? ''}`,
      ).toContain(r.outcome);
    },
    60_000,
  );
});
