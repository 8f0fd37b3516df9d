import { describe, expect, it } from 'vitest';
import { chooseOrientation, type OrientationCandidate } from './chooseOrientation';

const box = (w: number, h: number) => ({ x0: 0, y0: 0, x1: w, y1: h });
const OPTIONS = { readableScale: 1.3, maxScale: 2.5, padding: 12 };
const candidates = (
  wide: [number, number],
  tall: [number, number],
  focus?: { wide: [number, number]; tall: [number, number] },
): OrientationCandidate[] => [
  { orientation: 'horizontal', whole: box(...wide), focus: focus === undefined ? null : box(...focus.wide) },
  { orientation: 'vertical', whole: box(...tall), focus: focus === undefined ? null : box(...focus.tall) },
];

describe('chooseOrientation', () => {
  it('keeps left to right when both fit about as large', () => {
    // 1000 px wide panel: left to right fits at 1.8, top down at 1.9 (not 10% larger).
    const view = { width: 1000, height: 700 };
    expect(chooseOrientation(candidates([540, 300], [511, 300]), view, OPTIONS)).toBe('horizontal');
  });

  it('turns top down when only top down fits the whole tree at a readable size', () => {
    // The stage at 1280x720: a 550 x 420 panel; a four-level tree is 600 wide left to right.
    const view = { width: 550, height: 420 };
    expect(chooseOrientation(candidates([600, 220], [390, 300]), view, OPTIONS)).toBe('vertical');
  });

  it('prefers the way where the explained path fits when neither shows the whole tree', () => {
    const view = { width: 550, height: 300 };
    const pick = chooseOrientation(
      candidates([700, 400], [500, 500], { wide: [450, 240], tall: [380, 200] }),
      view,
      OPTIONS,
    );
    // Left to right the path needs 450 x 1.3 = 585 px > 526; top down 494 x 260 fits.
    expect(pick).toBe('vertical');
  });

  it('with nothing fitting, takes the way that needs the least panning', () => {
    const view = { width: 300, height: 300 };
    expect(chooseOrientation(candidates([900, 300], [400, 900]), view, OPTIONS)).toBe('horizontal');
    expect(chooseOrientation(candidates([900, 900], [400, 300]), view, OPTIONS)).toBe('vertical');
  });

  it('falls back to left to right with no candidates', () => {
    expect(chooseOrientation([], { width: 100, height: 100 }, OPTIONS)).toBe('horizontal');
  });
});
