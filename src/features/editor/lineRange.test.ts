import { describe, expect, it } from 'vitest';
import { lineRange } from './lineRange';

describe('lineRange', () => {
  it('finds a line’s characters, clamping past the end', () => {
    const text = 'version: 1\nname: x\nqueues: []';
    expect(lineRange(text, 1)).toEqual([0, 10]);
    expect(text.slice(...lineRange(text, 2))).toBe('name: x');
    expect(text.slice(...lineRange(text, 9))).toBe('queues: []');
  });
});
