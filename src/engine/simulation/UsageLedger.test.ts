import { describe, expect, it } from 'vitest';
import type { QueueResources } from '../model/resources';
import type { UsageParams } from '../model/scenario';
import {
  appendUsage,
  fetchUsage,
  lastFetchAt,
  newUsageLedger,
  queryStepsAt,
  queueUsageAt,
  tumblingResetAt,
  type UsageLedger,
} from './UsageLedger';

const gpu = (n: number): QueueResources => ({ gpu: n, cpu: 0, memory: 0 });
const CAP = gpu(16);
const H = 60_000; // one half-life: 1 minute

function ledger(
  samples: [number, Record<string, number>][],
  horizonMs = 3_600_000,
  capacity = CAP,
): UsageLedger {
  const l = newUsageLedger(horizonMs);
  for (const [timeMs, held] of samples) {
    appendUsage(l, {
      timeMs,
      allocated: new Map(Object.entries(held).map(([q, n]) => [q, gpu(n)])),
      capacity,
      statedGpu: Number.isFinite(capacity.gpu) ? capacity.gpu : 0,
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

describe('UsageLedger: KAI usage as its Prometheus query sums it (one sample per queryResolution step)', () => {
  it('a queue that alone held the whole cluster has usage 1, whatever the decay', () => {
    const l = ledger([[-600_000, { a: 16 }]]);
    expect(queueUsageAt(l, sliding(), H).get('a')?.gpu).toBeCloseTo(1, 12);
  });

  it('A held 16 of 16 GPUs until 1m, then B: steps at 1m (A, decay 0.5) and 2m (B, 1) → A 1/3, B 2/3', () => {
    // A step reads the latest sample strictly before it: the step at 0 has no data (no sample before 0).
    const l = ledger([
      [0, { a: 16 }],
      [H, { b: 16 }],
    ]);
    const u = queueUsageAt(l, sliding(), 2 * H);
    expect(u.get('a')?.gpu).toBeCloseTo(1 / 3, 12);
    expect(u.get('b')?.gpu).toBeCloseTo(2 / 3, 12);
  });

  it('the decayed sum is the sum of the steps one by one (closed form of the geometric series)', () => {
    const l = ledger([
      [0, { a: 16 }],
      [185_000, { a: 4, b: 12 }],
    ]);
    const p = sliding({ queryResolutionMs: 10_000, halfLifePeriodMs: 45_000 });
    const now = 400_000;
    let a = 0;
    let cap = 0;
    for (let t = 10_000; t <= now; t += 10_000) {
      const d = Math.pow(0.5, (now - t) / 45_000);
      a += (t <= 185_000 ? 16 : 4) * d;
      cap += 16 * d;
    }
    expect(queueUsageAt(l, p, now).get('a')?.gpu).toBeCloseTo(a / cap, 12);
  });

  it('halfLifePeriod 0 means no decay: a plain count of steps (A 3 steps, B 9 → 0.25 / 0.75)', () => {
    const l = ledger([
      [0, { a: 16 }],
      [30_000, { b: 16 }],
    ]);
    const u = queueUsageAt(l, sliding({ halfLifePeriodMs: 0, queryResolutionMs: 10_000 }), 120_000);
    expect(u.get('a')?.gpu).toBe(0.25);
    expect(u.get('b')?.gpu).toBe(0.75);
  });

  it('a sliding window counts the steps in (now − windowSize, now]', () => {
    const l = ledger([
      [0, { a: 16 }],
      [60_000, { b: 16 }],
    ]);
    const p = { halfLifePeriodMs: 0, queryResolutionMs: 10_000 };
    const u = queueUsageAt(l, sliding({ ...p, windowSizeMs: 60_000 }), 120_000);
    expect(u.get('a')).toBeUndefined();
    expect(u.get('b')?.gpu).toBe(1);
    // Steps 40s…120s: 40, 50, 60 read A; 70…120 read B.
    const v = queueUsageAt(l, sliding({ ...p, windowSizeMs: 90_000 }), 120_000);
    expect(v.get('a')?.gpu).toBeCloseTo(1 / 3, 12);
  });

  it('subquery steps are multiples of the resolution; range-query steps start at the reset', () => {
    expect(queryStepsAt(sliding({ windowSizeMs: 300_000 }), 150_000)).toEqual({
      first: -120_000,
      step: 60_000,
      count: 5,
    });
    const t = sliding({ windowType: 'tumbling', windowSizeMs: 100_000, tumblingWindowStartMs: 5_000 });
    expect(queryStepsAt(t, 250_000)).toEqual({ first: 205_000, step: 60_000, count: 1 });
  });

  it('history before t=0 counts like any other sample', () => {
    const l = ledger([
      [-3_000_000, { a: 16 }],
      [0, {}],
    ]);
    // 1h window at t=10m: steps −49m…10m; A's 50 steps (−49m … 0) of 60.
    const u = queueUsageAt(l, sliding({ halfLifePeriodMs: 0 }), 600_000);
    expect(u.get('a')?.gpu).toBeCloseTo(50 / 60, 12);
  });

  it('a tumbling window sums from its latest reset; usage restarts at each reset', () => {
    const l = ledger([
      [0, { a: 16 }],
      [50_000, { b: 16 }],
    ]);
    const params: UsageParams = {
      halfLifePeriodMs: 0,
      windowSizeMs: 60_000,
      windowType: 'tumbling',
      tumblingWindowStartMs: 0,
      queryResolutionMs: 10_000,
    };
    // At 40s (first window, reset 0): steps 0 (no data), 10…40 read A.
    expect(queueUsageAt(l, params, 40_000).get('a')?.gpu).toBe(1);
    // At 60s, a boundary: the reset is still 0 (KAI takes the previous window there).
    expect(tumblingResetAt(params, 60_000)).toBe(0);
    // At 90s: reset 60s, steps 60…90 all read B.
    expect(queueUsageAt(l, params, 90_000).get('b')?.gpu).toBe(1);
    expect(queueUsageAt(l, params, 90_000).get('a')).toBeUndefined();
  });

  it('tumbling reset, KAI prometheus_test TestGetLatestUsageResetTime_TumblingWindow (rows as offsets from the start)', () => {
    const m = 60_000;
    const h = 60 * m;
    const reset = (windowSizeMs: number, startMs: number, nowMs: number) =>
      tumblingResetAt(
        { ...sliding({ windowType: 'tumbling', windowSizeMs }), tumblingWindowStartMs: startMs },
        nowMs,
      );
    // "1 hour window - middle of window": start 10:00, now 12:30 → 12:00
    expect(reset(h, 0, 150 * m)).toBe(120 * m);
    // "exact window boundary": now 13:00 → 12:00
    expect(reset(h, 0, 180 * m)).toBe(120 * m);
    // "one second after boundary": 13:00:01 → 13:00
    expect(reset(h, 0, 180 * m + 1000)).toBe(180 * m);
    // "15 minute window - between boundaries": 14:00 → 14:37 gives 14:30
    expect(reset(15 * m, 0, 37 * m)).toBe(30 * m);
    // "1 week window - middle of week": Jan 1 → Jan 18 12:00 gives Jan 15
    expect(reset(7 * 24 * h, 0, (17 * 24 + 12) * h)).toBe(14 * 24 * h);
    // "start time equals now"
    expect(reset(h, 5 * h, 5 * h)).toBe(5 * h);
    // "start time with offset - middle of window": 10:15:30 → 12:45:30 gives 12:15:30
    expect(reset(h, -30_000, 150 * m - 30_000)).toBe(120 * m - 30_000);
    // A start in the future: the window starts now (size 0), prometheus.go:273-276.
    expect(reset(h, 10 * h, 2 * h)).toBe(2 * h);
  });

  it('KAI fetches on start and every fetchInterval; a session uses the last fetch', () => {
    const p = sliding({ fetchIntervalMs: 60_000 });
    expect([0, 1_000, 59_999, 60_000, 61_000].map((t) => lastFetchAt(p, t))).toEqual([
      0, 0, 0, 60_000, 60_000,
    ]);
    expect(lastFetchAt(sliding(), 125_000)).toBe(120_000);
  });

  it('flags a cluster without GPUs (upstream’s fetch fails there) but not a fetch with no data yet', () => {
    const cpuOnly = ledger([[-60_000, {}]], 3_600_000, { gpu: 0, cpu: 64, memory: 0 });
    expect(fetchUsage(cpuOnly, sliding(), 60_000).noGpuCapacity).toBe(true);
    expect(fetchUsage(ledger([[0, { a: 1 }]]), sliding(), 0).noGpuCapacity).toBe(false);
    expect(fetchUsage(ledger([[0, { a: 1 }]]), sliding(), 60_000).noGpuCapacity).toBe(false);
  });

  it('a step with an unbounded node (capacity +Inf) makes the window’s sum +Inf: usage 0, never above 1', () => {
    // a held 2 of n0's 4 GPUs throughout; a node omitting gpu existed until 25s (fuzz seed 20261128).
    const l = newUsageLedger(3_600_000);
    const sample = (timeMs: number, capacity: QueueResources) => ({
      timeMs,
      allocated: new Map([['a', gpu(2)]]),
      capacity,
      statedGpu: 4,
    });
    appendUsage(l, sample(0, { gpu: Infinity, cpu: Infinity, memory: Infinity }));
    appendUsage(l, sample(25_000, gpu(4)));
    const p = sliding({ halfLifePeriodMs: 0, queryResolutionMs: 5_000 });
    // Steps 5s…25s read the +Inf sample, 30s the finite one: Σ capacity = +Inf, as Prometheus's sum gives.
    expect(fetchUsage(l, p, 30_000).usage.get('a')?.gpu).toBe(0);
    // Once the +Inf steps leave a 10s window only finite ones remain: 2 of 4.
    expect(fetchUsage(l, { ...p, windowSizeMs: 10_000 }, 40_000).usage.get('a')?.gpu).toBeCloseTo(0.5, 12);
    expect(fetchUsage(l, p, 30_000).noGpuCapacity).toBe(false);
  });

  it('a node omitting gpu states no GPUs: the flag follows the stated figures, not the +Inf capacity', () => {
    const l = newUsageLedger(3_600_000);
    appendUsage(l, {
      timeMs: -60_000,
      allocated: new Map(),
      capacity: { gpu: Infinity, cpu: 64, memory: 0 },
      statedGpu: 0,
    });
    expect(fetchUsage(l, sliding(), 60_000).noGpuCapacity).toBe(true);
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
