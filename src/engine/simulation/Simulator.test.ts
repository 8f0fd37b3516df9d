import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, runDocument } from '../index';
import type { Scenario } from '../model/scenario';
import { run, scenarioOf, statusOf } from '../testing/scenarioTest';
import { settleHorizonMs } from './Simulator';

function load(file: string, suite = 'kai'): Scenario {
  const r = parseScenario(readFileSync(resolve(__dirname, '../../../conformance', suite, file), 'utf8'));
  if (!r.ok) throw new Error(file);
  return r.scenario;
}

function output(s: Scenario): string {
  const sim = createSimulation(s);
  while (sim.step()) {
    /* run */
  }
  return JSON.stringify(
    runDocument(
      s,
      Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1)),
    ),
  );
}

const churn = {
  nodes: [{ name: 'n', count: 3, resources: { gpu: 4 } }],
  queues: [
    { name: 'top', resources: { gpu: { quota: 12 } } },
    { name: 'a', parent: 'top', reclaimMinRuntime: '5s', resources: { gpu: { quota: 4 } } },
    { name: 'b', parent: 'top', resources: { gpu: { quota: 8 } } },
  ],
  jobs: Array.from({ length: 24 }, (_, i) => ({
    name: `j${i}`,
    queue: i % 3 === 0 ? 'a' : 'b',
    submitAt: `${i}s`,
    runtime: `${5 + (i % 7)}s`,
    minAvailable: 1,
    resources: { gpu: 1 },
    tasks: 1 + (i % 3),
  })),
  run: { until: '60s' },
};

