/**
 * Time-based fair share per node pool (decision 0247): each shard's scheduler has its own usage lister,
 * configured by the shard's own `usageDBConfig` and fetching on its own ticker (KAI
 * pkg/scheduler/cache/usagedb/usagedb.go:84-105, pkg/operator/operands/scheduler/resources_for_shard.go:173-177
 * @d5bc503), over the one Prometheus every shard queries (queue allocation by queue name, capacity of every
 * node: prometheus.go:63-73 @d5bc503).
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, formatIssue, parseScenario, runDocument, serialiseScenario } from '../index';
import type { Scenario } from '../model/scenario';

const TEXT = `
version: 1
name: pools with their own usage
profile: kai
scheduler:
  schedulePeriod: 10s
  usageDBConfig: { usageParams: { windowSize: 10m, windowType: sliding } }
nodePools:
  - { name: a, partitionLabelValue: a, usageDBConfig: { usageParams: { windowSize: 10m, fetchInterval: 2m } } }
  - { name: b, partitionLabelValue: b }
nodes:
  - { name: na, resources: { gpu: 4 }, labels: { kai.scheduler/node-pool: a } }
  - { name: nb, resources: { gpu: 4 }, labels: { kai.scheduler/node-pool: b } }
queues:
  - { name: qa, nodePool: a, resources: { gpu: { quota: 0, limit: -1, overQuotaWeight: 1 } } }
  - { name: qb, nodePool: b, resources: { gpu: { quota: 0, limit: -1, overQuotaWeight: 1 } } }
jobs:
  - { name: ja, queue: qa, nodePool: a, runtime: 10m, resources: { gpu: 4 } }
  - { name: jb, queue: qb, nodePool: b, runtime: 10m, resources: { gpu: 2 } }
run: { until: 5m }
`;

function parsed(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

function sessions(s: Scenario) {
  const sim = createSimulation(s);
  while (sim.step()) {
    /* to the end */
  }
  return runDocument(
    s,
    Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1)),
  ).sessions;
}

describe('usage history per node pool', () => {
  it('each pool fetches on its own interval: pool a every 2m, pool b (inherited) every 1m', () => {
    const all = sessions(parsed(TEXT));
    const at = (t: number, q: string) =>
      all.find((s) => s.time === t)?.queues.find((x) => x.name === q) as Record<string, unknown>;
    expect(at(90_000, 'qa')['usageAsOfMs']).toBe(0);
    expect(at(90_000, 'qb')['usageAsOfMs']).toBe(60_000);
    expect(at(150_000, 'qa')['usageAsOfMs']).toBe(120_000);
    expect(at(170_000, 'qb')['usageAsOfMs']).toBe(120_000);
    expect(at(190_000, 'qb')['usageAsOfMs']).toBe(180_000);
    expect(at(190_000, 'qa')['usageAsOfMs']).toBe(120_000);
    // One Prometheus: usage is a fraction of every node's capacity (8 GPUs), not of the pool's.
    // qb has held 2 of 8 GPUs at every step of its fetch at t=60s.
    expect((at(90_000, 'qb')['usage'] as Record<string, number>)['gpu']).toBeCloseTo(0.25, 12);
    expect((at(150_000, 'qa')['usage'] as Record<string, number>)['gpu']).toBeCloseTo(0.5, 12);
  });

  it('a pool’s usageDBConfig survives writing the scenario back', () => {
    const s = parsed(TEXT);
    const again = parsed(serialiseScenario(s));
    expect(again.nodePools?.[0]?.usage).toEqual(s.nodePools?.[0]?.usage);
    expect(again.nodePools?.[1]?.usage).toBeUndefined();
    expect(serialiseScenario(again)).toBe(serialiseScenario(s));
  });

  it('a pool’s usageDBConfig is checked like the scheduler’s, with its field path', () => {
    const bad = TEXT.replace('fetchInterval: 2m } }', 'fetchInterval: 2m }, connectionString: x }');
    const r = parseScenario(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.path)).toContain('nodePools[0].usageDBConfig.connectionString');
  });
});
