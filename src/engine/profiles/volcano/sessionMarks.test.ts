import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../index';
import type { VolcanoJobExtras } from './jobExtras';

function runFile(path: string) {
  const parsed = parseScenario(readFileSync(path, 'utf8'), {});
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
  const sim = createSimulation(parsed.scenario);
  while (sim.step()) {
    /* run to the end */
  }
  return sim;
}

describe('Volcano timeline marks and snapshot extras (sla story of SLA-a)', () => {
  const sim = runFile('conformance/volcano/SLA-a-big-job-global-waiting-time.yaml');

  it('marks the session whose interval contains the waiting big job’s SLA deadline (2.5 s → t=3s)', () => {
    const expiries = sim.markers().map((m) => [m.timeMs, m.slaExpired ?? []]);
    expect(expiries.filter(([, names]) => (names as string[]).length > 0)).toEqual([[3000, ['big']]]);
  });

  it('counts the PodGroups enqueue admitted in each session', () => {
    const byTime = new Map(sim.markers().map((m) => [m.timeMs, m.enqueued]));
    expect(byTime.get(1000)).toBe(1); // small-late
    expect(byTime.get(3000)).toBe(1); // big, by sla; small-after is rejected
  });

  it('gives each job its SLA clock at the session time: waited and left, then expired', () => {
    const at = (i: number) =>
      (sim.snapshot(i).jobs.find((j) => j.name === 'big')?.extras as VolcanoJobExtras | undefined)?.sla;
    expect(at(2)).toMatchObject({ waitingTimeMs: 2500, waitedMs: 1000, remainingMs: 1500, expired: false });
    expect(at(4)).toMatchObject({ waitedMs: 3000, remainingMs: 0, expired: true, deadlineMs: 2500 });
  });

  it('carries each queue’s Volcano spec (weight, capability, guarantee, reclaimable) into the snapshot', () => {
    const q = sim.snapshot(1).queues.find((x) => x.name === 'q1');
    expect(q?.extras).toEqual({
      profile: 'volcano',
      weight: 1,
      capability: null,
      guarantee: null,
      deserved: null,
      reclaimable: true,
    });
  });

  it('adds no Volcano marks or queue extras to a KAI run', () => {
    const kai = runFile('src/scenarios/welcome-reclaim-waits.yaml');
    expect(kai.markers().every((m) => m.enqueued === undefined && m.slaExpired === undefined)).toBe(true);
    // KAI's queues carry KAI's own extras (its written min-runtimes, decision 0340), never Volcano's.
    expect(kai.snapshot(1).queues.every((q) => q.extras?.profile !== 'volcano')).toBe(true);
  });
});