describe('Simulator', () => {
  it('is deterministic: the same scenario gives byte-identical output', () => {
    for (const file of ['E1-reclaim-waits-for-min-runtime.yaml', 'AR1-reclaim-by-fair-share.yaml']) {
      expect(output(load(file))).toBe(output(load(file)));
    }
    // Volcano and kube-batch too, traces included (tier votes, victim sets).
    for (const file of [
      'SLA-a-big-job-global-waiting-time.yaml',
      'R2-reclaim-victim-queue-order-tie.yaml',
      'KP1-kube-batch-preempt-within-job.yaml',
    ]) {
      const a = createSimulation(load(file, 'volcano'));
      const b = createSimulation(load(file, 'volcano'));
      while (a.step() && b.step())
        expect(JSON.stringify(a.snapshot(a.sessionCount()))).toBe(
          JSON.stringify(b.snapshot(b.sessionCount())),
        );
      expect(output(load(file, 'volcano'))).toBe(output(load(file, 'volcano')));
    }
    expect(output(scenarioOf(churn))).toBe(output(scenarioOf(churn)));
  });

  it('rebuilds any past session from the history exactly as it was when it ran', () => {
    const sim = createSimulation(scenarioOf(churn));
    const live: string[] = [];
    while (sim.step()) live.push(JSON.stringify(sim.snapshot(sim.sessionCount())));
    expect(live.length).toBeGreaterThan(20);
    for (const i of [live.length, 1, Math.floor(live.length / 2), 2, live.length - 1]) {
      expect(JSON.stringify(sim.snapshot(i))).toBe(live[i - 1]);
    }
  });

  it('runs sessions every schedulePeriod and stops when nothing is pending, running or due', () => {
    const sim = run({
      scheduler: { schedulePeriod: '2s' },
      nodes: [{ name: 'n0', resources: { gpu: 1 } }],
      queues: [{ name: 'q', resources: { gpu: { quota: 1 } } }],
      jobs: [{ name: 'j', queue: 'q', runtime: '3s', resources: { gpu: 1 } }],
    });
    const times = sim.markers().map((m) => m.timeMs);
    expect(times).toEqual([0, 2000, 4000]);
    const last = sim.snapshot(3);
    expect(statusOf(last, 'j-0')).toBe('Succeeded');
    expect(last.decisions.map((d) => d.kind)).toEqual(['complete']);
  });

  it('marks protection changes only where a protection of more than 0s begins or ends', () => {
    const marks = (preemptMinRuntime: string) =>
      run({
        nodes: [{ name: 'n0', resources: { gpu: 2 } }],
        queues: [{ name: 'q', preemptMinRuntime, reclaimMinRuntime: '0s', resources: { gpu: { quota: 2 } } }],
        jobs: [
          { name: 'a', queue: 'q', runtime: '30s', resources: { gpu: 1 } },
          { name: 'b', queue: 'q', submitAt: '20s', runtime: '30s', resources: { gpu: 1 } },
        ],
      })
        .markers()
        .filter((m) => m.protectionChanges > 0)
        .map((m) => [m.timeMs, m.protectionChanges]);
    // 0s of min-runtime never protects: no mark when a and b start.
    expect(marks('0s')).toEqual([]);
    // 15s (a session every 5s by default): gained at each start (t=0, t=20s), lost 15s later (t=15s, t=35s).
    expect(marks('15s')).toEqual([
      [0, 1],
      [15_000, 1],
      [20_000, 1],
      [35_000, 1],
    ]);
  });

  it('sets the start time on a fresh start only, and an evicted task is Releasing, then Pending', () => {
    const sim = run({
      scheduler: { actions: ['allocate', 'preempt'] },
      nodes: [{ name: 'n0', resources: { gpu: 1 } }],
      queues: [{ name: 'q', resources: { gpu: { quota: 1 } } }],
      jobs: [
        { name: 'low', queue: 'q', priorityClassName: 'train', resources: { gpu: 1 } },
        {
          name: 'high',
          queue: 'q',
          priorityClassName: 'build-preemptible',
          submitAt: '2s',
          resources: { gpu: 1 },
        },
      ],
      run: { sessions: 5 },
    });
    expect(sim.snapshot(1).jobs.find((j) => j.name === 'low')?.startedAtMs).toBe(0);
    const s3 = sim.snapshot(3);
    expect(statusOf(s3, 'low-0')).toBe('Releasing');
    expect(statusOf(s3, 'high-0')).toBe('Pipelined');
    // pipelined: no start time yet; it starts when a later session binds it
    expect(s3.jobs.find((j) => j.name === 'high')?.startedAtMs).toBeNull();
    const s4 = sim.snapshot(4);
    expect(statusOf(s4, 'low-0')).toBe('Pending');
    expect(statusOf(s4, 'high-0')).toBe('Running');
    expect(s4.jobs.find((j) => j.name === 'high')?.startedAtMs).toBe(3000);
    // the evicted job keeps its old start time (never cleared on eviction)
    expect(s4.jobs.find((j) => j.name === 'low')?.startedAtMs).toBe(0);
  });

  it('grows an elastic job one task per pop and keeps its start time', () => {
    const sim = run({
      nodes: [{ name: 'n0', resources: { gpu: 2 } }],
      queues: [{ name: 'q', resources: { gpu: { quota: 2 } } }],
      jobs: [{ name: 'e', queue: 'q', minAvailable: 1, resources: { gpu: 1 }, tasks: 3 }],
      run: { sessions: 2 },
    });
    const s1 = sim.snapshot(1);
    expect(s1.decisions.filter((d) => d.kind === 'bind').map((d) => d.task)).toEqual(['e-0', 'e-1']);
    expect(s1.trace.attempts.filter((a) => a.action === 'allocate').map((a) => a.tasks)).toEqual([
      ['e-0'],
      ['e-1'],
      ['e-2'],
    ]);
    expect(s1.trace.pending.find((p) => p.job === 'e')?.code).toBe('no-capacity');
  });

  it('places a gang all-or-nothing', () => {
    const sim = run({
      nodes: [{ name: 'n0', resources: { gpu: 2 } }],
      queues: [{ name: 'q', resources: { gpu: { quota: 2 } } }],
      jobs: [{ name: 'g', queue: 'q', resources: { gpu: 1 }, tasks: 3 }],
      run: { sessions: 1 },
    });
    const s = sim.snapshot(1);
    expect(s.decisions).toEqual([]);
    expect(s.trace.pending[0]?.code).toBe('gang-unsatisfiable');
  });

  it('respects queue limits and explains the refusal', () => {
    const sim = run({
      nodes: [{ name: 'n0', resources: { gpu: 4 } }],
      queues: [
        { name: 'top', resources: { gpu: { limit: 1 } } },
        { name: 'q', parent: 'top' },
      ],
      jobs: [{ name: 'j', queue: 'q', resources: { gpu: 2 } }],
      run: { sessions: 1 },
    });
    const p = sim.snapshot(1).trace.pending[0];
    expect(p?.code).toBe('over-limit');
    expect(p?.message).toContain('Queue top would exceed its gpu limit');
  });

  it('memory of the history grows with changes, not with sessions × tasks', () => {
    const idle = createSimulation(
      scenarioOf({
        nodes: [{ name: 'n', count: 4, resources: { gpu: 8 } }],
        queues: [{ name: 'q', resources: { gpu: { quota: 32 } } }],
        jobs: Array.from({ length: 32 }, (_, i) => ({ name: `j${i}`, queue: 'q', resources: { gpu: 1 } })),
        run: { sessions: 200 },
      }),
    ) as unknown as { step(): boolean; history: { entries: { tasks: unknown[] }[] } };
    while (idle.step()) {
      /* run */
    }
    const stored = idle.history.entries.reduce((s, e) => s + e.tasks.length, 0);
    // 32 tasks bound once (with their GPU devices), then nothing changes for 199 sessions.
    expect(stored).toBe(32);
  });
});

