import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collatorRanks,
  createJobOrderer,
  createNameRanker,
  jobNameOrderBuffers,
  jobNameOrderOf,
} from './jobNameOrder';

/** Texts the collator orders unlike their code units: case, accents (composed and not), digits, punctuation. */
const name = fc
  .array(fc.constantFrom('a', 'A', 'b', 'é', 'e\u0301', '1', '10', '2', '-', '_', 'z', 'Z'), {
    minLength: 1,
    maxLength: 4,
  })
  .map((t) => t.join(''));

describe('the jobs table name order the worker sends (decision 0377)', () => {
  it('ranks as comparing with localeCompare does, and orders indices stably by rank', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 40 }), (names) => {
        const { ranks, order } = jobNameOrderOf(names, collatorRanks(names));
        names.forEach((a, i) =>
          names.forEach((b, j) => {
            expect(Math.sign((ranks[i] as number) - (ranks[j] as number))).toBe(
              Math.sign(a.localeCompare(b)),
            );
          }),
        );
        const stable = names.map((_, i) => i).sort((i, j) => names[i]!.localeCompare(names[j]!) || i - j);
        expect([...order]).toEqual(stable);
      }),
      { numRuns: 200, seed: 20_261_129 },
    );
  });

  it("keeps the last ranks while a session's names are among them, and ranks again for a new name", () => {
    const rank = createNameRanker();
    const first = rank(['b', 'a', 'c']);
    expect(rank(['c', 'a'])).toBe(first);
    const second = rank(['c', 'a', 'd']);
    expect(second).not.toBe(first);
    expect([...second.keys()].sort()).toEqual(['a', 'c', 'd']);
    // Ranks of a larger set keep the order of any subset of it.
    expect([...jobNameOrderOf(['c', 'a'], first).order]).toEqual([1, 0]);
  });

  it('gives each session its own arrays, the same order for the same names, and a new one for new names', () => {
    const orderOf = createJobOrderer();
    const first = orderOf(['b', 'a', 'c']);
    const again = orderOf(['b', 'a', 'c']);
    expect([...again.order]).toEqual([1, 0, 2]);
    expect(again.order.buffer).not.toBe(first.order.buffer);
    expect(again.ranks.buffer).not.toBe(first.ranks.buffer);
    expect([...orderOf(['c', 'a', 'b']).order]).toEqual([1, 2, 0]);
    expect([...orderOf(['c', 'a', 'b', 'A']).order]).toEqual([1, 3, 2, 0]);
  });

  it('moves as two buffers', () => {
    const o = jobNameOrderOf(['b', 'a'], collatorRanks(['b', 'a']));
    expect(jobNameOrderBuffers(o)).toEqual([o.ranks.buffer, o.order.buffer]);
  });
});
