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

  it('enlarges a small tree up to maxScale', () => {
    const t = fitTransform(
      { x0: 0, y0: 0, x1: 100, y1: 50 },
      { width: 400, height: 400 },
      { padding: 0, maxScale: 2.5 },
    );
    expect(t.k).toBe(2.5);
  });

  it('keeps the focused box in view when the content does not fit at the readable scale', () => {
    const t = fitTransform(
      { x0: 0, y0: 0, x1: 2000, y1: 2000 },
      { width: 500, height: 500 },
      { padding: 10, minScale: 1.5, focusBounds: { x0: 1000, y0: 1000, x1: 1100, y1: 1100 } },
    );
    expect(t.k).toBe(1.5);
    // The box's centre (1050, 1050) lands at the viewport's centre.
    expect(1050 * t.k + t.x).toBeCloseTo(250);
    expect(1050 * t.k + t.y).toBeCloseTo(250);
  });

  it('never scrolls past the content edge to centre a focused box near it', () => {
    const t = fitTransform(
      { x0: 0, y0: 0, x1: 2000, y1: 300 },
      { width: 500, height: 500 },
      { padding: 10, minScale: 1.5, focusBounds: { x0: 0, y0: 0, x1: 50, y1: 50 } },
    );
    expect(t.x).toBe(10);
  });
});