describe('a run without `run:` stops once settled (docs §7.1)', () => {
  const base = [
    'version: 1',
    'nodes: [{name: n, resources: {gpu: 1}}]',
    'queues: [{name: q}]',
    'jobs: [{name: forever, queue: q, resources: {gpu: 1}}, {name: waits, queue: q, resources: {gpu: 1}}]',
  ];
  const sessions = (text: string) => {
    const parsed = parseScenario(text);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    const sim = createSimulation(parsed.scenario);
    while (sim.step()) {
      /* to the end */
    }
    return sim.sessionCount();
  };

  it('stops after the longest configured duration passes with nothing changing, not at 1h', () => {
    // One job runs forever, one can never fit: the only change is session 1; KAI's stale-gang grace
    // period (60s) is the longest duration, so the last session is the one at t=60s.
    expect(sessions(`${base.join('\n')}\n`)).toBe(61);
  });

  it('keeps going while a countdown can still change something', () => {
    const protectedVictim = [
      'version: 1',
      'nodes: [{name: n, resources: {gpu: 1}}]',
      'queues: [{name: q, preemptMinRuntime: 5m}]',
      'jobs:',
      '  - {name: low, queue: q, priorityClassName: train, resources: {gpu: 1}, tasks: [{status: Running, node: n}]}',
      '  - {name: high, queue: q, priorityClassName: build-preemptible, resources: {gpu: 1}, submitAt: 1s}',
    ];
    const parsed = parseScenario(`${protectedVictim.join('\n')}\n`);
    if (!parsed.ok) throw new Error('invalid');
    const sim = createSimulation(parsed.scenario);
    while (sim.step()) {
      /* to the end */
    }
    // The preemption at t=5m (after 5 minutes of nothing happening) is still reached.
    const evictedAt = sim.markers().find((m) => m.evictions > 0)?.timeMs;
    expect(evictedAt).toBe(300_000);
    expect(sim.sessionCount()).toBeLessThan(3601);
  });

  it('a quiet first session is not settled: the quiet stretch counts from t=0 at the least (issue 18)', () => {
    // Everything is in place at t=0 and session 1 decides nothing; before, the last change was at −∞ and
    // the run stopped after that one session. Now it waits out the horizon (the 60s grace period).
    const quiet = [
      'version: 1',
      'nodes: [{name: n, resources: {gpu: 1}}]',
      'queues: [{name: q}]',
      'jobs:',
      '  - {name: forever, queue: q, resources: {gpu: 1}, startedAt: -10m, tasks: [{status: Running, node: n}]}',
      '  - {name: waits, queue: q, resources: {gpu: 1}, submitAt: -10m}',
    ];
    expect(sessions(`${quiet.join('\n')}\n`)).toBe(61);
  });

  it("reaches Volcano's sla expiry when nothing else happens before it (issue 18)", () => {
    // `big` waits from t=0 with a 90s SLA on a full cluster: no session changes anything until the SLA
    // expires and enqueue admits it (t=90s, past the 60s grace period that bounded the horizon before).
    const text = [
      'version: 1',
      'profile: volcano',
      'scheduler:',
      '  tiers:',
      '    - plugins: [{name: priority}, {name: gang}, {name: conformance}, {name: sla}]',
      '    - plugins: [{name: overcommit}, {name: drf}, {name: predicates}, {name: proportion}, {name: nodeorder}]',
      'nodes: [{name: n, resources: {gpu: 2}}]',
      'queues: [{name: q}]',
      'jobs:',
      '  - {name: busy, queue: q, phase: Running, submitAt: -1m, resources: {gpu: 2}, tasks: [{status: Running, node: n}]}',
      '  - name: big',
      '    queue: q',
      '    annotations: {sla-waiting-time: 90s}',
      '    minResources: {gpu: 2}',
      '    resources: {gpu: 1}',
      '    tasks: 2',
    ].join('\n');
    const parsed = parseScenario(`${text}\n`);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    const sim = createSimulation(parsed.scenario);
    while (sim.step()) {
      /* to the end */
    }
    const expired = sim.markers().find((m) => (m.slaExpired ?? []).includes('big'));
    expect(expired?.timeMs).toBe(90_000);
    expect(sim.snapshot(91).jobs.find((j) => j.name === 'big')?.phase).toBe('Inqueue');
  });

  it("counts the usage window of KAI's time-based fair share in the horizon", () => {
    // Past allocations weigh on fair shares until they leave the window, so the run must not stop sooner.
    const text = [
      'version: 1',
      'scheduler: {usageDBConfig: {usageParams: {windowSize: 10m, halfLifePeriod: 2m}}}',
      'nodes: [{name: n, resources: {gpu: 1}}]',
      'queues: [{name: q}]',
    ].join('\n');
    const parsed = parseScenario(`${text}\n`);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    expect(settleHorizonMs(parsed.scenario)).toBe(600_000);
  });

  it('changes nothing for a scenario with a `run:` block', () => {
    expect(sessions(`${base.join('\n')}\nrun: {until: 1h}\n`)).toBe(3601);
  });
});
