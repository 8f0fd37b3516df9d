/**
 * KAI's resolved queue figures (decision 0298): each queue's effective min-runtimes in the snapshot come
 * from the plugin's resolver, with their origin, and agree with the `minruntime` query for the same queue.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../../index';
import type { QueueState } from '../../../model/snapshot';
import type { KaiQueueFigures } from './kaiQueueFigures';

const yaml = (tiers: string) => `
version: 1
profile: kai
scheduler:
  actions: [allocate, reclaim]
${tiers}
nodes: [{ name: n0, resources: { gpu: 2 } }]
queues:
  - { name: a, resources: { gpu: { quota: 2, limit: -1, overQuotaWeight: 1 } } }
  - { name: b, parent: a, reclaimMinRuntime: 600s, resources: { gpu: { quota: 2, limit: -1, overQuotaWeight: 1 } } }
  - { name: d, parent: b, reclaimMinRuntime: 60s, preemptMinRuntime: 0s, resources: { gpu: { quota: 1, limit: -1, overQuotaWeight: 1 } } }
  - { name: leaf3, parent: d, resources: { gpu: { quota: 1, limit: -1, overQuotaWeight: 1 } } }
  - { name: default, parent: a, resources: { gpu: { quota: 0, limit: -1, overQuotaWeight: 1 } } }
jobs:
  - { name: j, queue: leaf3, resources: { gpu: 1 }, tasks: 1 }
`;

const WITH_PLUGIN = `  tiers:
    - plugins:
        - { name: proportion }
        - { name: minruntime, arguments: { defaultPreemptMinRuntime: 5m, defaultReclaimMinRuntime: 2m, reclaimResolveMethod: queue } }`;
const WITHOUT_PLUGIN = `  tiers:
    - plugins:
        - { name: proportion }`;

function lastQueues(text: string): { queues: QueueState[]; query: (q: string) => unknown } {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const sim = runScenario(parsed.scenario);
  const n = sim.sessionCount();
  return {
    queues: sim.snapshot(n).queues,
    query: (victimQueue) => sim.query('minruntime', { victimQueue }, n),
  };
}

const minRuntime = (qs: QueueState[], name: string) =>
  (qs.find((q) => q.name === name)?.resolved as KaiQueueFigures | undefined)?.minRuntime;

describe('KAI queue figures in the snapshot', () => {
  const { queues, query } = lastQueues(yaml(WITH_PLUGIN));

  it('says where each effective min-runtime comes from: set here, inherited, or the plugin default', () => {
    expect(minRuntime(queues, 'd')).toEqual({
      preempt: { valueMs: 0, origin: 'set', from: null },
      reclaim: { valueMs: 60_000, origin: 'set', from: null, method: 'queue' },
    });
    expect(minRuntime(queues, 'leaf3')).toEqual({
      preempt: { valueMs: 0, origin: 'inherited', from: 'd' },
      reclaim: { valueMs: 60_000, origin: 'inherited', from: 'd', method: 'queue' },
    });
    expect(minRuntime(queues, 'a')).toEqual({
      preempt: { valueMs: 300_000, origin: 'default', from: null },
      reclaim: { valueMs: 120_000, origin: 'default', from: null, method: 'queue' },
    });
  });

  it('does not take a queue named "default" for the plugin default', () => {
    expect(minRuntime(queues, 'default')?.reclaim).toEqual({
      valueMs: 120_000,
      origin: 'default',
      from: null,
      method: 'queue',
    });
  });

  it('gives the values the minruntime query resolves for the same queue', () => {
    for (const q of queues) {
      const r = query(q.name) as { preempt: { durationMs: number }; reclaim: { durationMs: number } };
      expect(minRuntime(queues, q.name)?.preempt.valueMs).toBe(r.preempt.durationMs);
      expect(minRuntime(queues, q.name)?.reclaim.valueMs).toBe(r.reclaim.durationMs);
    }
  });

  it('sends no min-runtime when the plugin is not enabled', () => {
    const off = lastQueues(yaml(WITHOUT_PLUGIN)).queues;
    for (const q of off) expect(q.resolved).toEqual({ profile: 'kai', minRuntime: null });
  });
});
