import { describe, expect, it } from 'vitest';
import { findTerms, GLOSSARY } from './glossary';

const terms = (text: string) =>
  findTerms(text).flatMap((p) => ('entry' in p ? [[p.text, p.entry.term]] : []));

describe('glossary', () => {
  it('defines every term the lessons rely on', () => {
    const names = GLOSSARY.map((e) => e.term);
    for (const t of [
      'quota',
      'fair share',
      'over-quota weight',
      'reclaim',
      'preempt',
      'pipelined',
      'LCA',
      'min-runtime',
    ])
      expect(names).toContain(t);
    for (const e of GLOSSARY) expect(e.definition.length).toBeGreaterThan(40);
  });

  it('finds terms whole-word, longest form first, case-insensitively', () => {
    expect(terms('Its over-quota weight is 0, its quota 4; the LCA of both is b.')).toEqual([
      ['over-quota weight', 'over-quota weight'],
      ['quota', 'quota'],
      ['LCA', 'LCA'],
    ]);
    expect(terms('Reclaimed at t=20s, then Pipelined.')).toEqual([
      ['Reclaimed', 'reclaim'],
      ['Pipelined', 'pipelined'],
    ]);
  });

  it('leaves role words and parts of other words alone', () => {
    expect(terms('the reclaimer and the preemptor; a preemptible job; quotation; non-gang-x')).toEqual([]);
  });

  it('keeps the text whole', () => {
    const text = 'A reclaim waits for min-runtime: fair share first.';
    expect(
      findTerms(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('is linear in the text (no backtracking on long inputs)', () => {
    const long = 'over-quota '.repeat(40_000) + 'x'.repeat(200_000) + ' fair '.repeat(40_000);
    const started = performance.now();
    findTerms(long);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
