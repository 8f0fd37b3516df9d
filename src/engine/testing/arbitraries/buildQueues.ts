/**
 * Queue trees: each queue hangs under an earlier one (or at the top), so there are no cycles and depth
 * ranges from 1 to the number of queues. Quotas (including -1, unlimited), limits (including 0, blocked),
 * over-quota weights, priorities and min-runtimes (including negative ones) are all drawn.
 */
import {
  OVER_QUOTA_WEIGHT,
  QUEUE_CPU_LIMIT,
  QUEUE_CPU_QUOTA,
  QUEUE_GPU_LIMIT,
  QUEUE_GPU_QUOTA,
  QUEUE_PRIORITY,
  VOLCANO_AMOUNT,
  VOLCANO_WEIGHT,
  at,
} from './menus';
import type { RawQueue, RawQueueResource } from './rawScenario';

export interface BuiltQueues {
  docs: Record<string, unknown>[];
  leaves: string[];
  names: string[];
}

export function buildQueues(raw: readonly RawQueue[]): BuiltQueues {
  const names = raw.map((_, i) => `q${i}`);
  const parents = raw.map((q, i) =>
    q.parentPick === 0 || i === 0 ? null : (names[(q.parentPick - 1) % i] as string),
  );
  const docs = raw.map((q, i) => {
    const doc: Record<string, unknown> = { name: names[i] };
    const parent = parents[i];
    if (parent !== null && parent !== undefined) doc['parent'] = parent;
    Object.assign(doc, queueFields(q));
    return doc;
  });
  const leaves = names.filter((n) => !parents.includes(n));
  return { docs, leaves, names };
}

/** The fields an `updateQueue` may change too (everything but the name and the parent). */
export function queueFields(q: RawQueue): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  if (q.priority !== null) doc['priority'] = at(QUEUE_PRIORITY, q.priority);
  const resources: Record<string, unknown> = {};
  if (q.gpu !== null) resources['gpu'] = resource(q.gpu, QUEUE_GPU_QUOTA, QUEUE_GPU_LIMIT);
  if (q.cpu !== null) resources['cpu'] = resource(q.cpu, QUEUE_CPU_QUOTA, QUEUE_CPU_LIMIT);
  if (Object.keys(resources).length > 0) doc['resources'] = resources;
  if (q.preemptMinRuntime !== null) doc['preemptMinRuntime'] = `${q.preemptMinRuntime}s`;
  if (q.reclaimMinRuntime !== null) doc['reclaimMinRuntime'] = `${q.reclaimMinRuntime}s`;
  const v = q.volcano;
  if (v !== null) {
    doc['weight'] = at(VOLCANO_WEIGHT, v.weight);
    if (v.capability !== null) doc['capability'] = { gpu: at(VOLCANO_AMOUNT, v.capability) };
    if (v.guarantee !== null) doc['guarantee'] = { gpu: at(VOLCANO_AMOUNT, v.guarantee) };
    if (v.reclaimable !== null) doc['reclaimable'] = v.reclaimable;
  }
  return doc;
}

function resource(r: RawQueueResource, quotas: number[], limits: number[]): Record<string, number> {
  return {
    quota: at(quotas, r.quota),
    limit: at(limits, r.limit),
    overQuotaWeight: at(OVER_QUOTA_WEIGHT, r.overQuotaWeight),
  };
}
