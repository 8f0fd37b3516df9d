/**
 * Time-based fair share keeps state across sessions (the usage history), so the rule "a past session rebuilt
 * later equals the session as it ran" must hold for it too: keyframes carry the usage ledger and replay it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index';
import type { Scenario, UsageParams } from '../model/scenario';
import { Simulator } from './Simulator';
import { lastFetchAt, queueUsageAt, type UsageLedger } from './UsageLedger';

/** The gallery's time-aware example (its base keeps usage history). */
function galleryScenario(): Scenario {
  const text = readFileSync(resolve(__dirname, '../../scenarios/time-aware.yaml'), 'utf8');
  const r = parseScenario(text);
  if (!r.ok) throw new Error('time-aware.yaml does not parse');
  return r.scenario;
}

/** The same scenario with no usageDBConfig at all (KAI without a usage database). */
function withoutUsageDB(): Scenario {
  const { usage: _dropped, ...scheduler } = galleryScenario().scheduler;
  return { ...galleryScenario(), scheduler, variants: [], expect: [], lesson: [] };
}

function timeAwareScenario(usage: UsageParams): Scenario {
  const r = { scenario: galleryScenario() };
  // One session a second (480 sessions), so keyframes are taken and the window drops old samples.
  return {
    ...r.scenario,
    scheduler: { ...r.scenario.scheduler, schedulePeriodMs: 1000, usage },
    expect: [],
  };
}

const ledgerText = (l: UsageLedger | null): string =>
  JSON.stringify(l?.samples.map((s) => ({ ...s, allocated: [...s.allocated] })) ?? null);

