import { describe, expect, it } from 'vitest';
import { designDocExample1, designDocQueues } from '../testing/vizFixtures';
import { layoutLcaBand, MAX_BAND_LINES } from './layoutLcaBand';
import { layoutLcaPath } from './layoutLcaPath';
import { layoutQueueTree } from './layoutQueueTree';
import { textWidth } from './textWidth';

const example1 = designDocExample1();
const compact = layoutQueueTree(
  designDocQueues(),
  { width: 550, height: 440 },
  {
    orientation: 'vertical',
    density: 'compact',
  },
);

describe('the stage path band', () => {
  it('compact trees keep the callouts out of the tree: the headline goes to the band, figures to the text', () => {
    const g = layoutLcaPath(compact, example1, 'leaf1', 'leaf3', { protectedUntilMs: 120_000, nowMs: 2_000 });
    expect(g.calloutsInTree).toBe(false);
    expect(g.leveled).toEqual([]);
    expect(g.callout.lines[0]).toBe('1m from d — protected until t=2m');
    // The overlay's bounds are the highlighted cards and their tags only.
    const cards = g.cards.map((c) => c.y + c.height);
    expect(g.bounds.y1).toBeLessThanOrEqual(Math.max(...cards) + 6);
  });

  it('wraps the lines to the panel at the given size, headline first', () => {
    const g = layoutLcaPath(compact, example1, 'leaf1', 'leaf3', { protectedUntilMs: 120_000, nowMs: 2_000 });
    const wide = layoutLcaBand(g, 1200, 14.3);
    expect(wide.lines.map((l) => l.text)).toEqual(g.callout.lines);
    expect(wide.lines.map((l) => l.isHeadline)).toEqual([true, false]);
    expect(wide.height).toBe(2 * wide.lineHeight + 2 * wide.padY);
    const narrow = layoutLcaBand(g, 260, 14.3);
    expect(narrow.lines.length).toBeGreaterThan(2);
    expect(narrow.lines.length).toBeLessThanOrEqual(MAX_BAND_LINES);
    for (const l of narrow.lines) {
      const bold = l.isHeadline ? 1.1 : 1;
      expect(textWidth(l.text, 14.3) * bold).toBeLessThanOrEqual(260 - 2 * narrow.padX + 20);
    }
    // Nothing is lost but at the cap: the words come back joined.
    expect(narrow.lines.map((l) => l.text).join(' ')).toBe(g.callout.lines.join(' '));
  });

  it('never takes more than its cap, and says so with an ellipsis', () => {
    const g = layoutLcaPath(compact, example1, 'leaf1', 'leaf3', { protectedUntilMs: 120_000, nowMs: 2_000 });
    const tiny = layoutLcaBand(g, 80, 14.3);
    expect(tiny.lines).toHaveLength(MAX_BAND_LINES);
    expect(tiny.lines.at(-1)?.text.endsWith('…')).toBe(true);
  });

  it('regular trees place the callouts in the tree as before', () => {
    const regular = layoutQueueTree(designDocQueues(), { width: 1200, height: 700 });
    const g = layoutLcaPath(regular, example1, 'leaf1', 'leaf3');
    expect(g.calloutsInTree).toBe(true);
    expect(g.bounds.y0).toBeLessThanOrEqual(g.callout.y);
  });
});
