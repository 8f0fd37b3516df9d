/**
 * No `Infinity` or `NaN` in any output (issue 18): the metrics CSV wrote `Infinity` as the FairShare of a
 * Volcano queue with a guarantee of 1e308 GPUs (its fair share is raised to the guarantee, and rounding to 6
 * decimals multiplied 1e308 by 1e6). Extreme but valid inputs must give finite cells and JSON numbers.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, metricsCsv, parseScenario, runDocument, runMetrics, runScenario } from '../../index';
import type { Scenario } from '../../model/scenario';

function parse(lines: string[]): Scenario {
  const r = parseScenario(`${lines.join('\n')}\n`);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

const GUARANTEE = parse([
  'version: 1',
  'profile: volcano',
  'nodes: [{name: n0, resources: {gpu: 4}}]',
  'queues: [{name: a, guarantee: {gpu: 1e308}}, {name: b}]',
  'jobs: [{name: j, queue: a, resources: {gpu: 1}, tasks: 2}, {name: k, queue: b, resources: {gpu: 1}}]',
  'run: {sessions: 2}',
]);

const EXTREMES: Record<string, Scenario> = {
  'volcano guarantee 1e308': GUARANTEE,
  'volcano deserved, capability and weight 1e308': parse([
    'version: 1',
    'profile: volcano',
    'nodes: [{name: n0, resources: {gpu: 4}}, {name: free}]',
    'queues: [{name: a, deserved: {gpu: 1e308}, capability: {gpu: 1e308}, weight: 1e308}, {name: b, guarantee: {cpu: 1e308}}]',
    'jobs: [{name: j, queue: a, resources: {gpu: 1}, tasks: 2}, {name: k, queue: b, resources: {gpu: 1}}]',
    'run: {sessions: 2}',
  ]),
  'kai quota, limit and weight 1e308 on a node without a gpu figure': parse([
    'version: 1',
    'nodes: [{name: n0, resources: {gpu: 4}}, {name: free}]',
    'queues: [{name: a, resources: {gpu: {quota: 1e308, limit: 1e308, overQuotaWeight: 1e308}}}, {name: b, resources: {gpu: {quota: -1}}}]',
    'jobs: [{name: j, queue: a, resources: {gpu: 1}, tasks: 2}, {name: k, queue: b, resources: {gpu: 1}}]',
    'run: {sessions: 2}',
  ]),
};

/** Paths of every number in `value` that is not finite. */
function nonFinite(value: unknown, path = ''): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path}=${value}`];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => nonFinite(v, `${path}.${k}`));
}

describe('metrics and run output are finite', () => {
  it('writes the FairShare of a 1e308 guarantee as 1e+308, the same number as the JSON, not Infinity', () => {
    const metrics = runMetrics(runScenario(GUARANTEE, { record: 'metrics' }));
    expect(metrics.sessions[0]?.queues[0]?.fairShareGpu).toBe(1e308);
    const rows = metricsCsv(metrics).trim().split('\n');
    expect(rows[1]).toBe('1,a,2,1e+308,0,2,0,,,0,0,0.5,2');
  });

  for (const [name, scenario] of Object.entries(EXTREMES)) {
    it(`${name}: no Infinity or NaN in the CSV, the metrics or the run document`, () => {
      const sim = runScenario(scenario);
      const metrics = runMetrics(sim);
      expect(metricsCsv(metrics)).not.toMatch(/Infinity|NaN/);
      expect(nonFinite(metrics)).toEqual([]);
      const snapshots = Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1));
      expect(nonFinite(runDocument(scenario, snapshots))).toEqual([]);
    });
  }
});