describe.each<UsageParams>([
  { windowType: 'sliding', windowSizeMs: 120_000, halfLifePeriodMs: 30_000 },
  { windowType: 'tumbling', windowSizeMs: 90_000, halfLifePeriodMs: 0, tumblingWindowStartMs: -20_000 },
])('time-aware history ($windowType window)', (usage) => {
  it('a past session rebuilt from keyframes equals the session as it ran, usage ledger included', () => {
    const sim = new Simulator(timeAwareScenario(usage));
    const liveSnapshots: string[] = [];
    const liveLedgers: string[] = [];
    while (sim.step()) {
      const i = sim.sessionCount();
      liveSnapshots.push(JSON.stringify(sim.snapshot(i)));
      liveLedgers.push(ledgerText(sim.history.stateAt(i).usage));
    }
    expect(sim.sessionCount()).toBeGreaterThan(400);
    expect((Reflect.get(sim.history, 'keyframes') as unknown[]).length).toBeGreaterThan(2);
    for (let i = 1; i <= sim.sessionCount(); i++) {
      expect(JSON.stringify(sim.snapshot(i)), `session ${i}`).toBe(liveSnapshots[i - 1]);
      expect(ledgerText(sim.history.stateAt(i).usage), `ledger after session ${i}`).toBe(liveLedgers[i - 1]);
    }
  });

  it('the usage a session ran with is the usage of the rebuilt ledger before it, at its last fetch', () => {
    const sim = new Simulator(timeAwareScenario(usage));
    sim.runToEnd();
    let compared = 0;
    for (let i = 2; i <= sim.sessionCount(); i += 7) {
      const snap = sim.snapshot(i);
      const ledger = sim.history.stateAt(i - 1).usage;
      if (!ledger) throw new Error('no usage ledger');
      const usageNow = queueUsageAt(ledger, usage, lastFetchAt(usage, snap.timeMs));
      for (const q of snap.queues) {
        expect(q.timeAware?.usage.gpu, `${q.name} at session ${i}`).toBe(usageNow.get(q.name)?.gpu ?? 0);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('time-aware fair share is off by default', () => {
  it('a scenario without usageDBConfig keeps no ledger and publishes no usage', () => {
    const r = { scenario: withoutUsageDB() };
    const sim = new Simulator(r.scenario);
    sim.runToEnd();
    expect(sim.history.stateAt(sim.sessionCount()).usage).toBeNull();
    expect(sim.snapshot(7).queues.some((q) => q.timeAware !== undefined)).toBe(false);
  });
});

describe('usage turned on by an updateConfig event', () => {
  it('sees the history from the first session (KAI’s metrics exist before the scheduler reads them)', () => {
    const r = { scenario: withoutUsageDB() };
    const usage: UsageParams = { windowType: 'sliding', windowSizeMs: 600_000, halfLifePeriodMs: 120_000 };
    const sim = new Simulator({
      ...r.scenario,
      events: [{ atMs: 60_000, kind: 'updateConfig', patch: { usage } }],
      expect: [],
    });
    sim.runToEnd();
    // Before the event: no usage in the snapshot. At t=60s (session 7): team-a held the whole cluster for
    // the first minute, so its usage is 1 and b-1 runs, exactly as when usage is on from the start.
    expect(sim.snapshot(6).queues.some((q) => q.timeAware !== undefined)).toBe(false);
    const s7 = sim.snapshot(7);
    expect(s7.queues.find((q) => q.name === 'team-a')?.timeAware?.usage.gpu).toBeCloseTo(1, 12);
    expect(s7.decisions.find((d) => d.kind === 'bind')?.job).toBe('b-1');
  });
});

describe('with KAI’s default kValue 1', () => {
  it('a queue that alone used the cluster gets weight 0, and the other reclaims after the next usage fetch', () => {
    const r = { scenario: galleryScenario() };
    const tiers = r.scenario.scheduler.tiers.map((t) => ({
      plugins: t.plugins.map((p) => (p.name === 'proportion' ? { ...p, arguments: { kValue: 1 } } : p)),
    }));
    // a-1 runs 5 minutes, so only the usage can make it give way.
    const jobs = r.scenario.jobs.map((j) => (j.name === 'a-1' ? { ...j, runtimeMs: 300_000 } : j));
    const sim = new Simulator({
      ...r.scenario,
      jobs,
      scheduler: { ...r.scenario.scheduler, tiers },
      expect: [],
    });
    sim.runToEnd();
    // KAI fetched usage at start (no data yet) and fetches again every minute (fetchInterval 1m): from
    // t=10s to t=50s the sessions reuse the empty fetch, fair shares stay 8 / 8 and nobody is evicted.
    for (let i = 2; i <= 6; i++) {
      const s = sim.snapshot(i);
      expect(
        s.queues.map((q) => q.fairShare.gpu),
        `session ${i}`,
      ).toEqual([8, 8]);
      expect(
        s.decisions.some((d) => d.kind === 'evict'),
        `session ${i}`,
      ).toBe(false);
    }
    // Session 7 (t=60s) runs with the fetch at 60s: team-a held the whole cluster at the one step with
    // data (usage 1) → weights 0.5 + (0.5 − 1) = 0 and 0.5 + 0.5 = 1 → fair shares 0 / 16, b-1 reclaims.
    const s7 = sim.snapshot(7);
    expect(s7.queues.map((q) => q.fairShare.gpu)).toEqual([0, 16]);
    expect(s7.decisions.filter((d) => d.kind === 'evict').map((d) => `${d.job}<${d.by}`)).toEqual([
      'a-1<b-1',
    ]);
    const gate = s7.trace.attempts
      .filter((a) => a.action === 'reclaim' && a.job === 'b-1')
      .flatMap((a) => a.verdicts)
      .find((v) => v.point === 'canReclaimResources');
    expect(gate?.message).toBe(
      "Queue team-b stays within its fair share (gpu 16 ≤ gpu 16), so it may reclaim. Its fair share weighs usage history (kValue 1): it used 0.0% of the cluster's gpu over the usage window, usage as of t=1m0s (KAI's last usage fetch; sessions until the next fetch reuse it); without usage history its fair share would be gpu 8.",
    );
  });
});

describe('history before t=0 and terminating pods (KAI reads them from Prometheus)', () => {
  it('a job started 50 minutes before t=0 has usage from its start; the other queue reclaims at once', () => {
    const r = { scenario: galleryScenario() };
    const tiers = r.scenario.scheduler.tiers.map((t) => ({
      plugins: t.plugins.map((p) => (p.name === 'proportion' ? { ...p, arguments: { kValue: 1 } } : p)),
    }));
    const jobs = r.scenario.jobs.map((j) =>
      j.name === 'a-1'
        ? {
            ...j,
            runtimeMs: null,
            submitAtMs: -3_000_000,
            startedAtMs: -3_000_000,
            tasks: j.tasks.map((t) => ({ ...t, status: 'Running' as const, node: 'node0' })),
          }
        : j,
    );
    const sim = new Simulator({
      ...r.scenario,
      jobs,
      scheduler: {
        ...r.scenario.scheduler,
        tiers,
        usage: { ...r.scenario.scheduler.usage!, windowSizeMs: 3_600_000 },
      },
      expect: [],
    });
    sim.runToEnd();
    const s1 = sim.snapshot(1);
    // The fetch at start sees 50 one-minute steps with a-1 holding the whole cluster: usage 1.
    expect(s1.queues.find((q) => q.name === 'team-a')?.timeAware?.usage.gpu).toBe(1);
    expect(s1.decisions.filter((d) => d.kind === 'evict').map((d) => `${d.job}<${d.by}`)).toEqual([
      'a-1<b-1',
    ]);
  });
});
