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
