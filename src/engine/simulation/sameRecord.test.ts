import { describe, expect, it } from 'vitest';
import { sameRecord } from './sameRecord';

describe('sameRecord', () => {
  it('calls equal plain records the same, however deep', () => {
    const a = { job: 'j', verdicts: [{ plugin: 'p', allowed: false, n: 1.5 }], code: null };
    expect(sameRecord(a, structuredClone(a))).toBe(true);
  });
  it('tells records apart by any field, array length or key order', () => {
    expect(sameRecord({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] })).toBe(false);
    expect(sameRecord({ a: [1] }, { a: [1, 1] })).toBe(false);
    expect(sameRecord({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameRecord({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameRecord([1], { 0: 1 })).toBe(false);
    expect(sameRecord({ a: null }, { a: {} })).toBe(false);
  });
  it('whatever it calls the same serialises the same', () => {
    const pairs: [unknown, unknown][] = [
      [{ x: NaN }, { x: NaN }],
      [
        { s: 'a', t: [true, null] },
        { s: 'a', t: [true, null] },
      ],
    ];
    for (const [a, b] of pairs) {
      expect(sameRecord(a, b)).toBe(true);
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
    expect(sameRecord(new Map(), new Map())).toBe(false);
  });
});
