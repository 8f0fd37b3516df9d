/** compareRuns: the first session where two variants' committed decisions differ, in words and data. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyVariant,
  compareSimulations,
  describeDivergence,
  findVariant,
  formatIssue,
  parseScenario,
  runMetrics,
  runScenario,
  summaryDelta,
} from '../../index';

/*
 * The gallery's LCA half (src/scenarios/compare-lca.yaml): two victims in leaf1 started at -5s, a
 * reclaimer in leaf3, one session every 10 s. Under `lca` the LCA is b (2m): the victims are protected
 * until 1m55s, and the reclaim happens in session 13 (t=2m). Under `queue` the walk starts at leaf1 (0s):
 * nothing protects them, so reclaim evicts victim2 (the newer) and pipelines the reclaimer in session 1.
 */
const TEXT = `${readFileSync(new URL('../../../scenarios/compare-lca.yaml', import.meta.url), 'utf8')}variants:
  - name: queue
    plugins: {minruntime: {reclaimResolveMethod: queue}}
`;

function runs() {
  const r = parseScenario(TEXT);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  const a = runScenario(applyVariant(r.scenario, null));
  const b = runScenario(applyVariant(r.scenario, findVariant(r.scenario, 'queue')));
  return { a, b };
}

describe('compareRuns', () => {
  it('finds session 1: evicted under queue, protected under lca', () => {
    const { a, b } = runs();
    const c = compareSimulations(a, b);
    expect(c.firstDivergence?.session).toBe(1);
    expect(c.firstDivergence?.onlyA).toEqual([]);
    expect(c.firstDivergence?.onlyB).toEqual([
      { action: 'reclaim', kind: 'evict', task: 'victim2-0', job: 'victim2', node: 'node0', by: 'reclaimer' },
      { action: 'reclaim', kind: 'pipeline', task: 'reclaimer-0', job: 'reclaimer', node: 'node0', by: null },
    ]);
    expect(describeDivergence(c)).toBe(
      'first divergence: session 1, victim2 evicted in B, protected in A; reclaimer pipelined on node0 in B, not in A',
    );
    // Later: B binds the reclaimer in session 2; A evicts at session 13 and binds at 14.
    expect(c.diffs.map((d) => d.session)).toEqual([1, 2, 13, 14]);
  });

  it('the same run twice does not diverge', () => {
    const { a } = runs();
    const again = runs().a;
    const c = compareSimulations(a, again);
    expect(c.firstDivergence).toBeNull();
    expect(describeDivergence(c)).toBe('no divergence: both runs commit the same decisions in every session');
  });

  it('summary deltas are B − A', () => {
    const { a, b } = runs();
    const ma = runMetrics(a).summary;
    const mb = runMetrics(b).summary;
    const d = summaryDelta(ma, mb);
    // One eviction each, at different times: victim2 had run 5 s in B (t=0 − (−5s)) and 2m5s in A.
    expect([ma.gpuMsLost, mb.gpuMsLost]).toEqual([125_000, 5_000]);
    expect(d.gpuMsLost).toBe(-120_000);
    expect(d.evictions).toBe(0);
  });
});
