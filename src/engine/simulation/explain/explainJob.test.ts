/**
 * explainJob on small hand-written scenarios, one per blocker kind: the blocker's numbers, the eviction
 * story, and suggestions that hold when the change is applied and the engine re-run here.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, formatIssue, parseScenario } from '../../index';
import type { Scenario } from '../../model/scenario';
import { applyScenarioChange, ScenarioChangeError } from './applyScenarioChange';
import { explainJob } from './explainJob';
import type { ChangeSuggestion, JobExplanation } from './types';

function scenario(text: string): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(p.errors.map(formatIssue).join('\n'));
  return p.scenario;
}

function explained(s: Scenario, job: string, session?: number): JobExplanation {
  const r = explainJob(s, job, session === undefined ? {} : { session });
  if (!r.ok) throw new Error(r.error);
  return r.explanation;
}

/** Applies the suggestion and runs to the promised session: the job binds or pipelines there. */
function startsAsPromised(s: Scenario, job: string, suggestion: ChangeSuggestion): boolean {
  const changed = applyScenarioChange(s, suggestion.change);
  const n = suggestion.startsAtSession;
  const sim = createSimulation({
    ...changed,
    run: { sessions: n, untilMs: null, maxSessions: n, untilSettled: false },
  });
  while (sim.step()) {
    /* to session n */
  }
  const snap = sim.snapshot(n);
  return (
    snap.timeMs === suggestion.startsAtTime &&
    snap.decisions.some((d) => d.job === job && (d.kind === 'bind' || d.kind === 'pipeline'))
  );
}

const KAI_HEAD = `version: 1
profile: kai
scheduler: { schedulePeriod: 10s }
`;

/** `old` in queue a (quota 0) holds the node; `new` in its sibling b (quota 2) reclaims it. */
function reclaimScenario(o: { minRuntime: string; startedAt: string; run: string }): Scenario {
  return scenario(`${KAI_HEAD}nodes: [{ name: n, resources: { gpu: 2 } }]
queues:
  - { name: org, resources: { gpu: { quota: 2 } } }
  - { name: a, parent: org, reclaimMinRuntime: ${o.minRuntime}, resources: { gpu: { quota: 0 } } }
  - { name: b, parent: org, resources: { gpu: { quota: 2 } } }
jobs:
  - { name: old, queue: a, startedAt: ${o.startedAt}, resources: { gpu: 2 }, tasks: [{ status: Running, node: n }] }
  - { name: new, queue: b, resources: { gpu: 2 } }
run: ${o.run}
`);
}

describe('explainJob: pending blockers (KAI)', () => {
  it('over-limit: tells the limit and allocation, and raising the limit is proven', () => {
    const s = scenario(`${KAI_HEAD}nodes: [{ name: n, count: 2, resources: { gpu: 8 } }]
queues:
  - { name: team-a, resources: { gpu: { quota: 4, limit: 8 } } }
jobs:
  - { name: big, queue: team-a, resources: { gpu: 8 }, tasks: [{ status: Running, node: n-0 }] }
  - { name: more, queue: team-a, resources: { gpu: 4 } }
run: { sessions: 3 }
`);
    const e = explained(s, 'more');
    expect(e.state).toBe('pending');
    expect(e.blocker?.code).toBe('over-limit');
    expect(e.headline).toContain('queue team-a gpu limit 8, allocated 8, the job needs 4 more');
    const raise = e.suggestions.find((x) => x.change.kind === 'set-queue-resource');
    expect(raise?.change).toMatchObject({ queue: 'team-a', resource: 'gpu', field: 'limit', value: 12 });
    expect(raise?.startsAtSession).toBe(2);
    for (const x of e.suggestions) expect(startsAsPromised(s, 'more', x)).toBe(true);
  });

  it('no node fits: needs N on one node, the largest idle block, and one node of that size', () => {
    const s = scenario(`${KAI_HEAD}nodes: [{ name: n, count: 2, resources: { gpu: 8 } }]
queues: [{ name: q }]
jobs:
  # Non-preemptible (KAI priority ≥ 100): consolidation may not move them to make room.
  - { name: a, queue: q, priorityClassName: build, resources: { gpu: 4 }, tasks: [{ status: Running, node: n-0 }] }
  - { name: b, queue: q, priorityClassName: build, resources: { gpu: 4 }, tasks: [{ status: Running, node: n-1 }] }
  - { name: wide, queue: q, resources: { gpu: 8 } }
run: { sessions: 2 }
`);
    const e = explained(s, 'wide');
    expect(e.blocker?.code).toBe('no-capacity');
    expect(e.headline).toContain('needs gpu 8 on one node; largest idle block gpu 4 on n-0');
    const node = e.suggestions.find((x) => x.change.kind === 'add-node');
    expect(node?.change).toMatchObject({ node: { resources: { gpu: 8 } }, atMs: 10_000 });
    expect(e.suggestions.length).toBeGreaterThan(0);
    for (const x of e.suggestions) expect(startsAsPromised(s, 'wide', x)).toBe(true);
  });

  it('gang minimum: counts the tasks still to place', () => {
    const s = scenario(`${KAI_HEAD}nodes: [{ name: n, resources: { gpu: 4 } }]
queues: [{ name: q }]
jobs:
  - { name: hold, queue: q, resources: { gpu: 2 }, tasks: [{ status: Running, node: n }] }
  - { name: gang, queue: q, minAvailable: 4, resources: { gpu: 1 }, tasks: 4 }
run: { sessions: 2 }
`);
    const e = explained(s, 'gang');
    expect(e.headline).toContain(
      'gang minimum 4, 4 tasks of gpu 1 still to place; largest idle block gpu 2 on n',
    );
    const node = e.suggestions.find((x) => x.change.kind === 'add-node');
    // One task's node is not enough for a gang of 4 with 2 idle GPUs; the 4-GPU node is.
    expect(node?.change).toMatchObject({ node: { resources: { gpu: 4 } } });
    for (const x of e.suggestions) expect(startsAsPromised(s, 'gang', x)).toBe(true);
  });

  it('victims protected by min-runtime: until when, wait-until and a shorter min-runtime', () => {
    const s = reclaimScenario({ minRuntime: '1m', startedAt: '-20s', run: '{ until: 2m }' });
    const e = explained(s, 'new');
    expect(e.blocker?.code).toBe('victims-protected');
    expect(e.headline).toContain('the first protection ends at t=40s (old, 1m0s reclaim min-runtime from a)');
    const wait = e.suggestions[0];
    expect(wait?.change).toEqual({ kind: 'wait-until', time: 40_000 });
    expect(wait?.startsAtSession).toBe(5);
    const shorter = e.suggestions.find((x) => x.change.kind === 'set-min-runtime');
    expect(shorter?.change).toMatchObject({
      queue: 'a',
      field: 'reclaimMinRuntime',
      value: '30s',
      atMs: 10_000,
    });
    for (const x of e.suggestions) expect(startsAsPromised(s, 'new', x)).toBe(true);
  });
});

