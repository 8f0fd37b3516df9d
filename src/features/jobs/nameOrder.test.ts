import { describe, expect, it } from 'vitest';
import { nameRanks } from './nameOrder';

const byRank = (names: string[]) => {
  const ranks = nameRanks(names);
  return [...names].sort((a, b) => ranks.get(a)! - ranks.get(b)!);
};

describe('job names in the table order', () => {
  it('orders names as localeCompare does, whatever order sessions bring them in', () => {
    const first = ['job-10', 'Job-2', 'job-1', 'äpfel', 'zeta', 'b_x', 'b-x'];
    const later = ['alpha', 'job-11', 'Zeta', 'b x'];
    const all = [...first, ...later];
    // Seen in two sessions, then all together: the same order as one collator sort of all of them.
    byRank(first);
    expect(byRank(all)).toEqual([...all].sort((a, b) => a.localeCompare(b)));
    expect(byRank(later)).toEqual([...later].sort((a, b) => a.localeCompare(b)));
  });

  it('orders names the collator calls equal by code units, so ranks never depend on what came first', () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(composed.localeCompare(decomposed)).toBe(0);
    expect(byRank([composed, decomposed])).toEqual([decomposed, composed]);
    expect(byRank([decomposed, composed])).toEqual([decomposed, composed]);
  });
});
