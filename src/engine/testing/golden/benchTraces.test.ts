/**
 * The benchmark workloads' traces are pinned by hash (scripts/bench-golden.json): an index or cache added
 * for speed must change no decision. The small sizes run here; `npx tsx scripts/benchGolden.ts` checks
 * the big ones (125 to 2,000 nodes, 120 churn sessions, CPU and GPU pods on 500 nodes), and `npm run bench:engine` the 1,000-node one.
 */
import { describe, expect, it } from 'vitest';
import { goldenHash, readGolden } from '../../../../scripts/benchGolden';

describe('benchmark workloads keep their golden trace hash', () => {
  const golden = readGolden();
  for (const name of ['kai-25', 'kai-50', 'churn-15', 'pods-100']) {
    it(`${name} is byte-identical to its checked-in hash`, () => {
      expect(golden[name]).toMatch(/^[0-9a-f]{64}$/);
      expect(goldenHash(name)).toBe(golden[name]);
    }, 30_000);
  }
});