describe('explainJob: evicted and pipelined (KAI)', () => {
  const s = reclaimScenario({ minRuntime: '10s', startedAt: '-30s', run: '{ sessions: 3 }' });

  it('evicted: who, which action, the LCA walk, and the min-runtime that would have protected it (proven)', () => {
    const e = explained(s, 'old');
    expect(e.state).toBe('evicted');
    expect(e.eviction).toMatchObject({
      session: 1,
      action: 'reclaim',
      by: 'new',
      byQueue: 'b',
      minRuntime: { applied: 10_000, source: 'a', method: 'lca', lca: 'org', path: ['a'] },
    });
    expect(e.eviction?.wouldHaveProtected).toContain('reclaimMinRuntime of at least 31s on queue a');
    expect(e.eviction?.wouldHaveProtected).toContain('is not evicted at session 1');
    // The claim, re-checked here.
    const changed = applyScenarioChange(s, {
      kind: 'set-min-runtime',
      queue: 'a',
      field: 'reclaimMinRuntime',
      value: '31s',
    });
    const sim = createSimulation(changed);
    sim.step();
    expect(sim.snapshot(1).decisions.filter((d) => d.kind === 'evict')).toEqual([]);
  });

  it('pipelined: the eviction that made room for it, and when it binds', () => {
    const e = explained(s, 'new');
    expect(e.state).toBe('pipelined');
    expect(e.eviction).toMatchObject({ by: 'new', action: 'reclaim' });
    expect(e.headline).toContain('it binds at session 2 (t=10s)');
    expect(e.suggestions).toEqual([]);
  });

  it('running, not submitted, unknown job, session past the end', () => {
    expect(explained(s, 'new', 3).state).toBe('running');
    const later = applyScenarioChange(s, { kind: 'delete-job', job: 'new' });
    expect(explainJob(later, 'new')).toEqual({
      ok: false,
      error: 'job "new" does not exist in the scenario (jobs: old)',
    });
    expect(explainJob(s, 'nobody').ok).toBe(false);
    expect(explainJob(s, 'old', { session: 9 })).toEqual({
      ok: false,
      error: 'session 9 is past the end of the run (3 sessions)',
    });
  });
});

describe('explainJob: a running job with a terminating pod (KAI §23.4)', () => {
  const s = scenario(`${KAI_HEAD.replace('10s', '1m')}nodes: [{ name: n0, resources: { gpu: 2 } }]
queues: [{ name: q }]
jobs:
  - name: x
    queue: q
    resources: { gpu: 1 }
    tasks: [{ status: Running, node: n0, deletionTimestamp: -1m }, { status: Running, node: n0 }]
run: { sessions: 3 }
`);

  it('says which pod is terminating, what KAI counts it as, and what that blocks', () => {
    const first = explained(s, 'x', 1);
    expect(first.state).toBe('running');
    expect(first.headline).toBe(
      "x is running at session 1 (t=0s): 2 of 2 tasks running; 1 of them is terminating: x-0 (Releasing). n0's resources held by pod x-0, terminating for 1m0s (within KAI's 2m0s threshold), are counted as releasing: pending pods may be pipelined onto them. It is no victim for preempt, reclaim or consolidation and is left out of queue q's allocation, but holds its node until the deletion completes.",
    );
    // Past the 2m threshold the pod is StuckInReleasing: nothing may be pipelined onto its resources.
    const stuck = explained(s, 'x', 3).headline;
    expect(stuck).toContain('1 of them is terminating: x-0 (StuckInReleasing)');
    expect(stuck).toContain('are not counted as releasing: nothing is pipelined onto them');
  });
});

