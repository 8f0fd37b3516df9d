import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../engine/index';
import { findBuiltinScenario } from '../scenarios/builtinScenarios';
import { toSessionView } from './toSessionView';
import { protectionsOf } from '../engine/model/protection';

describe('toSessionView', () => {
  it('summarises attempts and shares equal resolutions, losing nothing else', () => {
    const parsed = parseScenario(findBuiltinScenario('welcome')!.text, {});
    if (!parsed.ok) throw new Error('welcome does not parse');
    const sim = createSimulation(parsed.scenario);
    while (sim.step()) {
      /* run to the end */
    }
    const snapshot = sim.snapshot(1);
    const view = toSessionView(snapshot);
    expect(view.jobs.map((j) => j.name)).toEqual(snapshot.jobs.map((j) => j.name));
    expect(JSON.parse(JSON.stringify(view.jobs))).toEqual(JSON.parse(JSON.stringify(snapshot.jobs)));
    const [sweep1, sweep2] = ['sweep-1', 'sweep-2'].map((n) => view.jobs.find((j) => j.name === n)!);
    expect(protectionsOf(sweep1!).reclaimProtection!.byReclaimer[0]!.resolution).toBe(
      protectionsOf(sweep2!).reclaimProtection!.byReclaimer[0]!.resolution,
    );
    // Equal protections are one object (whole per-job reclaim protections included), so a message copies each once.
    const distinct = (pick: (j: (typeof view.jobs)[number]) => unknown) =>
      new Set(view.jobs.map(pick).filter((p) => p !== null)).size;
    const plain = (pick: (j: (typeof snapshot.jobs)[number]) => unknown) =>
      new Set(snapshot.jobs.map((j) => JSON.stringify(pick(j))).filter((p) => p !== 'null')).size;
    expect(distinct((j) => protectionsOf(j).reclaimProtection)).toBe(
      plain((j) => protectionsOf(j).reclaimProtection),
    );
    expect(distinct((j) => protectionsOf(j).preemptProtection)).toBe(
      plain((j) => protectionsOf(j).preemptProtection),
    );
    expect(view.trace.attempts).toHaveLength(snapshot.trace.attempts.length);
    expect(view.trace.attempts[0]).toMatchObject({
      job: snapshot.trace.attempts[0]!.job,
      verdictCount: snapshot.trace.attempts[0]!.verdicts.length,
    });
    expect(view.trace.pending).toEqual(snapshot.trace.pending);
  });
});
