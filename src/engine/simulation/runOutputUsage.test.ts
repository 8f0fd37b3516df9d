/**
 * `sim run` documents carry per-queue `usage` only under KAI time-based fair share (docs §9.1); without
 * `usageDBConfig` the queue objects keep exactly their three fields.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation, formatIssue, parseScenario, runDocument } from '../index';
import type { Scenario } from '../model/scenario';

function scenario(file: string): Scenario {
  const r = parseScenario(readFileSync(resolve(__dirname, '../../scenarios', file), 'utf8'));
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

function document(s: Scenario) {
  const sim = createSimulation(s);
  while (sim.step()) {
    /* to the end */
  }
  return runDocument(
    s,
    Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1)),
  );
}

describe('per-queue usage in the run document', () => {
  it('with usageDBConfig: session 7 of the time-aware example, team-a used the whole cluster', () => {
    const doc = document(scenario('time-aware.yaml'));
    // t=60s: a-1 held all 16 GPUs for the first minute (usage 1), team-b nothing (usage 0).
    const queues = doc.sessions[6]?.queues ?? [];
    expect(queues.map((q) => q.name)).toEqual(['team-a', 'team-b']);
    expect(queues[0]?.usage?.['gpu']).toBeCloseTo(1, 12);
    expect(queues[1]?.usage).toEqual({ gpu: 0 });
    // usageAsOfMs (§9.1 addition): the usage was fetched at t=60s, this very session (fetchInterval 1m).
    expect(JSON.stringify(queues[1])).toBe(
      '{"name":"team-b","fairShare":{"gpu":12},"allocated":{"gpu":16},"usage":{"gpu":0},"usageAsOfMs":60000}',
    );
  });

  it('without usageDBConfig: no usage field anywhere', () => {
    const doc = document(scenario('workshop-lca-or-queue.yaml'));
    for (const s of doc.sessions)
      for (const q of s.queues) expect(Object.keys(q)).toEqual(['name', 'fairShare', 'allocated']);
  });
});
