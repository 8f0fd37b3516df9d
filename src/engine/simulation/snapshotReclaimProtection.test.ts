/**
 * Reclaim protection in the snapshot is the plugin's own, per waiting reclaimer queue: under `lca` it depends
 * on who reclaims (upstream `getReclaimMinRuntime`), so the snapshot never reduces it to one queue-method
 * figure; and it agrees with what the reclaim action recorded for the same session.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../index';
import type { JobState, SessionSnapshot } from '../model/snapshot';
import { protectionDetailOf } from '../framework/verdictDetails';
import { ReclaimerIndex } from '../profiles/kai/plugins/minruntime/reclaimerGroups';
import type { QueueNode } from '../profiles/kai/plugins/minruntime/resolver';
import { run } from '../testing/scenarioTest';
import { protectionsOf } from '../model/protection';

const ROOT = join(__dirname, '..', '..', '..');

function runFile(path: string) {
  const parsed = parseScenario(readFileSync(join(ROOT, path), 'utf8'), { fileName: path });
  if (!parsed.ok) throw new Error(`${path} does not parse`);
  return runScenario(parsed.scenario);
}

const jobOf = (s: SessionSnapshot, name: string): JobState => {
  const job = s.jobs.find((j) => j.name === name);
  if (job === undefined) throw new Error(`no job ${name} in session ${s.index}`);
  return job;
};

/** The design doc's tree (SD-LCA*), plus a second top-level tree `x` → `x1`. */
const designTree = [
  { name: 'a', resources: { gpu: { quota: 4, limit: -1, overQuotaWeight: 1 } } },
  { name: 'b', parent: 'a', reclaimMinRuntime: '600s', resources: { gpu: { quota: 4 } } },
  { name: 'c', parent: 'b', resources: { gpu: { quota: 2 } } },
  { name: 'leaf1', parent: 'c', reclaimMinRuntime: '0s', resources: { gpu: { quota: 1 } } },
  { name: 'leaf2', parent: 'c', reclaimMinRuntime: '180s', resources: { gpu: { quota: 1 } } },
  { name: 'd', parent: 'b', reclaimMinRuntime: '60s', resources: { gpu: { quota: 2 } } },
  { name: 'leaf3', parent: 'd', resources: { gpu: { quota: 2 } } },
  { name: 'x', resources: { gpu: { quota: 0 } } },
  { name: 'x1', parent: 'x', resources: { gpu: { quota: 0 } } },
];

/** A 1-GPU victim in leaf1 that started 30 s ago fills the node; reclaimers wait in `waiting` queues. */
function victimInLeaf1(waiting: string[], method: 'lca' | 'queue') {
  return run({
    scheduler: {
      actions: ['allocate'],
      tiers: [
        {
          plugins: [
            { name: 'predicates' },
            { name: 'proportion' },
            { name: 'priority' },
            { name: 'minruntime', arguments: { reclaimResolveMethod: method } },
          ],
        },
      ],
    },
    nodes: [{ name: 'n', resources: { gpu: 1 } }],
    queues: designTree,
    jobs: [
      {
        name: 'victim',
        queue: 'leaf1',
        startedAt: '-30s',
        resources: { gpu: 1 },
        tasks: [{ status: 'Running', node: 'n' }],
      },
      ...waiting.map((q) => ({ name: `wants-${q}`, queue: q, resources: { gpu: 1 }, tasks: 1 })),
    ],
    run: { sessions: 1 },
  }).snapshot(1);
}

