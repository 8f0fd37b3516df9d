import { describe, expect, it } from 'vitest';
import {
  allOf,
  anyOf,
  firstNonZero,
  firstTierWithAny,
  stickyEmptyVeto,
  sumOf,
  tierVote,
  victimIntersectionPerTier,
  voteAnd,
  type Registered,
  type Tiers,
  type VictimAnswer,
  type VoteValue,
} from './combine';

/** Tiers of named constant answers: [[['a', x], ['b', y]], [['c', z]]]. */
function tiers<T>(spec: [string, T][][]): Tiers<T> {
  return spec.map((tier, i) => tier.map(([plugin, fn]): Registered<T> => ({ plugin, tier: i + 1, fn })));
}
const id = <T>(x: T): T => x;
const names = (xs: readonly string[] | null): string[] | null => (xs ? [...xs] : null);
const answer = (victims: string[], abstain = false): VictimAnswer<string> => ({ victims, abstain });

describe('orders: the first non-zero answer decides', () => {
  it('skips plugins without an opinion and reports who decided', () => {
    const r = firstNonZero(
      tiers<number>([
        [
          ['priority', 0],
          ['gang', 0],
        ],
        [
          ['drf', -1],
          ['sla', 1],
        ],
      ]),
      id,
    );
    expect(r).toEqual({ value: -1, decidedBy: 'drf' });
  });
  it('is 0 with no opinion anywhere (the caller falls back to creation time and name)', () => {
    expect(firstNonZero(tiers<number>([[['priority', 0]]]), id)).toEqual({ value: 0, decidedBy: null });
  });
});

describe('AND, OR and sum', () => {
  it('AND stops at the first false; no callback gives the empty value', () => {
    const calls: string[] = [];
    const r = allOf(
      tiers<boolean>([
        [
          ['a', true],
          ['b', false],
        ],
        [['c', true]],
      ]),
      (v) => (calls.push(String(v)), v),
    );
    expect(r.value).toBe(false);
    expect(r.decidedBy).toBe('b');
    expect(calls).toEqual(['true', 'false']);
    expect(allOf(tiers<boolean>([]), id, true).value).toBe(true);
  });
  it('OR stops at the first true; none gives false (Overused)', () => {
    expect(anyOf(tiers<boolean>([[['a', false]], [['b', true]]]), id)).toMatchObject({
      value: true,
      decidedBy: 'b',
    });
    expect(anyOf(tiers<boolean>([]), id).value).toBe(false);
  });
  it('sum adds every score (node order)', () => {
    expect(sumOf(tiers<number>([[['nodeorder', 150]], [['binpack', 30]]]), id)).toBe(180);
  });
});

describe("Volcano's tier vote (JobEnqueueable, JobPipelined)", () => {
  const vote = (spec: [string, VoteValue][][]) => tierVote(tiers(spec), id);

  it('a Reject ends the vote false immediately, even after a Permit in the same tier', () => {
    const r = vote([
      [
        ['sla', 'permit'],
        ['gang', 'reject'],
      ],
      [['proportion', 'permit']],
    ]);
    expect(r).toMatchObject({ value: false, reason: 'reject', decidingTier: 1, decidedBy: 'gang' });
    expect(r.steps.map((s) => s.plugin)).toEqual(['sla', 'gang']);
  });
  it('a Reject before a Permit of the same tier wins too', () => {
    expect(
      vote([
        [
          ['overcommit', 'reject'],
          ['sla', 'permit'],
        ],
      ]).value,
    ).toBe(false);
  });
  it('the first tier holding a Permit decides true; later tiers are not asked', () => {
    const r = vote([
      [
        ['priority', 'abstain'],
        ['sla', 'permit'],
      ],
      [['overcommit', 'reject']],
    ]);
    expect(r).toMatchObject({ value: true, reason: 'permit', decidingTier: 1, decidedBy: 'sla' });
    expect(r.steps.map((s) => s.plugin)).toEqual(['priority', 'sla']);
  });
  it('an all-abstaining tier passes the decision to the next one', () => {
    expect(vote([[['sla', 'abstain']], [['overcommit', 'reject']]])).toMatchObject({
      value: false,
      decidingTier: 2,
    });
  });
  it('all abstain, or no callback, is true', () => {
    expect(vote([[['sla', 'abstain']]])).toMatchObject({ value: true, reason: 'all-abstain' });
    expect(vote([])).toMatchObject({ value: true, reason: 'none' });
  });
});

