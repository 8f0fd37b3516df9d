import { describe, expect, it } from 'vitest';
import { evictedIn, firstEviction, run, statusOf } from '../../../../testing/scenarioTest';

const tiers = (args: Record<string, string> = {}) => [
  {
    plugins: [
      { name: 'predicates' },
      { name: 'proportion' },
      { name: 'priority' },
      { name: 'elastic' },
      { name: 'nodeplacement' },
      { name: 'minruntime', arguments: args },
    ],
  },
];

/** One node, one queue: a low-priority victim started at t=0 and a high-priority job arriving at 1s. */
function preemptScenario(preemptMinRuntime: string, extra: Record<string, unknown> = {}) {
  return {
    scheduler: { actions: ['allocate', 'preempt'], schedulePeriod: '1s', tiers: tiers() },
    nodes: [{ name: 'n0', resources: { gpu: 1 } }],
    queues: [{ name: 'q', preemptMinRuntime, resources: { gpu: { quota: 1 } } }],
    jobs: [
      { name: 'victim', queue: 'q', priorityClassName: 'train', resources: { gpu: 1 } },
      {
        name: 'vip',
        queue: 'q',
        priorityClassName: 'build-preemptible',
        submitAt: '1s',
        resources: { gpu: 1 },
      },
    ],
    run: { sessions: 8 },
    ...extra,
  };
}

describe('minruntime: protection strictly before start + duration', () => {
  it('protects at t < start + duration and lets the preemption through at exactly start + duration', () => {
    const sim = run(preemptScenario('5s'));
    // victim bound in session 1 at t=0 → protected while t < 5s.
    expect(sim.snapshot(1).jobs.find((j) => j.name === 'victim')?.startedAtMs).toBe(0);
    for (let i = 2; i <= 5; i++) expect(evictedIn(sim.snapshot(i))).toEqual([]);
    const at5 = sim.snapshot(6);
    expect(at5.timeMs).toBe(5000);
    expect(evictedIn(at5)).toEqual(['victim-0']);
    expect(statusOf(at5, 'vip-0')).toBe('Pipelined');
    expect(statusOf(sim.snapshot(7), 'vip-0')).toBe('Running');
  });

  it('explains the protection with the resolved duration, its source and the end time', () => {
    const sim = run(preemptScenario('5s'));
    const attempt = sim.snapshot(3).trace.attempts.find((a) => a.action === 'preempt');
    expect(attempt?.code).toBe('victims-protected');
    const victim = attempt?.victims[0];
    expect(victim?.outcome).toBe('filtered');
    const verdict = victim?.verdicts.find((v) => v.plugin === 'minruntime');
    expect(verdict?.allowed).toBe(false);
    expect(verdict?.profileDetail).toMatchObject({
      profile: 'kai',
      type: 'minruntime',
      isProtected: true,
      protectedUntilMs: 5000,
      resolution: { kind: 'preempt', durationMs: 5000, source: 'q', path: ['q'] },
    });
    expect(verdict?.message).toContain('protected from preempt until t=5s');
    const pending = sim.snapshot(3).trace.pending.find((p) => p.job === 'vip');
    expect(pending?.code).toBe('victims-protected');
  });

  it('0s means no protection', () => {
    const sim = run(preemptScenario('0s'));
    expect(evictedIn(sim.snapshot(2))).toEqual(['victim-0']);
  });
});

describe('minruntime: elastic jobs', () => {
  // An elastic victim (minAvailable 2 of 4) that keeps its core while protected, in a queue reclaimed from.
  const elastic = (reclaimMinRuntime: string) => ({
    scheduler: { actions: ['allocate', 'reclaim'], schedulePeriod: '2s', tiers: tiers() },
    nodes: [{ name: 'n0', resources: { gpu: 4 } }],
    queues: [
      { name: 'top', resources: { gpu: { quota: 4 } } },
      { name: 'a', parent: 'top', reclaimMinRuntime, resources: { gpu: { quota: 0, overQuotaWeight: 1 } } },
      { name: 'b', parent: 'top', resources: { gpu: { quota: 4, overQuotaWeight: 1 } } },
    ],
    jobs: [
      {
        name: 'elastic',
        queue: 'a',
        minAvailable: 2,
        startedAt: '0s',
        resources: { gpu: 1 },
        tasks: Array.from({ length: 4 }, () => ({ status: 'Running', node: 'n0' })),
      },
      { name: 'big', queue: 'b', submitAt: '1s', minAvailable: 4, resources: { gpu: 1 }, tasks: 4 },
    ],
    run: { sessions: 12 },
  });

  it('a protected elastic job loses only its tasks above minAvailable', () => {
    const sim = run(elastic('60s'));
    for (let i = 1; i <= sim.sessionCount(); i++) {
      const s = sim.snapshot(i);
      const job = s.jobs.find((j) => j.name === 'elastic');
      // never below minAvailable while protected (t < 60s): at most the 2 surplus tasks go
      expect((job?.running ?? 0) + (job?.releasing ?? 0)).toBeGreaterThanOrEqual(2);
    }
    // The 4-task gang can never fit while 2 core tasks are protected: the validator says why.
    const attempt = sim.snapshot(2).trace.attempts.find((a) => a.action === 'reclaim');
    expect(
      attempt?.verdicts.some(
        (v) => v.plugin === 'minruntime' && !v.allowed && v.message.includes('below its minAvailable'),
      ),
    ).toBe(true);
  });

  it('once protection ends the whole elastic job may go', () => {
    const sim = run({ ...elastic('3s') });
    expect(firstEviction(sim, 'elastic-0')).not.toBeNull();
  });
});

describe('minruntime: reclaim resolution by LCA', () => {
  it('records the doc-vs-code difference for reclaim protection of non-elastic jobs', () => {
    const sim = run({
      scheduler: { actions: ['allocate', 'reclaim'], tiers: tiers() },
      nodes: [{ name: 'n0', resources: { gpu: 1 } }],
      queues: [
        { name: 'top', resources: { gpu: { quota: 1 } } },
        { name: 'a', parent: 'top', reclaimMinRuntime: '1m', resources: { gpu: { quota: 0 } } },
        { name: 'b', parent: 'top', resources: { gpu: { quota: 1 } } },
      ],
      jobs: [
        { name: 'v', queue: 'a', resources: { gpu: 1 }, tasks: [{ status: 'Running', node: 'n0' }] },
        { name: 'r', queue: 'b', resources: { gpu: 1 } },
      ],
      run: { sessions: 1 },
    });
    const attempt = sim.snapshot(1).trace.attempts.find((a) => a.action === 'reclaim');
    const verdict = attempt?.victims[0]?.verdicts.find((v) => v.plugin === 'minruntime');
    expect(verdict?.message).toContain('the code protects every job');
    expect(verdict?.profileDetail).toMatchObject({
      profile: 'kai',
      resolution: { method: 'lca', lca: 'top', stepDown: 'a', source: 'a' },
    });
  });
});
