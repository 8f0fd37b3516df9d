import { describe, expect, it } from 'vitest';
import { overlaps, placeCallout } from './placeCallout';

const card = { x: 100, y: 100, width: 200, height: 60 };
const options = { canGoRight: false, topClearance: 0, rightClearance: 0 };

describe('placeCallout', () => {
  it('prefers the spot right next to a leaf card', () => {
    const p = placeCallout(card, 150, 40, [card], { ...options, canGoRight: true });
    expect(p.x).toBe(310);
    expect(p.y).toBe(110);
    expect(p.leader).toEqual({ x1: 310, y1: 130, x2: 300, y2: 130 });
  });

  it('goes above a card with children, and slides past obstacles', () => {
    const above = { x: 100, y: 40, width: 200, height: 40 };
    const p = placeCallout(card, 150, 30, [card, above], options);
    expect(overlaps(p, above, 0)).toBe(false);
    expect(overlaps(p, card, 0)).toBe(false);
    // Below is closer than sliding over the card above.
    expect(p.y).toBe(168);
    expect(p.leader.y2).toBe(160);
  });
});
