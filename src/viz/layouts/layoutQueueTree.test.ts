import { describe, expect, it } from 'vitest';
import type { QueueState } from '../../engine/model/snapshot';
import { designDocQueues, gpus, kaiMinRuntimes, queueState } from '../testing/vizFixtures';
import { QUEUE_CARD, QUEUE_CARD_COMPACT, SYNTHETIC_ROOT, layoutQueueTree } from './layoutQueueTree';

const SIZE = { width: 1200, height: 700 };

/** Positions by name, for comparing two layouts. */
const positions = (qs: readonly QueueState[], collapsed?: Set<string>) =>
  Object.fromEntries(
    layoutQueueTree(qs, SIZE, collapsed === undefined ? {} : { collapsed }).nodes.map((n) => [
      n.name,
      [n.x, n.y],
    ]),
  );

describe('layoutQueueTree', () => {
  it('keeps positions when allocations change between sessions', () => {
    const session1 = designDocQueues();
    const session2 = designDocQueues().map((q) =>
      q.name === 'leaf3' ? { ...q, allocated: gpus(4), fairShare: gpus(2), requested: gpus(6) } : q,
    );
    expect(positions(session2)).toEqual(positions(session1));
  });

  it('orders children by name, whatever the input order', () => {
    const shuffled = [...designDocQueues()].reverse();
    expect(positions(shuffled)).toEqual(positions(designDocQueues()));
    const layout = layoutQueueTree(designDocQueues(), SIZE);
    const y = (n: string) => layout.byName.get(n)?.y ?? NaN;
    expect(y('c')).toBeLessThan(y('d'));
    expect(y('leaf1')).toBeLessThan(y('leaf2'));
  });

  it('puts depth on x and the root at x = 0 for a single top-level queue', () => {
    const layout = layoutQueueTree(designDocQueues(), SIZE);
    expect(layout.hasSyntheticRoot).toBe(false);
    const col = QUEUE_CARD.width + QUEUE_CARD.levelGap;
    expect(layout.byName.get('a')?.x).toBe(0);
    expect(layout.byName.get('b')?.x).toBe(col);
    expect(layout.byName.get('leaf3')?.x).toBe(3 * col);
    expect(layout.links.map((l) => `${l.source}>${l.target}`).sort()).toEqual(
      ['a>b', 'b>c', 'b>d', 'c>leaf1', 'c>leaf2', 'd>leaf3'].sort(),
    );
  });

  it('joins several top-level queues under a synthetic root', () => {
    const qs = [queueState('research', null), queueState('prod', null), queueState('prod-a', 'prod')];
    const layout = layoutQueueTree(qs, SIZE);
    expect(layout.hasSyntheticRoot).toBe(true);
    const root = layout.byName.get(SYNTHETIC_ROOT);
    expect(root?.isSynthetic).toBe(true);
    expect(root?.x).toBeLessThan(0);
    expect(layout.byName.get('prod')?.parent).toBe(SYNTHETIC_ROOT);
    expect(layout.links.filter((l) => l.isSynthetic).map((l) => l.target)).toEqual(['prod', 'research']);
  });

  it('treats a queue whose parent is missing as top-level', () => {
    const layout = layoutQueueTree([queueState('x', 'ghost'), queueState('y', null)], SIZE);
    expect(layout.parentOf.get('x')).toBeNull();
    expect(layout.byName.get('x')?.parent).toBe(SYNTHETIC_ROOT);
  });

  it('hides collapsed subtrees and counts what is hidden', () => {
    const layout = layoutQueueTree(designDocQueues(), SIZE, { collapsed: new Set(['c']) });
    expect(layout.byName.has('leaf1')).toBe(false);
    const c = layout.byName.get('c');
    expect(c?.isCollapsed).toBe(true);
    expect(c?.hiddenCount).toBe(2);
    expect(c?.toggle).not.toBeNull();
    expect(layout.byName.get('leaf3')?.toggle).toBeNull();
    // The collapsed set still knows every queue's parent, for path highlighting.
    expect(layout.parentOf.get('leaf1')).toBe('c');
  });

  it('draws quota, fair share and allocation on one bar, with the part above fair share apart', () => {
    const q = queueState('team', null, {
      quota: gpus(2),
      fairShare: gpus(4),
      allocated: gpus(6),
      requested: gpus(9),
      limit: { gpu: 5, cpu: -1, memory: -1 },
      overQuotaWeight: { gpu: 3, cpu: 1, memory: 1 },
    });
    const [bar] = layoutQueueTree([q], SIZE, { barScale: 'node' }).nodes[0]?.bars ?? [];
    expect(bar).toBeDefined();
    if (bar === undefined) return;
    // Scale max is the largest of quota, fair share and allocation (6); requested is clipped.
    expect(bar.scaleMax).toBe(6);
    const w = bar.width;
    expect(bar.fairShareWidth).toBeCloseTo((4 / 6) * w);
    expect(bar.allocatedWidth).toBeCloseTo((4 / 6) * w);
    expect(bar.overFairShareX).toBeCloseTo((4 / 6) * w);
    expect(bar.overFairShareWidth).toBeCloseTo((2 / 6) * w);
    expect(bar.quotaX).toBeCloseTo((2 / 6) * w);
    expect(bar.limitX).toBeCloseTo((5 / 6) * w);
    expect(bar.requestedWidth).toBeCloseTo(w);
    expect(bar.isRequestClipped).toBe(true);
    expect(bar.overQuotaWeight).toBe(3);
    expect(bar.valueText).toBe('6/4');
  });

  it('shows no quota tick for unlimited quota and no cap without a limit', () => {
    const q = queueState('team', null, {
      quota: { gpu: -1, cpu: 0, memory: 0 },
      fairShare: gpus(3),
      allocated: gpus(1),
    });
    const bar = layoutQueueTree([q], SIZE).nodes[0]?.bars[0];
    expect(bar?.quotaX).toBeNull();
    expect(bar?.limitX).toBeNull();
    expect(bar?.overFairShareWidth).toBe(0);
  });

  it('scales siblings together by default, so their bars compare', () => {
    const qs = [
      queueState('p', null, { fairShare: gpus(8) }),
      queueState('big', 'p', { fairShare: gpus(6), allocated: gpus(6) }),
      queueState('small', 'p', { fairShare: gpus(2), allocated: gpus(1) }),
    ];
    const layout = layoutQueueTree(qs, SIZE);
    const big = layout.byName.get('big')?.bars[0];
    const small = layout.byName.get('small')?.bars[0];
    expect(big?.scaleMax).toBe(6);
    expect(small?.scaleMax).toBe(6);
    expect(small?.fairShareWidth).toBeCloseTo((big?.fairShareWidth ?? 0) / 3);
    const own = layoutQueueTree(qs, SIZE, { barScale: 'node' }).byName.get('small')?.bars[0];
    expect(own?.scaleMax).toBe(2);
  });

  it('adds cpu and memory bars only where some queue sets a quota or limit', () => {
    const gpuOnly = layoutQueueTree(
      [queueState('q', null, { allocated: { gpu: 1, cpu: 4, memory: 8e9 } })],
      SIZE,
    );
    expect(gpuOnly.resources).toEqual(['gpu']);
    const withCpu = layoutQueueTree([queueState('q', null, { quota: { gpu: 1, cpu: 8, memory: 0 } })], SIZE);
    expect(withCpu.resources).toEqual(['gpu', 'cpu']);
    expect(withCpu.nodes[0]?.bars.map((b) => b.tag)).toEqual(['GPU', 'CPU']);
    expect(withCpu.cardHeight).toBeGreaterThan(gpuOnly.cardHeight);
  });

  it('draws the badges it is given and resolves nothing (decisions 0003, 0298)', () => {
    // The parents here set min-runtimes a walk up the tree would find; the badges say otherwise, and the
    // layout must draw what it is given: it reads, never resolves.
    const qs = [
      queueState('b', null, kaiMinRuntimes({ reclaim: 600_000 })),
      queueState('c', 'b'),
      queueState('d', 'c', kaiMinRuntimes({ reclaim: 60_000 })),
    ];
    const asked: string[] = [];
    const layout = layoutQueueTree(qs, SIZE, {
      badges: (q) => {
        asked.push(q.name);
        return q.name === 'c'
          ? [
              { key: 'preempt', style: 'dashed', text: 'P 5m', description: 'p', shortenable: false },
              { key: 'reclaim', style: 'filled', text: 'R 7s', description: 'r', shortenable: false },
            ]
          : [];
      },
    });
    expect(asked.sort()).toEqual(['b', 'c', 'd']);
    expect(layout.showsBadges).toBe(true);
    expect(layout.byName.get('c')?.badges.map((b) => [b.key, b.style, b.text])).toEqual([
      ['preempt', 'dashed', 'P 5m'],
      ['reclaim', 'filled', 'R 7s'],
    ]);
    // A card the profile gives no badges keeps the row's height but draws none.
    expect(layout.byName.get('d')?.badges).toEqual([]);
    expect(layout.byName.get('d')?.height).toBe(layout.byName.get('c')?.height);
  });

  it('cuts a shortenable badge in its row; wraps one that may not be cut onto its own row and lines', () => {
    const long = 'R 10m ↑a-very-long-ancestor-queue-name';
    const facts = (shortenable: boolean) => [
      { key: 'preempt', style: 'filled' as const, text: 'P 20s', description: '', shortenable: false },
      { key: 'reclaim', style: 'outlined' as const, text: long, description: '', shortenable },
    ];
    const cut = layoutQueueTree([queueState('q', null)], SIZE, { badges: () => facts(true) });
    const kept = layoutQueueTree([queueState('q', null)], SIZE, { badges: () => facts(false) });
    // Shortenable (KAI's inherited "↑queue"): one row, as before; the text stays whole for readers.
    const [a, b] = cut.nodes[0]?.badges ?? [];
    expect(b?.y).toBe(a?.y);
    expect(b?.text).toBe(long);
    expect(b?.lines).toHaveLength(1);
    expect(b?.lines[0]?.endsWith('…')).toBe(true);
    // Not shortenable: a second row, on two lines, nothing cut; the card grows to hold it.
    const [c, d] = kept.nodes[0]?.badges ?? [];
    expect(d?.y).toBeGreaterThan((c?.y ?? 0) + (c?.height ?? 0) - 0.01);
    expect(d?.lines).toEqual(['R 10m ', '↑a-very-long-ancestor-queue-name']);
    expect(kept.cardHeight).toBeGreaterThan(cut.cardHeight);
    for (const l of [cut, kept]) {
      const r = l.nodes[0]?.badges[1];
      expect((r?.x ?? 0) + (r?.width ?? 0)).toBeLessThanOrEqual(QUEUE_CARD.width - QUEUE_CARD.padX);
    }
  });

  it('never cuts a badge that fits the row: "borrowed 6 GPU" on a stage card reads in full', () => {
    const layout = layoutQueueTree([queueState('q', null)], SIZE, {
      density: 'compact',
      badges: () => [
        { key: 'borrowed', style: 'filled', text: 'borrowed 6 GPU', description: '', shortenable: false },
        { key: 'share', style: 'outlined', text: 'share 0.75', description: '', shortenable: false },
      ],
    });
    const badges = layout.nodes[0]?.badges ?? [];
    expect(badges.map((b) => b.lines.join(''))).toEqual(['borrowed 6 GPU', 'share 0.75']);
    for (const b of badges) {
      expect(b.lines.join('')).not.toContain('…');
      expect(b.x + b.width).toBeLessThanOrEqual(QUEUE_CARD_COMPACT.width - QUEUE_CARD_COMPACT.padX + 0.01);
    }
  });

  it('omits the badge row when no card has a badge', () => {
    const layout = layoutQueueTree([queueState('q', null, kaiMinRuntimes({ reclaim: 60_000 }))], SIZE);
    expect(layout.showsBadges).toBe(false);
    expect(layout.nodes[0]?.badges).toEqual([]);
  });

  it('lays out 200 queues without overlapping cards', () => {
    const qs: QueueState[] = [queueState('root', null)];
    for (let d = 0; d < 10; d++) {
      qs.push(queueState(`dept-${d}`, 'root'));
      for (let t = 0; t < 19; t++)
        qs.push(queueState(`dept-${d}-team-${t}`, `dept-${d}`, { fairShare: gpus(t) }));
    }
    expect(qs.length).toBe(201);
    const layout = layoutQueueTree(qs, SIZE);
    expect(layout.nodes).toHaveLength(201);
    const byColumn = new Map<number, number[]>();
    for (const n of layout.nodes) byColumn.set(n.x, [...(byColumn.get(n.x) ?? []), n.y]);
    for (const ys of byColumn.values()) {
      ys.sort((a, b) => a - b);
      for (let i = 1; i < ys.length; i++) {
        expect((ys[i] ?? 0) - (ys[i - 1] ?? 0)).toBeGreaterThanOrEqual(layout.cardHeight);
      }
    }
  });

  it('is deterministic', () => {
    const a = layoutQueueTree(designDocQueues(), SIZE);
    const b = layoutQueueTree(designDocQueues(), SIZE);
    expect(JSON.stringify(a.nodes)).toBe(JSON.stringify(b.nodes));
    expect(a.links).toEqual(b.links);
  });

  it('returns an empty layout for no queues', () => {
    const layout = layoutQueueTree([], SIZE);
    expect(layout.nodes).toEqual([]);
    expect(layout.bounds).toEqual({ x0: 0, y0: 0, x1: 0, y1: 0 });
  });
});
