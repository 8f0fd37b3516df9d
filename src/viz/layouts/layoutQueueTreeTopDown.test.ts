/** The stage's tree (decision 0100): compact cards, laid out top down. */
import { describe, expect, it } from 'vitest';
import type { QueueState } from '../../engine/model/snapshot';
import { designDocQueues, gpus, kaiMinRuntimes, queueState } from '../testing/vizFixtures';
import {
  QUEUE_CARD_COMPACT,
  layoutQueueTree,
  type QueueBadgeFact,
  type QueueTreeLayout,
} from './layoutQueueTree';
import { textWidth } from './textWidth';

const SIZE = { width: 550, height: 440 };
/** LCA 1's badges as KAI's UI module words them (the engine resolved "R 10m" inherited from b). */
const BADGES: Readonly<Record<string, QueueBadgeFact[]>> = {
  team: [
    { key: 'preempt', style: 'dashed', text: 'P 0s', description: 'plugin default', shortenable: false },
    { key: 'reclaim', style: 'outlined', text: 'R 10m ↑b', description: 'inherited', shortenable: true },
  ],
};
const down = (qs: readonly QueueState[], collapsed?: Set<string>): QueueTreeLayout =>
  layoutQueueTree(qs, SIZE, {
    orientation: 'vertical',
    density: 'compact',
    badges: (q) => BADGES[q.name] ?? [],
    ...(collapsed === undefined ? {} : { collapsed }),
  });
const overlap = (a: QueueTreeLayout['nodes'][0], b: QueueTreeLayout['nodes'][0]) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('layoutQueueTree top down with compact cards', () => {
  it('puts depth on y: one row per level, children below their parent', () => {
    const layout = down(designDocQueues());
    const pitch = layout.cardHeight + QUEUE_CARD_COMPACT.levelGapDown;
    const y = (n: string) => layout.byName.get(n)?.y;
    expect(y('a')).toBe(0);
    expect(y('b')).toBe(pitch);
    expect([y('c'), y('d')]).toEqual([2 * pitch, 2 * pitch]);
    expect([y('leaf1'), y('leaf2'), y('leaf3')]).toEqual([3 * pitch, 3 * pitch, 3 * pitch]);
    const x = (n: string) => layout.byName.get(n)?.x ?? NaN;
    // Children are ordered by name from left to right.
    expect(x('leaf1')).toBeLessThan(x('leaf2'));
    expect(x('leaf2')).toBeLessThan(x('leaf3'));
    expect(x('c')).toBeLessThan(x('d'));
    for (const a of layout.nodes)
      for (const b of layout.nodes) if (a !== b) expect(overlap(a, b)).toBe(false);
    expect(layout.orientation).toBe('vertical');
    expect(layout.metrics).toBe(QUEUE_CARD_COMPACT);
  });

  it('links leave the parent at the bottom and enter the child at the top', () => {
    const layout = down(designDocQueues());
    const b = layout.byName.get('b');
    const d = layout.byName.get('d');
    const link = layout.links.find((l) => l.source === 'b' && l.target === 'd');
    expect(b && d && link).toBeTruthy();
    if (!b || !d || !link) return;
    const n = link.path.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    // d3 prints path numbers to three decimals.
    expect(n[0]).toBeCloseTo(b.x + b.width / 2, 2);
    expect(n[1]).toBeCloseTo(b.y + b.height, 2);
    expect(n.at(-2)).toBeCloseTo(d.x + d.width / 2, 2);
    expect(n.at(-1)).toBeCloseTo(d.y, 2);
  });

  it('keeps the collapse toggle inside the header and says what a fold hides under the card', () => {
    const layout = down(designDocQueues(), new Set(['c']));
    const c = layout.byName.get('c');
    expect(c?.isCollapsed).toBe(true);
    if (c === undefined || c.toggle === null || c.foldLabel === null) throw new Error('no toggle');
    expect(c.toggle.x + c.toggle.r).toBeLessThanOrEqual(c.x + c.width);
    expect(c.toggle.y - c.toggle.r).toBeGreaterThanOrEqual(c.y);
    expect(c.toggle.y + c.toggle.r).toBeLessThanOrEqual(c.y + QUEUE_CARD_COMPACT.header + 2);
    expect(c.foldLabel).toEqual({ x: c.width / 2, y: expect.any(Number), anchor: 'middle' });
    expect(c.foldLabel.y).toBeGreaterThan(c.height);
    // The bounds reach down to the fold's words.
    expect(layout.bounds.y1).toBeGreaterThanOrEqual(c.y + c.foldLabel.y);
    expect(layout.byName.has('leaf1')).toBe(false);
  });

  it('draws every text of a compact card at one size and sizes values to the widest', () => {
    const qs = [
      queueState('org', null),
      queueState('team', 'org', { allocated: gpus(12), fairShare: gpus(16) }),
    ];
    const layout = down(qs);
    expect(QUEUE_CARD_COMPACT.smallFontSize).toBe(QUEUE_CARD_COMPACT.fontSize);
    const bar = layout.byName.get('team')?.bars[0];
    expect(bar?.valueText).toBe('12/16');
    if (bar === undefined) return;
    // The bar ends where the widest value text begins (plus a small gap), not 60 units before the edge.
    const room = bar.valueX - (bar.x + bar.width);
    expect(room).toBeGreaterThanOrEqual(textWidth('12/16', QUEUE_CARD_COMPACT.smallFontSize));
    expect(room).toBeLessThan(textWidth('12/16', QUEUE_CARD_COMPACT.smallFontSize) + 10);
  });

  it('gives the reclaim badge the room the preempt badge leaves', () => {
    const qs = [queueState('b', null, kaiMinRuntimes({ reclaim: 600_000 })), queueState('team', 'b')];
    const badges = down(qs).byName.get('team')?.badges ?? [];
    // LCA 1's "R 10m ↑b" fits whole beside "P 0s" on a 112-unit card.
    expect(badges.map((b) => b.text)).toEqual(['P 0s', 'R 10m ↑b']);
    const [p, r] = badges;
    if (p === undefined || r === undefined) return;
    expect(r.x).toBe(p.x + p.width + QUEUE_CARD_COMPACT.badgeGap);
    expect(r.x + r.width).toBeLessThanOrEqual(QUEUE_CARD_COMPACT.width - QUEUE_CARD_COMPACT.padX);
  });

  it('is deterministic and keeps positions when the numbers change', () => {
    const a = down(designDocQueues());
    const b = down(designDocQueues().map((q) => (q.name === 'leaf3' ? { ...q, allocated: gpus(5) } : q)));
    expect(a.nodes.map((n) => [n.name, n.x, n.y])).toEqual(b.nodes.map((n) => [n.name, n.x, n.y]));
  });
});
