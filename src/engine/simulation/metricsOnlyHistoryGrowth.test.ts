/**
 * A metrics-only run (Workshop, `sim metrics`) does not store a running job's progress alone each session
 * (decision 0126): its history grows with what changes, not with sessions × running jobs, and its metrics
 * are still those of a full run.
 */
import { describe, expect, it } from 'vitest';
import { longRunScenario } from '../../cli/longRunScenario';
import { formatIssue, parseScenario } from '../index';
import { computeRunMetrics } from './metrics/computeRunMetrics';
import { Simulator } from './Simulator';

function run(record: 'full' | 'metrics'): Simulator {
  const r = parseScenario(longRunScenario({ tasks: 120, sessions: 200 }));
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  const sim = new Simulator(r.scenario, { record });
  sim.runToEnd();
  return sim;
}

describe('a metrics-only history over a long run', () => {
  it('stores no job in sessions where running jobs only progressed, and gives the full run its metrics', () => {
    const full = run('full');
    const metrics = run('metrics');
    const stored = (sim: Simulator) => sim.history.entries.reduce((n, e) => n + e.jobs.length, 0);
    // Jobs without a runtime run to the end: a full history lists each of them in every session.
    const last = full.history.entries.at(-1);
    expect(last?.jobs.length).toBeGreaterThan(5);
    expect(metrics.history.entries.at(-1)?.jobs).toEqual([]);
    expect(stored(metrics)).toBeLessThan(stored(full) / 10);
    expect(JSON.stringify(computeRunMetrics(metrics))).toBe(JSON.stringify(computeRunMetrics(full)));
    expect(metrics.history.entries.map((e) => e.decisions)).toEqual(
      full.history.entries.map((e) => e.decisions),
    );
  });
});
