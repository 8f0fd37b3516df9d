import { describe, expect, it } from 'vitest';
import { divideResource, type DivisionQueue } from './divideResource';

const q = (name: string, over: Partial<DivisionQueue>): DivisionQueue => ({
  name,
  priority: 100,
  quota: 0,
  limit: -1,
  overQuotaWeight: 1,
  request: 0,
  fairShare: 0,
  ...over,
});

describe('divideResource (KAI water filling)', () => {
  it('reproduces the fairshare-simulator README example: 100 GPUs, quota 10 each, OQW 3 and 1 -> 70 / 30', () => {
    const a = q('a', { quota: 10, request: 100, overQuotaWeight: 3 });
    const b = q('b', { quota: 10, request: 100, overQuotaWeight: 1 });
    expect(divideResource(100, [a, b])).toBe(0);
    expect([a.fairShare, b.fairShare]).toEqual([70, 30]);
  });

  it('honours quotas above capacity and leaves nothing for the over-quota phase', () => {
    const a = q('a', { quota: 3, request: 2, overQuotaWeight: 0 });
    divideResource(1, [a]);
    expect(a.fairShare).toBe(2);
  });

  it('serves higher priority bands first', () => {
    const hi = q('hi', { priority: 101, request: 1, overQuotaWeight: 2 });
    const lo = q('lo', { quota: 1, request: 4, overQuotaWeight: 2 });
    divideResource(4, [hi, lo]);
    expect([hi.fairShare, lo.fairShare]).toEqual([1, 3]);
  });

  it('gives a satisfied queue exactly its request and runs another round with the rest', () => {
    const small = q('small', { request: 1 });
    const big = q('big', { request: 10 });
    divideResource(6, [small, big]);
    expect([small.fairShare, big.fairShare]).toEqual([1, 5]);
  });

  it('hands out units lost to flooring to the largest remainder first', () => {
    const a = q('a', { quota: 1, request: 2, overQuotaWeight: 3 });
    const b = q('b', { quota: 2, request: 2.5, overQuotaWeight: 1 });
    divideResource(4, [a, b]);
    expect([a.fairShare, b.fairShare]).toEqual([2, 2]);
  });

  it('caps by limit and treats limit 0 as blocked', () => {
    const capped = q('capped', { quota: 3, limit: 2, request: 2 });
    const blocked = q('blocked', { limit: 0, request: 5 });
    divideResource(10, [capped, blocked]);
    expect([capped.fairShare, blocked.fairShare]).toEqual([2, 0]);
  });
});

describe('divideResource with time-based fair share (weights max(0, w + k·(w − usage)))', () => {
  it('16 GPUs, OQW 1 each, usage A 1/3 and B 2/3, kValue 1: weights 2/3 and 1/3 → 11 / 5', () => {
    // w = 0.5 each; A: 0.5 + (0.5 − 1/3) = 2/3, B: 0.5 + (0.5 − 2/3) = 1/3. Slices 10.67 and 5.33 floor to
    // 10 and 5; the one GPU left goes to the larger remainder (A).
    const a = q('a', { request: 16, usage: 1 / 3 });
    const b = q('b', { request: 16, usage: 2 / 3 });
    expect(divideResource(16, [a, b], 1)).toBe(0);
    expect([a.fairShare, b.fairShare]).toEqual([11, 5]);
    expect(a.normalisedWeight).toBe(0.5);
    expect(a.adjustedWeight).toBeCloseTo(2 / 3, 12);
    expect(b.adjustedWeight).toBeCloseTo(1 / 3, 12);
  });

  it('usage 1 against 0 with kValue 1: the weight is clamped at 0 and the idle queue gets all 16', () => {
    const a = q('a', { request: 16, usage: 1 });
    const b = q('b', { request: 16, usage: 0 });
    divideResource(16, [a, b], 1);
    expect([a.fairShare, b.fairShare]).toEqual([0, 16]);
    expect(a.adjustedWeight).toBe(0);
  });

  it('usage 1 against 0 with kValue 0.5: weights 0.25 and 0.75 → 4 / 12', () => {
    const a = q('a', { request: 16, usage: 1 });
    const b = q('b', { request: 16, usage: 0 });
    divideResource(16, [a, b], 0.5);
    expect([a.fairShare, b.fairShare]).toEqual([4, 12]);
  });

  it('kValue 0 ignores usage; no usage at all gives the plain OQW shares', () => {
    const a = q('a', { request: 16, usage: 1 });
    const b = q('b', { request: 16, usage: 0 });
    divideResource(16, [a, b], 0);
    expect([a.fairShare, b.fairShare]).toEqual([8, 8]);
    const c = q('c', { request: 100, overQuotaWeight: 3 });
    const d = q('d', { request: 100, overQuotaWeight: 1 });
    divideResource(100, [c, d], 1);
    expect([c.fairShare, d.fairShare]).toEqual([75, 25]);
  });
});
