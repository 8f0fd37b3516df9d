/** The workshop requests' `seed` (issue 20): a run or compare re-seeds the workload and says which seed it used. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseScenario,
  reseedScenario,
  runMetrics,
  runScenario,
  applyVariant,
  findVariant,
} from '../engine/index';
import { smallWorkloadText } from '../engine/testing/smallWorkload';
import { ENGINE } from './engine';
import { workshopCompare, workshopRun } from './runWorkshop';

const engine = ENGINE.workshop;

const WORKLOAD = smallWorkloadText(['  - {name: seven, seed: 7}', '  - {name: slow, schedulePeriod: 2s}']);

function summaryWithSeed(variant: string, seed: number) {
  const parsed = parseScenario(WORKLOAD);
  if (!parsed.ok) throw new Error('does not parse');
  const s = applyVariant(parsed.scenario, findVariant(parsed.scenario, variant));
  return runMetrics(runScenario(reseedScenario(s, seed))).summary;
}

describe('workshop requests with a seed', () => {
  it('runs the variant re-seeded and reports the seed; without one, the scenario’s (or variant’s) seed', () => {
    const r = workshopRun(engine, WORKLOAD, 'slow', 41);
    if (!r.ok) throw new Error(r.errors.map((e) => e.text).join('\n'));
    expect(r.seed).toBe(41);
    expect(r.summary).toEqual(summaryWithSeed('slow', 41));
    expect(workshopRun(engine, WORKLOAD, 'base')).toMatchObject({ ok: true, seed: 40 });
    expect(workshopRun(engine, WORKLOAD, 'seven')).toMatchObject({ ok: true, seed: 7 });
    // The request's seed overrides the variant's: every side of a replicate uses the same seeds.
    expect(workshopRun(engine, WORKLOAD, 'seven', 3)).toMatchObject({ ok: true, seed: 3 });
  });

  it('compares both sides with the same seed', () => {
    const r = workshopCompare(engine, WORKLOAD, 'base', 'slow', 41);
    if (!r.ok) throw new Error(r.errors.map((e) => e.text).join('\n'));
    expect(r.a.metrics.summary).toEqual(summaryWithSeed('base', 41));
    expect(r.b.metrics.summary).toEqual(summaryWithSeed('slow', 41));
  });

  it('reports seed null without a workload, and refuses a seed out of range with its field', () => {
    const text = readFileSync(new URL('../scenarios/workshop-lca-or-queue.yaml', import.meta.url), 'utf8');
    expect(workshopRun(engine, text, 'base', 5)).toMatchObject({ ok: true, seed: null });
    for (const seed of [-1, 1.5, 2_147_483_648, Number.NaN]) {
      const bad = workshopRun(engine, WORKLOAD, 'base', seed);
      expect(bad.ok).toBe(false);
      expect(!bad.ok && bad.errors[0]?.path).toBe('seed');
    }
    const badCompare = workshopCompare(engine, WORKLOAD, 'base', 'slow', -3);
    expect(!badCompare.ok && badCompare.errors[0]?.text).toBe(
      'seed must be an integer 0..2147483647, got -3',
    );
  });
});
