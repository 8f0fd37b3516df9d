/**
 * Each built-in scenario's lesson, checked against the engine. When one fails, fix the scenario (or its
 * lesson text), not the expectation: the gallery promises exactly these events.
 */
import { describe, expect, it } from 'vitest';
import type { Simulation } from '../engine/api';
import { protectionDetailOf } from '../engine/framework/verdictDetails';
import {
  applyVariant,
  createSimulation,
  findVariant,
  formatIssue,
  parseScenario,
  runMetrics,
} from '../engine/index';
import type { SessionSnapshot } from '../engine/model/snapshot';
import type { Decision } from '../engine/model/trace';
import { BUILTIN_SCENARIOS, DEFAULT_SCENARIO_ID, findBuiltinScenario } from './builtinScenarios';
import { protectionsOf } from '../engine/model/protection';

function run(id: string, variant = 'base'): Simulation {
  const entry = findBuiltinScenario(id);
  if (entry === null) throw new Error(`no scenario ${id}`);
  const parsed = parseScenario(entry.text, { fileName: entry.fileName });
  if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
  const found = findVariant(parsed.scenario, variant);
  if (found === undefined) throw new Error(`no variant ${variant}`);
  const sim = createSimulation(found === null ? parsed.scenario : applyVariant(parsed.scenario, found));
  while (sim.step()) {
    if (sim.sessionCount() > 500) throw new Error('runaway scenario');
  }
  return sim;
}

const evictions = (s: SessionSnapshot): Decision[] => s.decisions.filter((d) => d.kind === 'evict');
const evictedTasks = (s: SessionSnapshot) => evictions(s).map((d) => d.task);
const pendingCode = (s: SessionSnapshot, job: string) =>
  s.trace.pending.find((p) => p.job === job)?.code ?? null;
const firstEvictionSession = (sim: Simulation) => sim.markers().find((m) => m.evictions > 0)?.index ?? null;

/** The minruntime verdict recorded for `victim` in the attempts of session `s`. */
function minRuntimeVerdicts(s: SessionSnapshot, victim: string) {
  return s.trace.attempts
    .flatMap((a) => [...a.verdicts, ...a.victims.filter((v) => v.job === victim).flatMap((v) => v.verdicts)])
    .filter((v) => v.plugin === 'minruntime' && protectionDetailOf(v) !== null);
}

function expectResolution(s: SessionSnapshot, victim: string, durationMs: number, source: string) {
  const verdict = minRuntimeVerdicts(s, victim)[0];
  expect(verdict, `a minruntime verdict about ${victim}`).toBeDefined();
  const detail = verdict === undefined ? null : protectionDetailOf(verdict);
  expect(detail?.resolution.durationMs).toBe(durationMs);
  expect(detail?.resolution.source).toBe(source);
}

