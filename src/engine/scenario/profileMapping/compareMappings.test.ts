/**
 * The compare mappers (decision 0288), through the one registry: KAI queue quota/limit/weight as Volcano
 * deserved/capability/weight and back, KAI preemptibility as Volcano's per-task label and back, min-runtime
 * dropped and listed, a queue tree made flat for kube-batch, and what cannot be expressed refused with its
 * field path. Every mapped scenario is one the target's own parser accepts.
 */
import { describe, expect, it } from 'vitest';
import { mapScenarioTo } from '../../registry';
import type { Scenario } from '../../model/scenario';
import { parseScenario } from '../parseScenario';

function scenario(text: string): Scenario {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return parsed.scenario;
}

const KAI = `
version: 1
profile: kai
nodes: [{ name: n, resources: { gpu: 8 } }]
queues:
  - { name: org, resources: { gpu: { quota: 8 } } }
  - { name: a, parent: org, reclaimMinRuntime: 60s, resources: { gpu: { quota: 6, limit: 8, overQuotaWeight: 2 } } }
  - { name: b, parent: org, resources: { gpu: { quota: 2 } } }
jobs:
  - { name: keep, queue: a, priorityClassName: build, resources: { gpu: 1 } }
  - { name: sweep, queue: b, resources: { gpu: 1 }, tasks: 2 }
`;

const VOLCANO = `
version: 1
profile: volcano
nodes: [{ name: n, resources: { gpu: 8 } }]
queues:
  - { name: a, weight: 3, deserved: { gpu: 4 }, capability: { gpu: 6 }, guarantee: { gpu: 1 } }
  - { name: b }
jobs:
  - { name: pinned, queue: a, resources: { gpu: 1 }, tasks: [{ preemptable: false }, {}] }
  - { name: slow, queue: b, resources: { gpu: 1 }, annotations: { sla-waiting-time: 1m } }
`;

describe('KAI → Volcano', () => {
  const r = mapScenarioTo('volcano')(scenario(KAI));
  it('maps quota, limit and weight, and labels non-preemptible tasks', () => {
    if (!r.ok) throw new Error(JSON.stringify(r.reasons));
    const a = r.scenario.queues.find((q) => q.name === 'a');
    expect(a).toMatchObject({
      deserved: { gpu: 6 },
      capability: { gpu: 8 },
      weight: 2,
      reclaimMinRuntimeMs: null,
    });
    // `build` is priority 100: non-preemptible in KAI, so its tasks carry volcano.sh/preemptable=false.
    expect(r.scenario.jobs.find((j) => j.name === 'keep')?.tasks.map((t) => t.preemptable)).toEqual([false]);
    expect(r.scenario.jobs.find((j) => j.name === 'sweep')?.tasks.map((t) => t.preemptable)).toEqual([
      true,
      true,
    ]);
    // A queue tree is Volcano's capacity plugin with hierarchy.
    const capacity = r.scenario.scheduler.tiers.flatMap((t) => t.plugins).find((p) => p.name === 'capacity');
    expect(capacity?.flags).toEqual({ enableHierarchy: true });
    expect(r.scenario.scheduler.actions).toEqual(['enqueue', 'allocate', 'backfill', 'reclaim', 'preempt']);
  });
  it('lists min-runtime as not mapped', () => {
    expect(r.unmapped).toContainEqual({
      path: 'queues[1].reclaimMinRuntime',
      text: 'KAI min-runtime (minruntime plugin): volcano has no counterpart, so no job is protected by it',
    });
  });
});

describe('Volcano → KAI', () => {
  const r = mapScenarioTo('kai')(scenario(VOLCANO));
  it('maps deserved, capability and weight, and a pinned task makes its job non-preemptible', () => {
    if (!r.ok) throw new Error(JSON.stringify(r.reasons));
    expect(r.scenario.queues[0]?.resources.gpu).toEqual({ quota: 4, limit: 6, overQuotaWeight: 3 });
    expect(r.scenario.queues[1]?.resources.gpu).toEqual({ quota: 0, limit: -1, overQuotaWeight: 1 });
    expect(r.scenario.jobs.map((j) => [j.name, j.preemptible])).toEqual([
      ['pinned', false],
      ['slow', true],
    ]);
    // Volcano's default actions never evict, so neither does the KAI run.
    expect(r.scenario.scheduler.actions).toEqual(['allocate']);
  });
  it('lists the guarantee and the SLA annotation', () => {
    expect(r.unmapped.map((u) => u.path)).toEqual(
      expect.arrayContaining(['queues[0].guarantee', 'jobs[1].annotations.sla-waiting-time']),
    );
  });
  it('refuses task roles with their path', () => {
    const roles = scenario(
      `${VOLCANO}  - { name: mpi, queue: b, minTaskMember: { worker: 1 }, tasks: [{ role: worker }] }\n`,
    );
    const refused = mapScenarioTo('kai')(roles);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reasons[0]?.path).toBe('jobs[2].minTaskMember');
  });
});

describe('KAI → kube-batch', () => {
  it('makes the queue tree flat and keeps the GPU over-quota weight', () => {
    const r = mapScenarioTo('kube-batch')(scenario(KAI));
    if (!r.ok) throw new Error(JSON.stringify(r.reasons));
    expect(r.scenario.queues.map((q) => [q.name, q.parent, q.weight])).toEqual([
      ['a', null, 2],
      ['b', null, 1],
    ]);
    expect(r.unmapped.map((u) => u.path)).toEqual(
      expect.arrayContaining(['queues[0]', 'queues[1].resources.gpu']),
    );
  });
});

describe('the source profile', () => {
  it('runs as written', () => {
    const source = scenario(KAI);
    const r = mapScenarioTo('kai')(source);
    if (!r.ok) throw new Error(JSON.stringify(r.reasons));
    expect(r.assumptions).toEqual(['written for kai: runs as written']);
    expect(r.scenario.queues).toEqual(source.queues);
    expect(r.scenario.jobs).toEqual(source.jobs);
  });
});
