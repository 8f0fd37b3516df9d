/**
 * The usage-fetch checker catches what it claims to: a session that ran with a fetch newer than itself, one
 * older than an interval, or an off-tick fetch is reported, and the real runs are not.
 */
import { describe, expect, it } from 'vitest';
import { Simulator } from '../../../simulation/Simulator';
import { scenarioOf } from '../../../testing/scenarioTest';
import { checkUsageFetch } from './checkUsageFetch';
import type { Violation } from '../../../testing/property/invariants';

const scenario = scenarioOf({
  scheduler: {
    schedulePeriod: '20s',
    usageDBConfig: { usageParams: { windowSize: '10m', fetchInterval: '1m' } },
  },
  nodes: [{ name: 'n', resources: { gpu: 2 } }],
  queues: [{ name: 'q1' }, { name: 'q2' }],
  jobs: [
    { name: 'a', queue: 'q1', resources: { gpu: 2 }, runtime: '100s' },
    { name: 'b', queue: 'q2', resources: { gpu: 2 }, runtime: '100s' },
  ],
});

function run() {
  const sim = new Simulator(scenario);
  sim.runToEnd();
  return Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1));
}

describe('checkUsageFetch (usage-fetch-schedule)', () => {
  it('a real run passes: every session uses the fetch of the last minute tick', () => {
    const out: Violation[] = [];
    const snaps = run();
    for (const s of snaps) checkUsageFetch(scenario, s, out);
    expect(out).toEqual([]);
    expect(snaps.map((s) => s.queues[0]?.timeAware?.asOfMs)).toEqual(
      snaps.map((s) => Math.floor(s.timeMs / 60_000) * 60_000),
    );
  });

  it('reports a fetch newer than the session, one older than an interval, one off the ticks, a usage above 1', () => {
    const s = run()[4]; // t=80s: fetched at 60s
    if (!s) throw new Error('no session 5');
    const broken = (asOfMs: number, gpu = 0) => ({
      ...s,
      queues: s.queues.map((q) =>
        q.timeAware
          ? { ...q, timeAware: { ...q.timeAware, asOfMs, usage: { ...q.timeAware.usage, gpu } } }
          : q,
      ),
    });
    for (const [asOf, gpu] of [
      [120_000, 0],
      [0, 0],
      [30_000, 0],
      [60_000, 1.5],
    ] as const) {
      const out: Violation[] = [];
      checkUsageFetch(scenario, broken(asOf, gpu), out);
      expect(out.length, `asOf ${asOf}, usage ${gpu}`).toBeGreaterThan(0);
      expect(out.every((v) => v.invariant === 'usage-fetch-schedule')).toBe(true);
    }
  });

  it('with node pools, a queue follows its own pool’s fetch schedule', () => {
    const pooled = scenarioOf({
      scheduler: { schedulePeriod: '20s' },
      nodePools: [
        {
          name: 'slow',
          partitionLabelValue: 'slow',
          usageDBConfig: { usageParams: { windowSize: '10m', fetchInterval: '2m' } },
        },
      ],
      nodes: [{ name: 'n', resources: { gpu: 2 }, labels: { 'kai.scheduler/node-pool': 'slow' } }],
      queues: [{ name: 'q1', nodePool: 'slow' }],
      jobs: [{ name: 'a', queue: 'q1', nodePool: 'slow', resources: { gpu: 2 }, runtime: '300s' }],
    });
    const sim = new Simulator(pooled);
    sim.runToEnd();
    const snaps = Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1));
    const out: Violation[] = [];
    for (const s of snaps) checkUsageFetch(pooled, s, out);
    expect(out).toEqual([]);
    const at100 = snaps.find((s) => s.timeMs === 100_000);
    expect(at100?.queues[0]?.timeAware?.asOfMs).toBe(0);
    if (!at100) return;
    // A fetch on the scheduler's 1-minute tick is off the pool's 2-minute schedule.
    const moved = {
      ...at100,
      queues: at100.queues.map((q) =>
        q.timeAware ? { ...q, timeAware: { ...q.timeAware, asOfMs: 60_000 } } : q,
      ),
    };
    checkUsageFetch(pooled, moved, out);
    expect(out.map((v) => v.invariant)).toEqual(['usage-fetch-schedule']);
  });
});
