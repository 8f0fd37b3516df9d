import { describe, expect, it } from 'vitest';
import type { ReclaimFiguresDetail as ReclaimableDetail } from '../../engine/framework/verdictDetails';
import {
  designDocExample1,
  designDocQueues,
  gpus,
  kaiMinRuntimes,
  queueState,
  resolution,
} from '../testing/vizFixtures';
import { layoutLcaPath, type LcaPathGeometry } from './layoutLcaPath';
import { SYNTHETIC_ROOT, layoutQueueTree } from './layoutQueueTree';
import { overlaps } from './placeCallout';

const SIZE = { width: 1200, height: 700 };
const tree = layoutQueueTree(designDocQueues(), SIZE);

/** First and last points of an SVG path: [x0, y0, x1, y1]. */
const ends = (path: string | undefined): number[] => {
  const n = (path ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  // d3 prints path numbers to three decimals.
  return [n[0] ?? NaN, n[1] ?? NaN, n.at(-2) ?? NaN, n.at(-1) ?? NaN].map((v) => Math.round(v * 100) / 100);
};
const roles = (g: LcaPathGeometry) => Object.fromEntries(g.nodes.map((n) => [n.name, n.roles]));
const edges = (g: LcaPathGeometry, kind: 'preemptor' | 'victim' | 'walk') =>
  g.edges.filter((e) => e.kind === kind).map((e) => `${e.from}>${e.to}`);

// The three reclaim examples of the min-runtime design doc, as the engine resolves them.
const example1 = designDocExample1();
const example2 = resolution({
  preemptorQueue: 'leaf1',
  victimQueue: 'leaf2',
  lca: 'c',
  stepDown: 'leaf2',
  path: ['leaf2'],
  source: 'leaf2',
  durationMs: 180_000,
});
const example3 = resolution({
  preemptorQueue: 'leaf3',
  victimQueue: 'leaf1',
  lca: 'b',
  stepDown: 'c',
  path: ['c', 'b'],
  source: 'b',
  durationMs: 600_000,
});

describe('layoutLcaPath: design doc examples', () => {
  it('(leaf1 -> leaf3): LCA b, step down to d, 1m from d', () => {
    const g = layoutLcaPath(tree, example1, 'leaf1', 'leaf3', { protectedUntilMs: 90_000, nowMs: 30_000 });
    expect(roles(g)).toEqual({
      leaf1: ['preemptor'],
      leaf3: ['victim'],
      b: ['lca'],
      d: ['stepDown', 'walk', 'source'],
    });
    expect(edges(g, 'preemptor')).toEqual(['c>leaf1', 'b>c']);
    expect(edges(g, 'victim')).toEqual(['d>leaf3', 'b>d']);
    expect(edges(g, 'walk')).toEqual([]);
    expect(g.callout.queue).toBe('d');
    expect(g.callout.lines[0]).toBe('1m from d — protected until t=1m30s');
    expect(g.callout.lines[1]).toBe('reclaim (LCA) · LCA b · step down d · walk up d');
    expect(g.callout.tone).toBe('protected');
    // The callout is clear of every card and its leader ends on d's card.
    const d = tree.byName.get('d');
    for (const n of tree.nodes) expect(overlaps(g.callout, n)).toBe(false);
    expect([d?.y, (d?.y ?? 0) + (d?.height ?? 0)]).toContain(g.callout.leader.y2);
    expect(g.isCrossTree).toBe(false);
  });

  it('(leaf1 -> leaf2): LCA c, step down to leaf2 itself, 3m from leaf2', () => {
    const g = layoutLcaPath(tree, example2, 'leaf1', 'leaf2');
    expect(roles(g)).toEqual({
      leaf1: ['preemptor'],
      leaf2: ['victim', 'stepDown', 'walk', 'source'],
      c: ['lca'],
    });
    expect(g.nodes.find((n) => n.name === 'leaf2')?.tag).toBe('victim · step down · source');
    expect(edges(g, 'preemptor')).toEqual(['c>leaf1']);
    expect(edges(g, 'victim')).toEqual(['c>leaf2']);
    expect(g.callout.lines[0]).toBe('3m from leaf2');
    expect(g.callout.tone).toBe('none');
  });

  it('(leaf3 -> leaf1): LCA b, step down to c, walk c -> b, 10m from b', () => {
    const g = layoutLcaPath(tree, example3, 'leaf3', 'leaf1', { protectedUntilMs: 600_000, nowMs: 600_000 });
    expect(roles(g)).toEqual({
      leaf3: ['preemptor'],
      leaf1: ['victim'],
      b: ['lca', 'walk', 'source'],
      c: ['stepDown', 'walk'],
    });
    expect(g.nodes.find((n) => n.name === 'c')?.walkStep).toBe(0);
    expect(g.nodes.find((n) => n.name === 'b')?.walkStep).toBe(1);
    expect(edges(g, 'walk')).toEqual(['c>b']);
    // The walk runs from c's left edge to b's right edge (child to parent).
    const walk = g.edges.find((e) => e.kind === 'walk');
    const c = tree.byName.get('c');
    const b = tree.byName.get('b');
    expect(walk?.path.startsWith(`M${c?.x},`)).toBe(true);
    expect(walk?.path).toContain(`${(b?.x ?? 0) + (b?.width ?? 0) + 2},`);
    expect(g.callout.queue).toBe('b');
    // At exactly lastStart + duration the victim is no longer protected (strict comparison upstream).
    expect(g.callout.tone).toBe('expired');
    expect(g.callout.lines[0]).toBe('10m from b — protection ended at t=10m');
    expect(g.callout.lines[1]).toBe('reclaim (LCA) · LCA b · step down c · walk up c → b');
  });
});

describe('layoutLcaPath: other cases', () => {
  it('a zero min-runtime reads as no protection, not as one that ended', () => {
    const tree = layoutQueueTree(designDocQueues(), { width: 1200, height: 640 });
    const r = resolution({
      method: 'queue',
      preemptorQueue: 'leaf3',
      victimQueue: 'leaf1',
      path: ['leaf1'],
      source: 'leaf1',
      durationMs: 0,
    });
    const g = layoutLcaPath(tree, r, 'leaf3', 'leaf1', { protectedUntilMs: -599_000, nowMs: 0 });
    expect(g.callout.tone).toBe('expired');
    expect(g.callout.lines[0]).toBe('0s from leaf1 — no protection');
  });

  it('preempt: only the walk up from the victim queue, no branches', () => {
    const qs = [
      queueState('A', null),
      queueState('B', 'A', kaiMinRuntimes({ preempt: 600_000 })),
      queueState('C', 'B'),
      queueState('leaf2', 'C'),
    ];
    const t = layoutQueueTree(qs, SIZE);
    const r = resolution({
      kind: 'preempt',
      method: null,
      preemptorQueue: 'leaf2',
      victimQueue: 'leaf2',
      path: ['leaf2', 'C', 'B'],
      source: 'B',
      durationMs: 600_000,
    });
    const g = layoutLcaPath(t, r);
    expect(edges(g, 'preemptor')).toEqual([]);
    expect(edges(g, 'victim')).toEqual([]);
    expect(edges(g, 'walk')).toEqual(['leaf2>C', 'C>B']);
    expect(roles(g)).toEqual({ leaf2: ['preemptor', 'victim', 'walk'], C: ['walk'], B: ['walk', 'source'] });
    expect(g.callout.lines[1]).toBe('preempt · walk up leaf2 → C → B');
  });

  it('uses the default: points at the last queue looked at', () => {
    const r = resolution({
      preemptorQueue: 'leaf1',
      victimQueue: 'leaf3',
      method: 'queue',
      path: ['leaf3', 'd', 'b', 'a'],
      durationMs: 0,
    });
    const g = layoutLcaPath(tree, r);
    expect(g.callout.queue).toBe('a');
    expect(g.callout.lines[0]).toBe('0s plugin default');
    expect(g.callout.lines[1]).toBe('reclaim (queue method) · walk up leaf3 → d → b → a · none set');
    // The queue method ignores where the preemptor sits: no branches.
    expect(edges(g, 'preemptor')).toEqual([]);
  });

  it('different top-level trees meet at the synthetic root', () => {
    const qs = [
      queueState('x', null),
      queueState('x1', 'x'),
      queueState('y', null, kaiMinRuntimes({ reclaim: 30_000 })),
      queueState('y1', 'y'),
    ];
    const t = layoutQueueTree(qs, SIZE);
    const r = resolution({
      preemptorQueue: 'x1',
      victimQueue: 'y1',
      path: ['y'],
      source: 'y',
      durationMs: 30_000,
    });
    const g = layoutLcaPath(t, r);
    expect(g.isCrossTree).toBe(true);
    expect(edges(g, 'preemptor')).toEqual(['x>x1', `${SYNTHETIC_ROOT}>x`]);
    expect(edges(g, 'victim')).toEqual(['y>y1', `${SYNTHETIC_ROOT}>y`]);
    expect(g.callout.lines[1]).toBe('reclaim (LCA) · different top-level trees: only y is read');
  });

  it('stands in the collapsed ancestor for hidden queues', () => {
    const t = layoutQueueTree(designDocQueues(), SIZE, { collapsed: new Set(['c']) });
    const g = layoutLcaPath(t, example3, 'leaf3', 'leaf1');
    const victim = g.nodes.find((n) => n.name === 'leaf1');
    expect(victim).toMatchObject({ standIn: 'c', isHidden: true, x: t.byName.get('c')?.x });
    // b -> c is still drawn; c -> leaf1 collapses into c.
    expect(edges(g, 'victim')).toEqual(['b>c']);
    // One tag on c says both what c is and which hidden queue it stands for.
    expect(g.cards.find((c) => c.name === 'c')?.tag).toBe('step down · victim leaf1 (hidden)');
  });

  it('reports queues that are not in the tree', () => {
    const g = layoutLcaPath(
      tree,
      resolution({ victimQueue: 'gone', preemptorQueue: 'leaf1', path: ['gone'] }),
    );
    expect(g.missing).toEqual(['gone']);
    expect(g.callout.lines).toContain('not in the tree: gone');
  });

  it('labels the two leveled queues of a reclaim with their numbers', () => {
    const detail: ReclaimableDetail = {
      profile: 'kai',
      type: 'reclaimable',
      chunk: ['j-0'],
      reclaimerLevel: {
        queue: 'c',
        allocated: gpus(1),
        quota: gpus(2),
        fairShare: gpus(4),
        allocatableShare: gpus(4),
      },
      victimLevel: {
        queue: 'd',
        allocated: gpus(6),
        quota: gpus(2),
        fairShare: gpus(4),
        allocatableShare: gpus(4),
      },
      request: gpus(2),
      maintainFairShare: true,
      guaranteeDeservedQuota: false,
    };
    const g = layoutLcaPath(tree, example1, 'leaf1', 'leaf3', { reclaimable: detail });
    expect(g.leveled.map((l) => l.side)).toEqual(['reclaimer', 'victim']);
    const [reclaimer, victim] = g.leveled;
    expect(reclaimer?.lines).toEqual([
      'reclaimer side: c',
      'allocated 1 · fair share 4',
      'quota 2 · allocatable share 4',
      'request 2',
    ]);
    expect(victim?.lines[3]).toBe('maintain fair share ✓ · guarantee quota ✗');
    // Callouts never cover cards or each other.
    const boxes = [g.callout, ...g.leveled];
    for (const box of boxes) for (const n of tree.nodes) expect(overlaps(box, n)).toBe(false);
    expect(overlaps(g.callout, victim ?? g.callout, 0)).toBe(false);
    expect(overlaps(reclaimer ?? g.callout, victim ?? g.callout, 0)).toBe(false);
  });

  it("top down: branches run from the parent's bottom to the child's top, the walk beside them", () => {
    const down = layoutQueueTree(designDocQueues(), SIZE, { orientation: 'vertical', density: 'compact' });
    const g = layoutLcaPath(down, example3, 'leaf3', 'leaf1');
    const b = down.byName.get('b');
    const c = down.byName.get('c');
    if (b === undefined || c === undefined) throw new Error('missing cards');
    const branch = g.edges.find((e) => e.kind === 'victim' && e.from === 'b' && e.to === 'c');
    const r = (v: number) => Math.round(v * 100) / 100;
    expect(ends(branch?.path)).toEqual([r(b.x + b.width / 2), r(b.y + b.height), expect.any(Number), r(c.y)]);
    const walk = g.edges.find((e) => e.kind === 'walk' && e.from === 'c' && e.to === 'b');
    // The walk starts at c's top edge, right of its centre, and ends under b.
    expect(ends(walk?.path)).toEqual([
      r(c.x + c.width / 2 + c.width * 0.25),
      r(c.y),
      expect.any(Number),
      r(b.y + b.height + 2),
    ]);
    // Compact tags are the cards' one text size.
    expect(g.tagMetrics.fontSize).toBe(down.metrics.fontSize);
  });
});
