/**
 * A Workshop run records only what the metrics read (`createSimulation(s, { record: 'metrics' })`): no trace,
 * no keyframes, no protection marks. Its metrics, decisions and comparison must be byte-identical to those
 * of a normal run, on every built-in scenario (KAI, Volcano, kube-batch, time-aware usage, runs that stop
 * once settled) and on a benchmark churn.
 */
import { describe, expect, it } from 'vitest';
import { churn } from '../../../../scripts/benchWorkloads';
import { BUILTIN_SCENARIOS } from '../../../scenarios/builtinScenarios';
import {
  applyVariant,
  compareSimulations,
  createSimulation,
  describeDivergence,
  formatIssue,
  parseScenario,
  runMetrics,
  sessionDecisions,
} from '../../index';
import type { Scenario } from '../../model/scenario';
import type { VariantSpec } from '../../model/variant';
import { sameAsJson } from '../Simulator';

function runBoth(s: Scenario) {
  const full = createSimulation(s);
  const lean = createSimulation(s, { record: 'metrics' });
  while (full.step()) {
    /* to the end */
  }
  while (lean.step()) {
    /* to the end */
  }
  return { full, lean };
}

describe('a metrics-only run gives the metrics of a normal run, byte for byte', () => {
  for (const entry of BUILTIN_SCENARIOS) {
    it(entry.id, () => {
      const parsed = parseScenario(entry.text, { fileName: entry.fileName });
      if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
      // Each variant's pair of runs is made once and read by both checks below (the engine is deterministic:
      // a second run of the same scenario only repeated the first).
      const variantRuns = new Map<VariantSpec, ReturnType<typeof runBoth>>();
      for (const variant of [null, ...parsed.scenario.variants]) {
        const { full, lean } = runBoth(applyVariant(parsed.scenario, variant));
        if (variant !== null) variantRuns.set(variant, { full, lean });
        expect(lean.sessionCount()).toBe(full.sessionCount());
        expect(JSON.stringify(runMetrics(lean))).toBe(JSON.stringify(runMetrics(full)));
        expect(JSON.stringify(sessionDecisions(lean))).toBe(JSON.stringify(sessionDecisions(full)));
        expect(JSON.stringify(compareSimulations(lean, full).firstDivergence)).toBe('null');
      }
      // The comparison of the base with each variant, sentence included ("protected in A" reads the trace).
      const base = runBoth(parsed.scenario);
      for (const variant of parsed.scenario.variants) {
        const other = variantRuns.get(variant) ?? runBoth(applyVariant(parsed.scenario, variant));
        const lean = compareSimulations(base.lean, other.lean);
        const full = compareSimulations(base.full, other.full);
        expect(JSON.stringify(lean)).toBe(JSON.stringify(full));
        expect(describeDivergence(lean)).toBe(describeDivergence(full));
      }
    });
  }

  it('a 40-session churn of the benchmark (evictions, completions, waits)', () => {
    const { full, lean } = runBoth(churn(40));
    const metrics = runMetrics(full);
    expect(metrics.summary.evictions).toBeGreaterThan(0);
    expect(JSON.stringify(runMetrics(lean))).toBe(JSON.stringify(metrics));
  }, 60_000);

  it('has no snapshots to give', () => {
    // Only the lean run is read here: the normal run beside it was never looked at.
    const lean = createSimulation(churn(3), { record: 'metrics' });
    while (lean.step()) {
      /* to the end */
    }
    expect(() => lean.snapshot(1)).toThrow(/metrics only/);
  }, 30_000);
});

describe('sameAsJson is JSON.stringify equality without the strings', () => {
  const cases: [unknown, unknown][] = [
    [
      { a: 1, b: { c: [1, 2] } },
      { a: 1, b: { c: [1, 2] } },
    ],
    [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ],
    [{ a: Number.NaN }, { a: Number.POSITIVE_INFINITY }],
    [{ a: -0 }, { a: 0 }],
    [{ a: undefined, b: 1 }, { b: 1 }],
    [{ a: null }, { a: 0 }],
    [
      [1, 2],
      [1, 2, 3],
    ],
    [{ a: '1' }, { a: 1 }],
    [{ gpu: 0.1 + 0.2 }, { gpu: 0.3 }],
    [new Map([[1, 2]]), {}],
  ];
  for (const [a, b] of cases) {
    it(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`, () => {
      expect(sameAsJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      expect(sameAsJson(b, a)).toBe(JSON.stringify(b) === JSON.stringify(a));
    });
  }
});
