import { describe, expect, it } from 'vitest';
import type { MinRuntimeResolution } from '../../../../model/trace';
import type { MinRuntimeArgs } from './args';
import { MinRuntimeResolver, isProtected, protectedUntil, queuePath, type QueueNode } from './resolver';

const S = 1_000;

/** [name, parent, preemptMinRuntimeMs, reclaimMinRuntimeMs] */
type Row = [string, string | null, number | null, number | null];

function tree(rows: Row[]): Map<string, QueueNode> {
  return new Map(
    rows.map(([name, parent, preemptMinRuntimeMs, reclaimMinRuntimeMs]) => [
      name,
      { name, parent, preemptMinRuntimeMs, reclaimMinRuntimeMs },
    ]),
  );
}

function args(preemptMs: number, reclaimMs: number, method: 'lca' | 'queue' = 'lca'): MinRuntimeArgs {
  return {
    defaultPreemptMinRuntimeMs: preemptMs,
    defaultReclaimMinRuntimeMs: reclaimMs,
    reclaimResolveMethod: method,
    warnings: [],
  };
}

// The queue tree of upstream resolver_test.go and conformance files R1-R10; defaults preempt 2s, reclaim 1s.
const KAI_TREE = tree([
  ['dev', null, 5 * S, 10 * S],
  ['dev-team1', 'dev', null, 8 * S],
  ['dev-team2', 'dev', 3 * S, null],
  ['prod', null, 20 * S, 30 * S],
  ['prod-team1', 'prod', null, 25 * S],
  ['prod-team2', 'prod', 15 * S, 35 * S],
  ['research', null, 4 * S, 6 * S],
  ['research-project', 'research', 7 * S, 9 * S],
]);
const kai = (method: 'lca' | 'queue' = 'lca') => new MinRuntimeResolver(KAI_TREE, args(2 * S, 1 * S, method));

// The design doc's reclaim example tree: a -> b(600s) -> c -> leaf1(0s), leaf2(180s); b -> d(60s) -> leaf3.
const DESIGN_RECLAIM_TREE = tree([
  ['a', null, null, null],
  ['b', 'a', null, 600 * S],
  ['c', 'b', null, null],
  ['leaf1', 'c', null, 0],
  ['leaf2', 'c', null, 180 * S],
  ['d', 'b', null, 60 * S],
  ['leaf3', 'd', null, null],
]);
// The design doc's preemption example tree: a -> b(600s) -> c -> leaf1(300s), leaf2.
const DESIGN_PREEMPT_TREE = tree([
  ['a', null, null, null],
  ['b', 'a', 600 * S, null],
  ['c', 'b', null, null],
  ['leaf1', 'c', 300 * S, null],
  ['leaf2', 'c', null, null],
]);

describe('queuePath', () => {
  it('lists root -> leaf', () => {
    expect(queuePath(DESIGN_RECLAIM_TREE, 'leaf3')).toEqual(['a', 'b', 'd', 'leaf3']);
    expect(queuePath(KAI_TREE, 'prod')).toEqual(['prod']);
  });

  it('treats a queue whose parent is missing as its own root', () => {
    const queues = tree([['orphan', 'also-nonexistent', null, null]]);
    expect(queuePath(queues, 'orphan')).toEqual(['orphan']);
  });

  it('gives [] for a queue not in the map', () => {
    expect(queuePath(KAI_TREE, 'nonexistent')).toEqual([]);
  });

  it('stops at a parent cycle instead of looping', () => {
    const queues = tree([
      ['x', 'y', null, null],
      ['y', 'z', null, null],
      ['z', 'x', null, null],
      ['self', 'self', null, null],
    ]);
    expect(queuePath(queues, 'x')).toEqual(['z', 'y', 'x']);
    expect(queuePath(queues, 'self')).toEqual(['self']);
  });
});