describe("kube-batch's JobPipelined: AND of every plugin", () => {
  it('a Permit in tier 1 does not shield a Reject in tier 2', () => {
    const r = voteAnd(tiers<VoteValue>([[['sla', 'permit']], [['gang', 'reject']]]), id);
    expect(r).toMatchObject({ value: false, decidedBy: 'gang', decidingTier: 2 });
    expect(voteAnd(tiers<VoteValue>([]), id).value).toBe(true);
  });
});

describe('JobStarving: the first tier with any callback decides', () => {
  it('ANDs the first tier that has callbacks and ignores later ones', () => {
    const r = firstTierWithAny(
      tiers<boolean>([
        [],
        [
          ['gang', true],
          ['priority', false],
        ],
        [['x', true]],
      ]),
      id,
    );
    expect(r).toMatchObject({ value: false, decidingTier: 2, decidedBy: 'priority' });
  });
  it('a tier where every callback says starving is true', () => {
    expect(firstTierWithAny(tiers<boolean>([[['gang', true]], [['priority', false]]]), id).value).toBe(true);
  });
  it('no callback anywhere is false (preempt and reclaim do nothing)', () => {
    expect(firstTierWithAny(tiers<boolean>([[], []]), id)).toMatchObject({
      value: false,
      decidingTier: null,
    });
  });
});

describe("Volcano's victim intersection per tier", () => {
  const run = (spec: [string, VictimAnswer<string>][][]) =>
    victimIntersectionPerTier(tiers(spec), id, (t) => t);

  it('intersects the answers of one tier, keeping the first answer order', () => {
    const r = run([
      [
        ['conformance', answer(['b', 'a', 'c'])],
        ['gang', answer(['c', 'b'])],
      ],
    ]);
    expect(names(r.victims)).toEqual(['b', 'c']);
    expect(r.decidingTier).toBe(1);
  });
  it('an empty answer ends only its own tier: a later tier can still produce victims', () => {
    const r = run([
      [
        ['gang', answer([])],
        ['drf', answer(['x'])],
      ],
      [['proportion', answer(['y'])]],
    ]);
    expect(names(r.victims)).toEqual(['y']);
    expect(r.decidingTier).toBe(2);
    expect(r.steps.map((s) => s.plugin)).toEqual(['gang', 'proportion']);
  });
  it('an intersection that becomes empty lets the next plugin restart the set ([A→x, B→y, C→z] gives z)', () => {
    const r = run([
      [
        ['A', answer(['x'])],
        ['B', answer(['y'])],
        ['C', answer(['z'])],
      ],
    ]);
    expect(names(r.victims)).toEqual(['z']);
  });
  it('abstentions are skipped', () => {
    const r = run([
      [
        ['A', answer(['x'], true)],
        ['B', answer(['y'])],
      ],
    ]);
    expect(names(r.victims)).toEqual(['y']);
  });
  it('no tier with victims gives null', () => {
    expect(run([[['A', answer([])]], [['B', answer([])]]]).victims).toBeNull();
  });
});

describe("kube-batch's sticky empty veto", () => {
  const run = (spec: [string, string[]][][]) => stickyEmptyVeto(tiers(spec), id, (t) => t);

  it('once any plugin answered empty the result stays empty, across tiers', () => {
    const r = run([
      [
        ['gang', []],
        ['drf', ['x']],
      ],
      [['proportion', ['y']]],
    ]);
    expect(names(r.victims)).toEqual([]);
  });
  it('an empty intersection does not restart ([A→x, B→y, C→z] gives nothing)', () => {
    expect(
      names(
        run([
          [
            ['A', ['x']],
            ['B', ['y']],
            ['C', ['z']],
          ],
        ]).victims,
      ),
    ).toEqual([]);
  });
  it('a tier that leaves a non-empty set decides', () => {
    const r = run([
      [
        ['conformance', ['a', 'b']],
        ['gang', ['b']],
      ],
      [['drf', []]],
    ]);
    expect(names(r.victims)).toEqual(['b']);
    expect(r.decidingTier).toBe(1);
  });
});
