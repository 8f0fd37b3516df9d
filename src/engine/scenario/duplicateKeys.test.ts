import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { findDuplicateKeys } from './duplicateKeys';

describe('findDuplicateKeys', () => {
  it('reports what the yaml package reports with uniqueKeys, at the same offsets, in document order', () => {
    const text = [
      'a: 1',
      'b:',
      '  - {x: 1, y: 2, x: 3}',
      '  - [k: 1, k: 2]',
      '  - c: {d: 1}',
      '    c: 2',
      'a: 4',
      'e: {f: {g: 1, g: 2}}',
      '',
    ].join('\n');
    const ours = findDuplicateKeys(parseDocument(text, { uniqueKeys: false })).map((d) => d.offset);
    const theirs = parseDocument(text, { uniqueKeys: true })
      .errors.filter((e) => e.code === 'DUPLICATE_KEY')
      .map((e) => e.pos[0]);
    expect(ours.length).toBe(4);
    expect([...ours].sort((p, q) => p - q)).toEqual([...theirs].sort((p, q) => p - q));
    // Document order: the outer mapping's repeated key is found before the nested ones (visit order).
    expect(ours[0]).toBe(text.indexOf('a: 4'));
  });
});
