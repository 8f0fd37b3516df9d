import { describe, expect, it } from 'vitest';
import type { QueueResources } from '../model/resources';
import type { UsageParams } from '../model/scenario';
import { appendUsage, newUsageLedger, queueUsageAt, type UsageLedger } from './UsageLedger';

const gpu = (n: number): QueueResources => ({ gpu: n, cpu: 0, memory: 0 });
const CAP = gpu(16);
const H = 60_000; // one half-life: 1 minute

function ledger(samples: [number, Record<string, number>][], horizonMs = 3_600_000): UsageLedger {
  const l = newUsageLedger(horizonMs);
  for (const [timeMs, held] of samples) {
    appendUsage(l, {
      timeMs,
      allocated: new Map(Object.entries(held).map(([q, n]) => [q, gpu(n)])),
      capacity: CAP,
    });
  }
  return l;
}

const sliding = (over: Partial<UsageParams> = {}): UsageParams => ({
  halfLifePeriodMs: H,
  windowSizeMs: 3_600_000,
  windowType: 'sliding',
  ...over,
});

describe('UsageLedger (KAI usage: decayed, windowed, normalised to capacity)', () => {
  it('a queue that alone held the whole cluster has usage 1, whatever the decay', () => {
    const l = ledger([[0, { a: 16 }]]);
    expect(queueUsageAt(l, sliding(), H).get('a')?.gpu).toBeCloseTo(1, 12);
  });

  it('A held 16 of 16 GPUs for one half-life, then B for one: at 2H, A = 1/3 and B = 2/3', () => {
    // Decay weights seen from now = 2H: step [0, H) gets 0.5^1 − 0.5^2 = 0.25, step [H, 2H) gets 1 − 0.5 = 0.5.
    // Capacity integral 16·0.75 = 12; A 16·0.25 = 4 → 1/3; B 16·0.5 = 8 → 2/3.
    const l = ledger([
      [0, { a: 16 }],
      [H, { b: 16 }],
    ]);
    const u = queueUsageAt(l, sliding(), 2 * H);
    expect(u.get('a')?.gpu).toBeCloseTo(1 / 3, 12);
    expect(u.get('b')?.gpu).toBeCloseTo(2 / 3, 12);
  });

  it('half the cluster for one half-life, then idle for one: usage 8·0.25 / (16·0.75) = 1/6', () => {
    const l = ledger([
      [0, { a: 8 }],
      [H, {}],
    ]);
    expect(queueUsageAt(l, sliding(), 2 * H).get('a')?.gpu).toBeCloseTo(1 / 6, 12);
  });

  it('halfLifePeriod 0 means no decay: plain time average (A 30s, B 90s → 0.25 / 0.75)', () => {
    const l = ledger([
      [0, { a: 16 }],
      [30_000, { b: 16 }],
    ]);
    const u = queueUsageAt(l, sliding({ halfLifePeriodMs: 0 }), 120_000);
    expect(u.get('a')?.gpu).toBeCloseTo(0.25, 12);
    expect(u.get('b')?.gpu).toBeCloseTo(0.75, 12);
  });

  it('a sliding window forgets what ended before now − windowSize', () => {
    const l = ledger([
      [0, { a: 16 }],
      [60_000, { b: 16 }],
    ]);
    const u = queueUsageAt(l, sliding({ halfLifePeriodMs: 0, windowSizeMs: 60_000 }), 120_000);
    expect(u.get('a')).toBeUndefined();
    expect(u.get('b')?.gpu).toBe(1);
    // Half of A's step is still inside a 90s window: A 30s, B 60s of 90s.
    const v = queueUsageAt(l, sliding({ halfLifePeriodMs: 0, windowSizeMs: 90_000 }), 120_000);
    expect(v.get('a')?.gpu).toBeCloseTo(1 / 3, 12);
  });

  it('a tumbling window resets at every multiple of windowSize from t=0', () => {
    const l = ledger([
      [0, { a: 16 }],
      [50_000, { b: 16 }],
    ]);
    const params = sliding({ halfLifePeriodMs: 0, windowSizeMs: 60_000, windowType: 'tumbling' });
    // At 60s a new window starts: nothing counts yet.
    expect(queueUsageAt(l, params, 60_000).size).toBe(0);
    // At 40s (first window): only A, 40s of 40s.
    expect(queueUsageAt(l, params, 40_000).get('a')?.gpu).toBe(1);
    // At 90s: window [60s, 90s) holds only B.
    expect(queueUsageAt(l, params, 90_000).get('b')?.gpu).toBe(1);
    expect(queueUsageAt(l, params, 90_000).get('a')).toBeUndefined();
  });

  it('drops samples that ended before the horizon, keeping the one still open', () => {
    const l = ledger(
      [
        [0, { a: 16 }],
        [10_000, { a: 16 }],
        [20_000, { b: 16 }],
        [30_000, { b: 16 }],
      ],
      15_000,
    );
    expect(l.samples.map((s) => s.timeMs)).toEqual([10_000, 20_000, 30_000]);
  });
});