describe('built-in scenarios', () => {
  it('all parse without warnings and have unique ids', () => {
    expect(new Set(BUILTIN_SCENARIOS.map((s) => s.id)).size).toBe(BUILTIN_SCENARIOS.length);
    for (const entry of BUILTIN_SCENARIOS) {
      const parsed = parseScenario(entry.text, { fileName: entry.fileName });
      expect(parsed.ok ? parsed.warnings.map(formatIssue) : parsed.errors.map(formatIssue), entry.id).toEqual(
        [],
      );
    }
  });

  it('default: a reclaim is held back by min-runtime, then happens in session 3', () => {
    expect(DEFAULT_SCENARIO_ID).toBe('welcome');
    const sim = run('welcome');
    const s1 = sim.snapshot(1);
    expect(evictions(s1)).toEqual([]);
    expect(pendingCode(s1, 'train-b')).toBe('victims-protected');
    const sweep1 = s1.jobs.find((j) => j.name === 'sweep-1')!;
    expect(protectionsOf(sweep1).reclaimProtection?.isProtected).toBe(true);
    // Welcome uses the lca method: protected from product (the waiting train-b), LCA org → research.
    expect(protectionsOf(sweep1).reclaimProtection?.byReclaimer[0]).toMatchObject({
      reclaimerQueues: ['product'],
      protectedUntilMs: 15_000,
      resolution: { method: 'lca', lca: 'org', stepDown: 'research' },
    });
    expect(evictions(sim.snapshot(2))).toEqual([]);
    const s3 = sim.snapshot(3);
    expect(firstEvictionSession(sim)).toBe(3);
    expect(evictions(s3)).toMatchObject([{ task: 'sweep-1-0', by: 'train-b', action: 'reclaim' }]);
    expect(s3.decisions.filter((d) => d.kind === 'pipeline').map((d) => d.task)).toEqual([
      'train-b-0',
      'train-b-1',
    ]);
    expectResolution(s3, 'sweep-1', 60_000, 'research');
    expect(
      sim
        .snapshot(4)
        .tasks.filter((t) => t.job === 'train-b')
        .map((t) => t.status),
    ).toEqual(['Running', 'Running']);
  });

  it.each([
    ['lca-1', 60_000, 'd'],
    ['lca-2', 180_000, 'leaf2'],
    ['lca-3', 600_000, 'b'],
  ])('%s: protected in session 1, reclaimed in session 2 with %i ms from %s', (id, durationMs, source) => {
    const sim = run(id);
    expect(evictions(sim.snapshot(1))).toEqual([]);
    expect(pendingCode(sim.snapshot(1), 'reclaimer')).toBe('victims-protected');
    expectResolution(sim.snapshot(1), 'victim2', durationMs, source);
    expect(evictedTasks(sim.snapshot(2))).toEqual(['victim2-0']);
    expect(evictions(sim.snapshot(2))[0]).toMatchObject({ action: 'reclaim', by: 'reclaimer' });
  });

  it.each([
    ['preempt-1', 300_000, 'leaf1'],
    ['preempt-2', 600_000, 'b'],
  ])('%s: protected in session 1, preempted in session 2 with %i ms from %s', (id, durationMs, source) => {
    const sim = run(id);
    expect(evictions(sim.snapshot(1))).toEqual([]);
    expect(pendingCode(sim.snapshot(1), 'preemptor')).toBe('victims-protected');
    expectResolution(sim.snapshot(1), 'victim', durationMs, source);
    expect(evictions(sim.snapshot(2))).toMatchObject([
      { task: 'victim-0', action: 'preempt', by: 'preemptor' },
    ]);
  });

  it('elastic: surplus pods go at once, the minAvailable core only after protection ends', () => {
    const sim = run('elastic');
    expect(evictedTasks(sim.snapshot(1)).sort()).toEqual(['explore-2', 'explore-3']);
    expect(
      protectionsOf(sim.snapshot(1).jobs.find((j) => j.name === 'explore')!).reclaimProtection?.isProtected,
    ).toBe(true);
    for (let i = 3; i <= 6; i++) {
      expect(evictions(sim.snapshot(i)), `session ${i}`).toEqual([]);
      expect(pendingCode(sim.snapshot(i), 'batch'), `session ${i}`).toBe('victims-protected');
    }
    expect(sim.snapshot(7).timeMs).toBe(60_000);
    expect(evictedTasks(sim.snapshot(7)).sort()).toEqual(['explore-0', 'explore-1']);
    expect(evictions(sim.snapshot(7)).every((d) => d.by === 'batch')).toBe(true);
  });

  it('compare pair: the LCA method protects for 2m (b), the queue method not at all (leaf1)', () => {
    const lca = run('compare-lca');
    const queue = run('compare-queue');
    expect(firstEvictionSession(queue)).toBe(1);
    expectResolution(queue.snapshot(1), 'victim2', 0, 'leaf1');
    expect(firstEvictionSession(lca)).toBe(13);
    expect(lca.snapshot(13).timeMs).toBe(120_000);
    expectResolution(lca.snapshot(1), 'victim2', 120_000, 'b');
    expect(pendingCode(lca.snapshot(12), 'reclaimer')).toBe('victims-protected');
  });

  it('thrash pair: without min-runtime train is preempted four times; with it, never, and it completes at 90s', () => {
    const off = run('thrash-off');
    const offEvictions = off.markers().filter((m) => m.evictions > 0);
    expect(offEvictions.map((m) => m.timeMs)).toEqual([30_000, 70_000, 110_000, 150_000]);
    const offDone = off
      .markers()
      .find(
        (m) =>
          m.completions > 0 &&
          off.snapshot(m.index).decisions.some((d) => d.kind === 'complete' && d.job === 'train'),
      );
    expect(offDone?.timeMs).toBe(270_000);

    const on = run('thrash-on');
    expect(on.markers().every((m) => m.evictions === 0)).toBe(true);
    const s4 = on.snapshot(4);
    expect(s4.timeMs).toBe(30_000);
    expect(pendingCode(s4, 'burst-1')).toBe('victims-protected');
    const trainDone = on
      .markers()
      .find((m) => on.snapshot(m.index).decisions.some((d) => d.kind === 'complete' && d.job === 'train'));
    expect(trainDone?.timeMs).toBe(90_000);
  });

  it('time-aware: with usage history the queues take turns; its variant without-usage lets team-a keep the cluster', () => {
    /** The queue of the job bound in each session that bound one, in order. */
    const turns = (sim: Simulation): string[] =>
      sim
        .markers()
        .filter((m) => m.binds > 0)
        .map((m) => {
          const bind = sim.snapshot(m.index).decisions.find((d) => d.kind === 'bind');
          return `${m.timeMs / 1000}s:${bind?.job ?? '?'}`;
        });
    const on = run('time-aware');
    expect(turns(on)).toEqual([
      '0s:a-1',
      '60s:b-1',
      '120s:a-2',
      '180s:b-2',
      '240s:a-3',
      '300s:b-3',
      '360s:a-4',
      '420s:b-4',
    ]);
    expect(on.markers().every((m) => m.evictions === 0)).toBe(true);
    // t=60s: team-a held the whole cluster (usage 1), team-b nothing; w = 0.5 each, kValue 0.5:
    // 0.5 + 0.5·(0.5 − 1) = 0.25 and 0.5 + 0.5·(0.5 − 0) = 0.75 of 16 GPUs → fair shares 4 and 12 (8 each without).
    const s7 = on.snapshot(7);
    const a = s7.queues.find((q) => q.name === 'team-a')?.timeAware;
    const b = s7.queues.find((q) => q.name === 'team-b')?.timeAware;
    expect(a?.usage.gpu).toBeCloseTo(1, 12);
    expect(b?.usage.gpu).toBe(0);
    expect(a?.adjustedWeight.gpu).toBeCloseTo(0.25, 12);
    expect(b?.adjustedWeight.gpu).toBeCloseTo(0.75, 12);
    expect(a?.fairShareWithoutUsage.gpu).toBe(8);
    expect(s7.queues.map((q) => q.fairShare.gpu)).toEqual([4, 12]);

    // kValue 0 (KAI reads ≤ 0 as 0): w + 0·(w − usage) = w, the plain OQW shares, 8 / 8 in every session.
    const off = run('time-aware', 'without-usage');
    expect(turns(off)).toEqual([
      '0s:a-1',
      '60s:a-2',
      '120s:a-3',
      '180s:a-4',
      '240s:b-1',
      '300s:b-2',
      '360s:b-3',
      '420s:b-4',
    ]);
    expect(off.snapshot(7).queues.every((q) => q.fairShare.gpu === 8)).toBe(true);
    expect(off.snapshot(7).queues.every((q) => q.timeAware?.adjustedWeight.gpu === 0.5)).toBe(true);
  });

  it('time-aware: the alternation read from the metrics over time, for both variants', () => {
    /** Which queue holds the 16 GPUs at the start of each minute (session 1, 7, 13, …), from the metrics. */
    const holders = (variant: string): string[] => {
      const m = runMetrics(run('time-aware', variant));
      const out: string[] = [];
      for (let minute = 0; minute < 8; minute++) {
        const s = m.sessions.find((x) => x.timeMs === minute * 60_000);
        out.push(s?.queues.find((q) => q.allocatedGpu === 16)?.queue ?? 'none');
      }
      return out;
    };
    const alternating = ['team-a', 'team-b', 'team-a', 'team-b', 'team-a', 'team-b', 'team-a', 'team-b'];
    expect(holders('base')).toEqual(alternating);
    expect(holders('without-usage')).toEqual([
      'team-a',
      'team-a',
      'team-a',
      'team-a',
      'team-b',
      'team-b',
      'team-b',
      'team-b',
    ]);
  });
});
