/**
 * Property tests for variants (§13): on generated valid scenarios with generated variants, the document
 * is accepted, `parse(serialise(s))` gives `s` back (variants included), and every variant applied to the
 * base is a scenario that runs (a few sessions) and serialises back to itself; the first variant of each
 * document is also run through every invariant of the property suite (generated bases include KAI
 * time-based fair share, and variants change its `kValue`).
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, formatIssue, parseScenario, serialiseScenario } from '../../index';
import { applyVariant } from '../../scenario/applyVariant';
import { buildScenarioDocument, fc, rawScenario } from '../arbitraries/scenarioDocument';
import { DEFAULT_CLASSES, at } from '../arbitraries/menus';
import { KAI_ACTIONS } from '../../profiles/kai/testing/arbitraries';
import { checkScenarioText } from '../property/checkScenario';

const rawVariant = fc.record({
  actions: fc.option(fc.array(fc.nat(4), { minLength: 1, maxLength: 5 }), { nil: null }),
  method: fc.option(fc.nat(2), { nil: null }),
  queuePick: fc.option(fc.nat(8), { nil: null }),
  reclaimMinRuntime: fc.option(fc.integer({ min: -5, max: 600 }), { nil: null }),
  quota: fc.option(fc.nat(4), { nil: null }),
  jobPick: fc.option(fc.nat(12), { nil: null }),
  classPick: fc.option(fc.nat(5), { nil: null }),
  priority: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
  runtime: fc.option(fc.option(fc.integer({ min: 1, max: 120 }), { nil: null }), { nil: undefined }),
  /** proportion's kValue (time-based fair share's penalty; ≤ 0 means 0), null = unchanged. */
  kValue: fc.option(fc.integer({ min: -1, max: 3 }), { nil: null }),
});

type RawVariant = typeof rawVariant extends fc.Arbitrary<infer T> ? T : never;

function variantDoc(raw: RawVariant, i: number, doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { name: `v${i}` };
  if (raw.actions !== null) out['actions'] = [...new Set(raw.actions.map((a) => at(KAI_ACTIONS, a)))];
  const scheduler = doc['scheduler'] as { tiers?: { plugins: { name: string }[] }[] } | undefined;
  const plugins = scheduler?.tiers?.[0]?.plugins.map((p) => p.name) ?? [
    'predicates',
    'proportion',
    'priority',
    'elastic',
    'nodeplacement',
    'minruntime',
  ];
  const pluginArgs: Record<string, unknown> = {};
  if (raw.method !== null && plugins.includes('minruntime'))
    pluginArgs['minruntime'] = { reclaimResolveMethod: at(['lca', 'queue', null], raw.method) };
  if (raw.kValue !== null && plugins.includes('proportion'))
    pluginArgs['proportion'] = { kValue: raw.kValue };
  if (Object.keys(pluginArgs).length > 0) out['plugins'] = pluginArgs;
  const queues = (doc['queues'] as { name: string }[]).map((q) => q.name);
  if (raw.queuePick !== null) {
    const q: Record<string, unknown> = { name: at(queues, raw.queuePick) };
    if (raw.reclaimMinRuntime !== null) q['reclaimMinRuntime'] = `${raw.reclaimMinRuntime}s`;
    if (raw.quota !== null) q['resources'] = { gpu: { quota: raw.quota } };
    out['queues'] = [q];
  }
  const jobs = ((doc['jobs'] as { name: string }[] | undefined) ?? []).map((j) => j.name);
  if (raw.jobPick !== null && jobs.length > 0) {
    const j: Record<string, unknown> = { name: at(jobs, raw.jobPick) };
    if (raw.classPick !== null) j['priorityClassName'] = at(DEFAULT_CLASSES, raw.classPick);
    if (raw.priority !== null) j['priority'] = raw.priority;
    if (raw.runtime !== undefined) j['runtime'] = raw.runtime === null ? null : `${raw.runtime}s`;
    out['jobs'] = [j];
  }
  return out;
}

// KAI bases (this file's variants use KAI's actions and classes; the property run covers the other profiles),
// valid ones: a late arrival listed Running is refused (decision 0112), checked by the property run.
const kaiDocument = rawScenario.map((raw) =>
  buildScenarioDocument({ ...raw, profile: 0, variants: [], keepLateRunning: false }),
);

const withVariants = fc
  .tuple(kaiDocument, fc.array(rawVariant, { minLength: 1, maxLength: 4 }))
  .map(([doc, variants]) => ({ ...doc, variants: variants.map((v, i) => variantDoc(v, i, doc)) }));

describe('variants (generated)', () => {
  it('are accepted, round-trip through serialise, and every variant runs', () => {
    fc.assert(
      fc.property(withVariants, (doc) => {
        const parsed = parseScenario(JSON.stringify(doc));
        if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
        const s = parsed.scenario;
        expect(s.variants).toHaveLength((doc.variants as unknown[]).length);
        const back = parseScenario(serialiseScenario(s));
        if (!back.ok) throw new Error(back.errors.map(formatIssue).join('\n'));
        expect(back.scenario).toEqual(s);
        for (const v of s.variants) {
          const applied = applyVariant(s, v);
          const again = parseScenario(serialiseScenario(applied));
          if (!again.ok) throw new Error(again.errors.map(formatIssue).join('\n'));
          expect(again.scenario).toEqual(applied);
          const sim = createSimulation({ ...applied, run: { ...applied.run, sessions: 3 } });
          while (sim.step()) {
            /* runs without throwing */
          }
          expect(sim.sessionCount()).toBe(3);
        }
        const first = s.variants[0];
        if (first !== undefined) {
          const applied = applyVariant(s, first);
          const check = checkScenarioText(
            serialiseScenario({ ...applied, run: { ...applied.run, sessions: 8 } }),
          );
          expect(check.violations).toEqual([]);
        }
      }),
      { numRuns: 60, seed: 20_261_124 },
    );
  }, 60_000);
});