describe('preempt (upstream getPreemptMinRuntime)', () => {
  // R1-R6: conformance files with their x-resolve expectations.
  it.each([
    ['R1', 'prod-team2', 15 * S, 'prod-team2', ['prod-team2']],
    ['R2', 'prod-team1', 20 * S, 'prod', ['prod-team1', 'prod']],
    ['R3', 'dev-team1', 5 * S, 'dev', ['dev-team1', 'dev']],
    ['R4', 'prod', 20 * S, 'prod', ['prod']],
    ['R5', 'research', 4 * S, 'research', ['research']],
    ['-', 'dev-team2', 3 * S, 'dev-team2', ['dev-team2']],
    ['-', 'research-project', 7 * S, 'research-project', ['research-project']],
  ])('%s: victim %s -> %i ms from %s', (_id, victim, ms, source, path) => {
    expect(kai().preempt(victim)).toEqual<MinRuntimeResolution>({
      kind: 'preempt',
      method: null,
      durationMs: ms,
      source,
      preemptorQueue: null,
      victimQueue: victim,
      lca: null,
      stepDown: null,
      path,
      note: null,
    });
  });

  it('R6: a queue not in the map -> the default, with a note', () => {
    const r = kai().preempt('nonexistent');
    expect(r).toMatchObject({ durationMs: 2 * S, source: 'default', path: [], lca: null, stepDown: null });
    expect(r.note).toMatch(/"nonexistent" is not in the queue tree.*default preempt min-runtime/);
  });

  it('R6 as the conformance file writes it (a top-level queue with nothing set) -> the default, no note', () => {
    const queues = new Map(KAI_TREE).set('nonexistent', {
      name: 'nonexistent',
      parent: null,
      preemptMinRuntimeMs: null,
      reclaimMinRuntimeMs: null,
    });
    const r = new MinRuntimeResolver(queues, args(2 * S, 1 * S)).preempt('nonexistent');
    expect(r).toMatchObject({ durationMs: 2 * S, source: 'default', path: ['nonexistent'], note: null });
  });

  it('upstream R6 shape: parent missing from the map -> walks the queue itself, then the default', () => {
    const queues = new Map(KAI_TREE).set('nonexistent', {
      name: 'nonexistent',
      parent: 'also-nonexistent',
      preemptMinRuntimeMs: null,
      reclaimMinRuntimeMs: null,
    });
    const r = new MinRuntimeResolver(queues, args(2 * S, 1 * S)).preempt('nonexistent');
    expect(r).toMatchObject({ durationMs: 2 * S, source: 'default', path: ['nonexistent'], note: null });
  });

  it('walks to the root and uses the default when nothing is set', () => {
    const r = new MinRuntimeResolver(DESIGN_RECLAIM_TREE, args(2 * S, 1 * S)).preempt('leaf3');
    expect(r).toMatchObject({ durationMs: 2 * S, source: 'default', path: ['leaf3', 'd', 'b', 'a'] });
  });

  // Design doc, "Preemptions", examples 1 and 2 (SD-PRE1, SD-PRE2).
  it.each([
    ['SD-PRE1', 'leaf1', 300 * S, 'leaf1', ['leaf1']],
    ['SD-PRE2', 'leaf2', 600 * S, 'b', ['leaf2', 'c', 'b']],
  ])('%s: victim %s -> %i ms from %s', (_id, victim, ms, source, path) => {
    const r = new MinRuntimeResolver(DESIGN_PREEMPT_TREE, args(0, 0)).preempt(victim);
    expect(r).toMatchObject({ kind: 'preempt', durationMs: ms, source, path, note: null });
  });

  it('counts an explicit 0 as set (it stops the walk)', () => {
    const queues = tree([
      ['top', null, 50 * S, null],
      ['leaf', 'top', 0, null],
    ]);
    expect(new MinRuntimeResolver(queues, args(9 * S, 0)).preempt('leaf')).toMatchObject({
      durationMs: 0,
      source: 'leaf',
    });
  });

  it('keeps a negative queue value (not validated upstream; it just never protects)', () => {
    const queues = tree([['q', null, -5 * S, null]]);
    expect(new MinRuntimeResolver(queues, args(9 * S, 0)).preempt('q')).toMatchObject({
      durationMs: -5 * S,
      source: 'q',
    });
  });

  it('caches per victim queue and returns frozen results', () => {
    const resolver = kai();
    const first = resolver.preempt('prod-team1');
    expect(resolver.preempt('prod-team1')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.path)).toBe(true);
  });
});

describe('reclaim with method queue', () => {
  // R8-R10: conformance files with their x-resolve expectations.
  it.each([
    ['R8', 'dev-team1', 'prod-team2', 35 * S, 'prod-team2', ['prod-team2']],
    ['R9', 'dev-team1', 'dev-team2', 10 * S, 'dev', ['dev-team2', 'dev']],
    ['-', 'prod-team2', 'dev-team1', 8 * S, 'dev-team1', ['dev-team1']],
    ['-', 'dev-team1', 'research-project', 9 * S, 'research-project', ['research-project']],
  ])('%s: preemptor %s, victim %s -> %i ms from %s', (_id, preemptor, victim, ms, source, path) => {
    expect(kai().reclaim(preemptor, victim, 'queue')).toEqual<MinRuntimeResolution>({
      kind: 'reclaim',
      method: 'queue',
      durationMs: ms,
      source,
      preemptorQueue: preemptor,
      victimQueue: victim,
      lca: null,
      stepDown: null,
      path,
      note: null,
    });
  });

  it('R10: victim queue not in the map -> the default, with a note', () => {
    const r = kai().reclaim('dev-team1', 'nonexistent', 'queue');
    expect(r).toMatchObject({
      kind: 'reclaim',
      method: 'queue',
      durationMs: 1 * S,
      source: 'default',
      path: [],
    });
    expect(r.note).toMatch(/"nonexistent" is not in the queue tree.*default reclaim min-runtime/);
  });

  it('uses the plugin method when none is passed', () => {
    expect(kai('queue').reclaim('dev-team1', 'dev-team2')).toMatchObject({ method: 'queue', source: 'dev' });
    expect(kai('lca').reclaim('dev-team1', 'dev-team2')).toMatchObject({ method: 'lca', source: 'dev' });
  });

  it('SD-LCA3 contrast: the queue method takes leaf1 itself (0s)', () => {
    const r = new MinRuntimeResolver(DESIGN_RECLAIM_TREE, args(0, 0)).reclaim('leaf3', 'leaf1', 'queue');
    expect(r).toMatchObject({ durationMs: 0, source: 'leaf1', path: ['leaf1'] });
  });
});