describe('explainJob: jobs not in the cluster at the session', () => {
  it('not submitted yet, and deleted', () => {
    const s = scenario(`${KAI_HEAD}nodes: [{ name: n, resources: { gpu: 2 } }]
queues: [{ name: q }]
jobs: [{ name: late, queue: q, submitAt: 30s, resources: { gpu: 1 } }, { name: gone, queue: q, resources: { gpu: 1 } }]
events: [{ at: 10s, deleteJob: gone }]
run: { sessions: 3 }
`);
    expect(explained(s, 'late', 1)).toMatchObject({
      state: 'not-submitted',
      headline: 'late is not submitted yet at session 1 (t=0s); it is submitted at t=30s.',
      suggestions: [],
    });
    expect(explained(s, 'gone', 2)).toMatchObject({
      state: 'not-submitted',
      headline: 'gone is no longer in the cluster at session 2 (t=10s): it was deleted.',
    });
  });
});

describe('explainJob: Volcano', () => {
  it('deserved share: proportion’s figures, and a larger queue weight (not a KAI quota) is proven', () => {
    const s = scenario(`version: 1
profile: volcano
nodes: [{ name: n, count: 2, resources: { gpu: 4 } }]
queues: [{ name: a, weight: 1 }, { name: b, weight: 1 }]
jobs:
  - { name: held, queue: a, resources: { gpu: 4 }, tasks: [{ status: Running, node: n-0 }] }
  - { name: wide, queue: b, resources: { gpu: 5 } }
  - { name: more, queue: a, resources: { gpu: 1 } }
run: { sessions: 3 }
`);
    const e = explained(s, 'more');
    expect(e.blocker?.code).toBe('fair-share');
    expect(e.headline).toContain('queue a is at its deserved share');
    expect(e.headline).toContain('queue a has gpu deserved share 4, allocated 4; the job needs 1');
    expect(e.suggestions.map((x) => x.change.kind)).not.toContain('set-queue-resource');
    const weight = e.suggestions.filter((x) => x.change.kind === 'set-queue-weight');
    // The smallest weight that works; the larger one of the ladder is not tried.
    expect(weight.map((x) => x.change)).toEqual([
      { kind: 'set-queue-weight', queue: 'a', value: 2, atMs: 1000 },
    ]);
    for (const x of e.suggestions) expect(startsAsPromised(s, 'more', x)).toBe(true);
  });
});

describe('applyScenarioChange', () => {
  const s = scenario(`${KAI_HEAD}nodes: [{ name: n, resources: { gpu: 2 } }]
queues: [{ name: q }]
jobs: [{ name: j, queue: q, resources: { gpu: 1 } }]
`);
  it('changes the scenario as written without atMs, adds an event with it, and leaves the input alone', () => {
    const a = applyScenarioChange(s, {
      kind: 'set-queue-resource',
      queue: 'q',
      resource: 'gpu',
      field: 'limit',
      value: 4,
    });
    expect(a.queues[0]?.resources.gpu.limit).toBe(4);
    expect(s.queues[0]?.resources.gpu.limit).toBe(-1);
    const b = applyScenarioChange(s, {
      kind: 'add-node',
      node: { name: 'x', resources: { gpu: 8 } },
      atMs: 5000,
    });
    expect(b.events.at(-1)).toMatchObject({ atMs: 5000, kind: 'addNode', node: { name: 'x' } });
    expect(applyScenarioChange(s, { kind: 'wait-until', time: 10 })).toBe(s);
    const c = applyScenarioChange(s, {
      kind: 'set-queue-bound',
      queue: 'q',
      field: 'capability',
      resource: 'gpu',
      value: 6,
      atMs: 2000,
    });
    expect(c.events.at(-1)).toMatchObject({
      atMs: 2000,
      kind: 'updateQueue',
      patch: { name: 'q', capability: { gpu: 6 } },
    });
  });
  it('refuses names the scenario does not have, saying which', () => {
    expect(() => applyScenarioChange(s, { kind: 'delete-job', job: 'zz' })).toThrow(ScenarioChangeError);
    expect(() =>
      applyScenarioChange(s, {
        kind: 'set-min-runtime',
        queue: 'q',
        field: 'reclaimMinRuntime',
        value: 'soon',
      }),
    ).toThrow(/reclaimMinRuntime/);
    expect(() => applyScenarioChange(s, { kind: 'add-node', node: { name: 'n', resources: {} } })).toThrow(
      'node "n" already exists',
    );
  });
});
