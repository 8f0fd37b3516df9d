/**
 * Replicates (issue 20; §15.2): intervals, the frontier and runReplicates, on numbers worked out by hand
 * next to each assertion.
 */
import { describe, expect, it } from 'vitest';
import {
  formatIssue,
  parseScenario,
  reseedScenario,
  runMetrics,
  runReplicates,
  runScenario,
} from '../../index';
import type { Scenario } from '../../model/scenario';
import { smallWorkloadText } from '../../testing/smallWorkload';
import type { RunSummary } from './RunMetrics';
import { interval, paretoFrontier, studentT975, summariseReplicates } from './replicates';

function summary(over: Partial<RunSummary>): RunSummary {
  return {
    sessions: 10,
    evictions: 0,
    gpuMsLost: 0,
    meanUtilisation: 0,
    maxWaitP95Ms: null,
    meanTimeToFairShareMs: null,
    maxTimeToFairShareMs: null,
    unreachedFairShare: 0,
    meanFragmentedGpus: 0,
    jobWaitP95Ms: null,
    meanJainIndex: null,
    ...over,
  };
}

describe('intervals over replicates', () => {
  it('mean ± t(0.975; K−1)·s/√K', () => {
    // 1, 2, 3: mean 2, s = √((1 + 0 + 1)/2) = 1, t(0.975; 2) = 4.303 → half-width 4.303/√3 = 2.48434.
    const i = interval([1, 2, 3]);
    expect(i?.mean).toBe(2);
    expect(i?.n).toBe(3);
    expect(i?.low).toBeCloseTo(2 - 2.48434, 4);
    expect(i?.high).toBeCloseTo(2 + 2.48434, 4);
    // 10, 10, 10, 10, 20: mean 12, s = √((4·4 + 64)/4) = √20, t(0.975; 4) = 2.776 → 2.776·√20/√5 = 5.552.
    const j = interval([10, 10, 10, 10, 20]);
    expect(j?.low).toBeCloseTo(12 - 5.552, 9);
    expect(j?.high).toBeCloseTo(12 + 5.552, 9);
  });

  it('one value is its own interval; none is null; the t table ends in 1.96', () => {
    expect(interval([7])).toEqual({ mean: 7, low: 7, high: 7, n: 1 });
    expect(interval([])).toBeNull();
    expect(studentT975(1)).toBe(12.706);
    expect(studentT975(30)).toBe(2.042);
    expect(studentT975(31)).toBe(1.96);
  });

  it('summarises every figure, leaving nulls out', () => {
    const s = summariseReplicates([
      summary({ gpuMsLost: 1000, jobWaitP95Ms: 4000, meanJainIndex: 0.5 }),
      summary({ gpuMsLost: 3000, jobWaitP95Ms: null, meanJainIndex: 1 }),
    ]);
    // gpuMsLost 1000, 3000: mean 2000, s = √2·1000, t(0.975; 1) = 12.706 → 12.706·1000 = 12706.
    expect(s.gpuMsLost?.mean).toBe(2000);
    expect(s.gpuMsLost?.high).toBeCloseTo(2000 + 12706, 6);
    expect(s.jobWaitP95Ms).toEqual({ mean: 4000, low: 4000, high: 4000, n: 1 });
    expect(s.meanJainIndex?.mean).toBe(0.75);
    expect(s.maxWaitP95Ms).toBeNull();
    expect(s.sessions).toEqual({ mean: 10, low: 10, high: 10, n: 2 });
    expect(Object.keys(s)).toEqual(Object.keys(summary({})));
  });

  it('clips an interval to the values its figure can take, keeping the mean', () => {
    const s = summariseReplicates([
      summary({ evictions: 0, meanJainIndex: 1, meanUtilisation: 0.9 }),
      summary({ evictions: 0, meanJainIndex: 0.98, meanUtilisation: 1 }),
      summary({ evictions: 8, meanJainIndex: 0.99, meanUtilisation: 0.95 }),
    ]);
    // evictions 0, 0, 8: mean 8/3, s = √(((8/3)²·2 + (16/3)²)/2) = 4.6188, 4.303·4.6188/√3 = 11.4746:
    // unclipped −8.81 to 14.14; a count is never below 0.
    expect(s.evictions?.mean).toBeCloseTo(8 / 3, 12);
    expect(s.evictions?.low).toBe(0);
    expect(s.evictions?.high).toBeCloseTo(8 / 3 + 11.4746, 3);
    // Jain's index 1, 0.98, 0.99: mean 0.99, s = 0.01, 4.303·0.01/√3 = 0.02484: unclipped up to 1.0148.
    expect(s.meanJainIndex?.high).toBe(1);
    expect(s.meanJainIndex?.low).toBeCloseTo(0.99 - 0.02484, 4);
    // Utilisation 0.9, 1, 0.95: mean 0.95, s = 0.05, half-width 0.1242: high clipped to 1.
    expect(s.meanUtilisation?.high).toBe(1);
    expect(s.meanUtilisation?.mean).toBeCloseTo(0.95, 12);
  });
});

describe('the policy frontier', () => {
  it('marks the points no other point beats on every axis', () => {
    const flags = paretoFrontier([
      { label: 'a', gpuMsLost: 0, waitP95Ms: 10, fairness: 0.9 }, // best lost
      { label: 'b', gpuMsLost: 5, waitP95Ms: 5, fairness: 0.9 }, // best wait
      { label: 'c', gpuMsLost: 5, waitP95Ms: 10, fairness: 0.8 }, // a is as good everywhere, better on two
      { label: 'd', gpuMsLost: 0, waitP95Ms: 10, fairness: 0.9 }, // equal to a: both optimal
      { label: 'e', gpuMsLost: 9, waitP95Ms: 9, fairness: 1 }, // best fairness
      { label: 'f', gpuMsLost: 0, waitP95Ms: 10, fairness: NaN }, // no fairness figure: a beats it
    ]);
    expect(flags).toEqual([true, true, false, true, true, false]);
    expect(paretoFrontier([])).toEqual([]);
  });
});

const WORKLOAD = smallWorkloadText();

function parse(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

describe('runReplicates', () => {
  it('runs seeds s..s+K−1, each as the scenario re-seeded would run', () => {
    const s = parse(WORKLOAD);
    const runs = runReplicates(s, 3);
    expect(runs.map((r) => r.seed)).toEqual([40, 41, 42]);
    for (const r of runs) {
      const alone = runMetrics(runScenario(reseedScenario(s, r.seed ?? -1)));
      expect(r.summary).toEqual(alone.summary);
      expect(r.sessionCount).toBe(30);
    }
    // Different seeds generate different arrivals (not a hard-coded run repeated).
    expect(new Set(runs.map((r) => JSON.stringify(r.summary))).size).toBeGreaterThan(1);
  });

  it('runs once with seed null without a workload, and refuses a K out of 1..100', () => {
    const s = parse(
      'version: 1\nnodes: [{name: n0, resources: {gpu: 1}}]\nqueues: [{name: q}]\nrun: {sessions: 2}\n',
    );
    const runs = runReplicates(s, 5);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.seed).toBeNull();
    expect(() => runReplicates(s, 0)).toThrow(RangeError);
    expect(() => runReplicates(s, 101)).toThrow(RangeError);
    expect(() => runReplicates(s, 1.5)).toThrow(RangeError);
  });
});