describe('reclaim with method lca', () => {
  const design = () => new MinRuntimeResolver(DESIGN_RECLAIM_TREE, args(0, 0));

  // Design doc, "Reclaims", examples 1-3 (SD-LCA1..3).
  it.each([
    ['SD-LCA1', 'leaf1', 'leaf3', 60 * S, 'd', 'b', 'd', ['d']],
    ['SD-LCA2', 'leaf1', 'leaf2', 180 * S, 'leaf2', 'c', 'leaf2', ['leaf2']],
    ['SD-LCA3', 'leaf3', 'leaf1', 600 * S, 'b', 'b', 'c', ['c', 'b']],
  ])(
    '%s: preemptor %s, victim %s -> %i ms from %s',
    (_id, preemptor, victim, ms, source, lca, stepDown, path) => {
      expect(design().reclaim(preemptor, victim, 'lca')).toEqual<MinRuntimeResolution>({
        kind: 'reclaim',
        method: 'lca',
        durationMs: ms,
        source,
        preemptorQueue: preemptor,
        victimQueue: victim,
        lca,
        stepDown,
        path,
        note: null,
      });
    },
  );

  it('same leaf queue: starts at the leaf itself', () => {
    expect(design().reclaim('leaf2', 'leaf2', 'lca')).toMatchObject({
      lca: 'leaf2',
      stepDown: 'leaf2',
      source: 'leaf2',
      durationMs: 180 * S,
      path: ['leaf2'],
    });
    expect(kai().reclaim('prod-team1', 'prod-team1', 'lca')).toMatchObject({
      lca: 'prod-team1',
      stepDown: 'prod-team1',
      source: 'prod-team1',
      durationMs: 25 * S,
    });
  });

  it('same tree in the KAI tree: siblings use the victim leaf, then its parent', () => {
    expect(kai().reclaim('dev-team1', 'dev-team2', 'lca')).toMatchObject({
      lca: 'dev',
      stepDown: 'dev-team2',
      source: 'dev',
      durationMs: 10 * S,
      path: ['dev-team2', 'dev'],
    });
    expect(kai().reclaim('prod-team1', 'prod-team2', 'lca')).toMatchObject({
      lca: 'prod',
      stepDown: 'prod-team2',
      source: 'prod-team2',
      durationMs: 35 * S,
      path: ['prod-team2'],
    });
  });

  it('victim queue above the preemptor: the walk starts at the LCA (the victim queue) itself', () => {
    expect(design().reclaim('leaf3', 'b', 'lca')).toMatchObject({
      lca: 'b',
      stepDown: 'b',
      source: 'b',
      path: ['b'],
    });
  });

  it('walks up to the root and uses the default when nothing is set', () => {
    const queues = tree([
      ['root', null, null, null],
      ['mid', 'root', null, null],
      ['x', 'mid', null, 5 * S],
      ['y', 'mid', null, null],
    ]);
    expect(new MinRuntimeResolver(queues, args(0, 7 * S)).reclaim('x', 'y', 'lca')).toMatchObject({
      lca: 'mid',
      stepDown: 'y',
      source: 'default',
      durationMs: 7 * S,
      path: ['y', 'mid', 'root'],
      note: null,
    });
  });

  describe('different top-level trees (upstream: siblings under an implicit shadow root)', () => {
    it.each([
      // victim top-level value is used; the values set below it are ignored, hence a note
      ['dev-team1', 'prod-team2', 30 * S, 'prod', true],
      ['dev-team1', 'prod-team1', 30 * S, 'prod', true],
      ['prod-team1', 'dev-team1', 10 * S, 'dev', true],
      ['prod-team1', 'research-project', 6 * S, 'research', true],
      // dev-team2 has no reclaim value of its own: nothing ignored, no note
      ['prod-team1', 'dev-team2', 10 * S, 'dev', false],
      // the victim queue is itself top-level
      ['dev-team1', 'prod', 30 * S, 'prod', false],
    ])('preemptor %s, victim %s -> %i ms from %s', (preemptor, victim, ms, top, noted) => {
      const r = kai().reclaim(preemptor, victim, 'lca');
      expect(r).toMatchObject({
        method: 'lca',
        durationMs: ms,
        source: top,
        lca: null,
        stepDown: top,
        path: [top],
      });
      if (noted) {
        expect(r.note).toBe(
          'The design doc says to step one level below the common ancestor; the code, finding no common queue, ' +
            `only looks at the victim's top-level queue ${top}, so values set below it are ignored.`,
        );
      } else {
        expect(r.note).toBeNull();
      }
    });

    it('victim top-level queue without a value -> the default, even if the victim leaf has one', () => {
      const queues = tree([
        ['t1', null, null, 50 * S],
        ['p', 't1', null, null],
        ['t2', null, null, null],
        ['v', 't2', null, 40 * S],
      ]);
      const r = new MinRuntimeResolver(queues, args(0, 3 * S)).reclaim('p', 'v', 'lca');
      expect(r).toMatchObject({
        durationMs: 3 * S,
        source: 'default',
        lca: null,
        stepDown: 't2',
        path: ['t2'],
      });
      expect(r.note).toMatch(/top-level queue t2, so values set below it are ignored/);
    });

    it('a queue with a missing parent is its own root (a different tree)', () => {
      const queues = new Map(KAI_TREE).set('orphan', {
        name: 'orphan',
        parent: 'also-nonexistent',
        preemptMinRuntimeMs: null,
        reclaimMinRuntimeMs: 12 * S,
      });
      expect(
        new MinRuntimeResolver(queues, args(0, 1 * S)).reclaim('dev-team1', 'orphan', 'lca'),
      ).toMatchObject({
        lca: null,
        stepDown: 'orphan',
        source: 'orphan',
        durationMs: 12 * S,
        note: null,
      });
    });
  });

  it('a preemptor or victim queue not in the map -> the default, with a note, for either method', () => {
    for (const method of ['lca', 'queue'] as const) {
      const r = kai().reclaim('ghost', 'prod-team2', method);
      expect(r).toMatchObject({
        method,
        durationMs: 1 * S,
        source: 'default',
        lca: null,
        stepDown: null,
        path: [],
      });
      expect(r.note).toMatch(/"ghost" is not in the queue tree/);
    }
    expect(kai().reclaim('ghost', 'spook', 'lca').note).toMatch(
      /"ghost" and "spook" are not in the queue tree/,
    );
    expect(kai().reclaim('ghost', 'ghost', 'lca').note).toMatch(/^Queue "ghost" is not in the queue tree/);
  });

  it('caches per (preemptor queue, victim queue, method)', () => {
    const resolver = design();
    const lca = resolver.reclaim('leaf3', 'leaf1', 'lca');
    const queue = resolver.reclaim('leaf3', 'leaf1', 'queue');
    expect(resolver.reclaim('leaf3', 'leaf1', 'lca')).toBe(lca);
    expect(resolver.reclaim('leaf3', 'leaf1')).toBe(lca);
    expect(resolver.reclaim('leaf3', 'leaf1', 'queue')).toBe(queue);
    expect(queue).not.toBe(lca);
    expect(resolver.reclaim('leaf2', 'leaf1', 'lca')).not.toBe(lca);
    expect(Object.isFrozen(lca)).toBe(true);
  });
});

describe('isProtected / protectedUntil', () => {
  const start = 100 * S;
  const duration = 60 * S;

  it.each([
    [start + 59 * S, true],
    [start + duration - 1, true],
    // strict upstream comparison: at exactly start + duration the job is no longer protected
    [start + duration, false],
    [start + 61 * S, false],
    [start, true],
  ])('started at 100s, 60s min-runtime, now %i -> protected %s', (now, expected) => {
    expect(isProtected(start, duration, now)).toBe(expected);
  });

  it('never protects a job without a start time', () => {
    expect(isProtected(null, duration, 0)).toBe(false);
    expect(protectedUntil(null, duration)).toBeNull();
  });

  it('never protects with a zero or negative duration once the job has started', () => {
    expect(isProtected(start, 0, start)).toBe(false);
    expect(isProtected(start, -5 * S, start)).toBe(false);
  });

  it('protectedUntil is start + duration', () => {
    expect(protectedUntil(start, duration)).toBe(start + duration);
    expect(protectedUntil(0, 0)).toBe(0);
  });
});
