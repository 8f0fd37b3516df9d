import { describe, expect, it } from 'vitest';
import { fitTransform } from './fitTransform';

describe('fitTransform', () => {
  it('centres content that fits, never enlarging beyond maxScale', () => {
    expect(
      fitTransform({ x0: 0, y0: -50, x1: 200, y1: 50 }, { width: 400, height: 300 }, { padding: 0 }),
    ).toEqual({
      k: 1,
      x: 100,
      y: 150,
    });
  });

  it('scales large content down to fit', () => {
    const t = fitTransform({ x0: 0, y0: 0, x1: 1000, y1: 500 }, { width: 500, height: 500 }, { padding: 0 });
    expect(t.k).toBe(0.5);
    expect(t.y).toBe(125);
  });

  it('keeps a readable scale for huge trees and centres the focus vertically', () => {
    const t = fitTransform(
      { x0: 0, y0: -5000, x1: 1000, y1: 5000 },
      { width: 800, height: 600 },
      { padding: 10, minScale: 0.5, focus: { x: 0, y: 0 } },
    );
    expect(t).toEqual({ k: 0.5, x: 10, y: 300 });
  });
});
