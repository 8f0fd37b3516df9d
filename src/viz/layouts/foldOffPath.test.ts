import { describe, expect, it } from 'vitest';
import { queueState } from '../testing/vizFixtures';
import { foldOffPath, STAGE_MAX_CHILDREN } from './foldOffPath';
import { layoutQueueTree } from './layoutQueueTree';

const link = (name: string, parent: string | null) => ({ name, parent });

/** `org` with `n` leaves q-01…. */
function siblings(n: number) {
  return [
    link('org', null),
    ...Array.from({ length: n }, (_, i) => link(`q-${String(i + 1).padStart(2, '0')}`, 'org')),
  ];
}

/** Six levels: org → a1 … a5 and org → b1 … b5, a side leaf under each level but the last. */
function deep() {
  const out = [link('org', null)];
  for (const side of ['a', 'b']) {
    for (let l = 1; l <= 5; l++) {
      out.push(link(`${side}${l}`, l === 1 ? 'org' : `${side}${l - 1}`));
      if (l < 5) out.push(link(`${side}${l}-side`, `${side}${l}`));
    }
  }
  return out;
}

describe('foldOffPath', () => {
  it('leaves a small tree alone (the gallery lessons)', () => {
    const lca1 = [
      link('a', null),
      link('b', 'a'),
      link('c', 'b'),
      link('d', 'b'),
      link('leaf1', 'c'),
      link('leaf2', 'c'),
      link('leaf3', 'd'),
    ];
    expect(foldOffPath(lca1, ['leaf1', 'leaf3', 'b', 'd', 'd'])).toEqual(new Set());
    expect(foldOffPath(siblings(STAGE_MAX_CHILDREN), ['q-01'])).toEqual(new Set());
  });

  it('keeps only the path among 20 siblings', () => {
    const hidden = foldOffPath(siblings(20), ['q-17', 'q-03', 'org', null]);
    expect(hidden.size).toBe(18);
    expect(hidden.has('q-03') || hidden.has('q-17') || hidden.has('org')).toBe(false);
  });

  it('keeps the first siblings by name when nothing under the parent is on the path', () => {
    const hidden = foldOffPath(siblings(20), []);
    expect([...siblings(20)].filter((q) => !hidden.has(q.name)).map((q) => q.name)).toEqual([
      'org',
      'q-01',
      'q-02',
      'q-03',
      'q-04',
      'q-05',
    ]);
  });

  it('drops the queues on the way of a six-level path, and what hangs off them', () => {
    const hidden = foldOffPath(deep(), ['a5', 'b5', 'org', 'b1', 'b1', 'org']);
    const shown = deep()
      .map((q) => q.name)
      .filter((q) => !hidden.has(q));
    expect(shown).toEqual(['org', 'a5', 'b1', 'b1-side', 'b5']);
  });

  it('never hides a queue under a collapsed one (the collapse hides it already)', () => {
    expect(foldOffPath(siblings(20), [], new Set(['org']))).toEqual(new Set());
  });
});

describe('layoutQueueTree with folded queues', () => {
  const queues = deep().map((q) => queueState(q.name, q.parent));

  it('hangs a drawn queue from its nearest drawn ancestor and counts the folds there', () => {
    const hidden = foldOffPath(deep(), ['a5', 'b5', 'org', 'b1']);
    for (const orientation of ['vertical', 'horizontal'] as const) {
      const layout = layoutQueueTree(queues, { width: 500, height: 400 }, { hidden, orientation });
      expect(layout.nodes.map((n) => n.name).sort()).toEqual(['a5', 'b1', 'b1-side', 'b5', 'org']);
      const a5 = layout.byName.get('a5');
      expect(a5?.parent).toBe('org');
      expect(layout.links.find((l) => l.target === 'a5')?.elided).toBe(4);
      expect(layout.links.find((l) => l.target === 'b1')?.elided).toBe(0);
      // org: a1…a4 and their side leaves; b1: b2…b4 and theirs.
      expect(layout.byName.get('org')?.hiddenCount).toBe(8);
      expect(layout.byName.get('b1')?.hiddenCount).toBe(6);
      const org = layout.byName.get('org');
      expect(org?.foldLabel).not.toBeNull();
      expect(layout.bounds.y1).toBeGreaterThanOrEqual((org?.y ?? 0) + (org?.foldLabel?.y ?? Infinity));
    }
  });
});