describe('reclaim protection in the snapshot', () => {
  it('under lca is resolved for each waiting reclaimer queue, nearest common ancestor first', () => {
    const victim = jobOf(victimInLeaf1(['leaf2', 'leaf3', 'x1'], 'lca'), 'victim');
    const p = protectionsOf(victim).reclaimProtection!;
    expect(p.method).toBe('lca');
    expect(p.anyReclaimer).toBeNull();
    expect(
      p.byReclaimer.map((r) => ({
        from: r.reclaimerQueues,
        ms: r.resolution.durationMs,
        source: r.resolution.source,
        lca: r.resolution.lca,
        stepDown: r.resolution.stepDown,
        until: r.protectedUntilMs,
        isProtected: r.isProtected,
      })),
    ).toEqual([
      // Same parent c: the walk starts at leaf1 itself, whose 0s wins.
      {
        from: ['leaf2'],
        ms: 0,
        source: 'leaf1',
        lca: 'c',
        stepDown: 'leaf1',
        until: -30_000,
        isProtected: false,
      },
      // LCA b, one step down to c (unset), walk up: b's 600s.
      {
        from: ['leaf3'],
        ms: 600_000,
        source: 'b',
        lca: 'b',
        stepDown: 'c',
        until: 570_000,
        isProtected: true,
      },
      // Another tree: only the victim's top-level queue a (unset): the plugin default, 0s.
      {
        from: ['x1'],
        ms: 0,
        source: 'default',
        lca: null,
        stepDown: 'a',
        until: -30_000,
        isProtected: false,
      },
    ]);
    // Protected: there is a waiting reclaimer it is kept from.
    expect(p.isProtected).toBe(true);
  });

  it('under queue is one figure for any reclaimer, the walk up from the victim', () => {
    const victim = jobOf(victimInLeaf1(['leaf2', 'leaf3', 'x1'], 'queue'), 'victim');
    const p = protectionsOf(victim).reclaimProtection!;
    expect(p.method).toBe('queue');
    expect(p.anyReclaimer?.resolution).toMatchObject({
      durationMs: 0,
      source: 'leaf1',
      preemptorQueue: null,
    });
    expect(p.byReclaimer).toHaveLength(1);
    expect(p.byReclaimer[0]?.reclaimerQueues).toEqual(['leaf2', 'leaf3', 'x1']);
    expect(p.isProtected).toBe(false);
  });

  it('under lca with nobody waiting has no figure and protects from no one', () => {
    const victim = jobOf(victimInLeaf1([], 'lca'), 'victim');
    expect(protectionsOf(victim).reclaimProtection).toEqual({
      method: 'lca',
      anyReclaimer: null,
      byReclaimer: [],
      isProtected: false,
    });
  });

  it('a job in the victim’s own queue is not a reclaimer of it', () => {
    const victim = jobOf(victimInLeaf1(['leaf1'], 'lca'), 'victim');
    expect(protectionsOf(victim).reclaimProtection?.byReclaimer).toEqual([]);
  });

  it('Compare · LCA session 1: the victims are protected from leaf3 for 2m from b, as the reclaim attempt says', () => {
    const s = runFile('src/scenarios/compare-lca.yaml').snapshot(1);
    for (const name of ['victim1', 'victim2']) {
      const p = protectionsOf(jobOf(s, name)).reclaimProtection!;
      expect(p.isProtected).toBe(true);
      expect(p.byReclaimer).toHaveLength(1);
      expect(p.byReclaimer[0]).toMatchObject({
        reclaimerQueues: ['leaf3'],
        reclaimerQueueCount: 1,
        protectedUntilMs: 115_000,
        isProtected: true,
        resolution: { durationMs: 120_000, source: 'b', lca: 'b', stepDown: 'c', method: 'lca' },
      });
    }
  });

  it('Compare · queue session 1: no protection (leaf1 has 0s), and the reclaim happens', () => {
    const s = runFile('src/scenarios/compare-queue.yaml').snapshot(1);
    expect(s.decisions.some((d) => d.kind === 'evict')).toBe(true);
    const kept = s.jobs.filter((j) => protectionsOf(j).reclaimProtection?.isProtected === true);
    expect(kept).toEqual([]);
  });

  // Every minruntime verdict the reclaim action recorded for a victim still running at the end of the
  // session, with its reclaimer still waiting, matches the snapshot's entry for the reclaimer's queue.
  it.each([
    'src/scenarios/compare-lca.yaml',
    'src/scenarios/welcome-reclaim-waits.yaml',
    'src/scenarios/lca-1-cousin-subtree.yaml',
    'src/scenarios/lca-2-sibling-leaf.yaml',
    'src/scenarios/lca-3-inherited-from-ancestor.yaml',
    'conformance/kai/SD-LCA1-reclaim-lca-cousin-subtree.yaml',
    'conformance/kai/SD-LCA2-reclaim-lca-sibling-leaf.yaml',
    'conformance/kai/SD-LCA3-reclaim-lca-inherited-from-ancestor.yaml',
  ])('%s: the snapshot agrees with every recorded reclaim verdict', (path) => {
    const sim = runFile(path);
    let checked = 0;
    for (let i = 1; i <= sim.sessionCount(); i++) {
      const s = sim.snapshot(i);
      for (const attempt of s.trace.attempts) {
        if (attempt.action !== 'reclaim') continue;
        const reclaimer = jobOf(s, attempt.job);
        if (reclaimer.pending + reclaimer.pipelined === 0) continue;
        for (const victim of attempt.victims) {
          const verdict = victim.verdicts.find((v) => protectionDetailOf(v) !== null);
          const job = s.jobs.find((j) => j.name === victim.job);
          const detail = verdict === undefined ? null : protectionDetailOf(verdict);
          if (detail === null || job === undefined || job.running === 0) continue;
          const entry = protectionsOf(job).reclaimProtection?.byReclaimer.find(
            (r) =>
              r.resolution.lca === detail.resolution.lca &&
              r.resolution.stepDown === detail.resolution.stepDown,
          );
          expect(entry, `${path} session ${i}: ${victim.job} against ${attempt.queue}`).toBeDefined();
          expect(entry?.resolution.durationMs).toBe(detail.resolution.durationMs);
          expect(entry?.isProtected).toBe(detail.isProtected);
          if (detail.isProtected) expect(protectionsOf(job).reclaimProtection?.isProtected).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('run so far', () => {
  it('a job evicted by reclaim keeps the time it ran, and when it stopped', () => {
    const sim = runFile('src/scenarios/welcome-reclaim-waits.yaml');
    // Session 3 (t=20s): sweep-1, started at t=-45s, is reclaimed after 1m5s.
    const sweep1 = jobOf(sim.snapshot(3), 'sweep-1');
    expect(sweep1.releasing).toBe(1);
    expect(sweep1.progressMs).toBe(65_000);
    expect(sweep1.stoppedAtMs).toBe(20_000);
    expect(jobOf(sim.snapshot(3), 'sweep-2')).toMatchObject({ progressMs: 45_000, stoppedAtMs: null });
  });
});

describe('ReclaimerIndex', () => {
  it('groups 4,000 sibling reclaimer queues in one pass, naming the first few', () => {
    const queues = new Map<string, QueueNode>([
      ['root', { name: 'root', parent: null, preemptMinRuntimeMs: null, reclaimMinRuntimeMs: null }],
    ]);
    const waiting = new Set<string>();
    for (let i = 0; i < 4000; i++) {
      const name = `q${String(i).padStart(4, '0')}`;
      queues.set(name, { name, parent: 'root', preemptMinRuntimeMs: null, reclaimMinRuntimeMs: null });
      waiting.add(name);
    }
    const index = new ReclaimerIndex(queues, waiting);
    for (const victim of waiting) {
      const groups = index.groups(victim, 'lca');
      expect(groups).toHaveLength(1);
      expect(groups[0]?.count).toBe(3999);
      expect(groups[0]?.queues).toHaveLength(5);
      expect(groups[0]?.queues).not.toContain(victim);
    }
  });
});
