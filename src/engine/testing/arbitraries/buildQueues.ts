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
  generatorOf,
  type GeneratedProfile,
} from './menus';
import type { RawQueue, RawQueueResource } from './rawScenario';

export interface BuiltQueues {
  docs: Record<string, unknown>[];
  leaves: string[];
  names: string[];
}

/**
 * `tree`: whether parents are written (the profile's `queueTree` hook: KAI always, Volcano with capacity's
 * hierarchy, kube-batch never).
 */
export function buildQueues(raw: readonly RawQueue[], profile: GeneratedProfile, tree = true): BuiltQueues {
  const parentIndex = raw.map((q, i) =>
    !tree || q.parentPick === 0 || i === 0 ? null : (q.parentPick - 1) % i,
  );
  // A profile may name a first queue with children as upstream names its tree's root (Volcano `root`, so
  // that `parent: root` goes through the Kubernetes round trip too, decision 0249).
  const root = generatorOf(profile).treeRoot;
  const writtenRoot = root !== undefined && tree && parentIndex.includes(0);
  const names = raw.map((_, i) => (writtenRoot && i === 0 ? root : `q${i}`));
  const parents = parentIndex.map((p) => (p === null ? null : (names[p] as string)));
  const docs = raw.map((q, i) => {
    const doc: Record<string, unknown> = { name: names[i] };
    const parent = parents[i];
    if (parent !== null && parent !== undefined) doc['parent'] = parent;
    Object.assign(doc, queueFields(q, profile));
    return doc;
  });
  const leaves = names.filter((n) => !parents.includes(n));
  return { docs, leaves, names };
}

/** The fields an `updateQueue` may change too (everything but the name and the parent): the profile's. */
export function queueFields(q: RawQueue, profile: GeneratedProfile): Record<string, unknown> {
  return generatorOf(profile).queueFields(q);
}

/** A queue's priority, when drawn. */
export function queuePriority(q: RawQueue): Record<string, unknown> {
  return q.priority === null ? {} : { priority: at(QUEUE_PRIORITY, q.priority) };
}

/** KAI-style resources (quota, limit, over-quota weight per resource) and min-runtimes. */
export function quotaFields(q: RawQueue): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  const resources: Record<string, unknown> = {};
  if (q.gpu !== null) resources['gpu'] = resource(q.gpu, QUEUE_GPU_QUOTA, QUEUE_GPU_LIMIT);
  if (q.cpu !== null) resources['cpu'] = resource(q.cpu, QUEUE_CPU_QUOTA, QUEUE_CPU_LIMIT);
  if (Object.keys(resources).length > 0) doc['resources'] = resources;
  if (q.preemptMinRuntime !== null) doc['preemptMinRuntime'] = `${q.preemptMinRuntime}s`;
  if (q.reclaimMinRuntime !== null) doc['reclaimMinRuntime'] = `${q.reclaimMinRuntime}s`;
  return doc;
}

/**
 * Volcano queue spec fields: weight always; with `spec`, capability, guarantee, reclaimable and (with
 * `deserved`, capacity's deserved: the guarantee pick again, so deserved ≥ guarantee often holds, as in
 * practice).
 */
export function weightFields(q: RawQueue, o: { spec: boolean; deserved: boolean }): Record<string, unknown> {
  const v = q.volcano;
  if (v === null) return {};
  const doc: Record<string, unknown> = { weight: at(VOLCANO_WEIGHT, v.weight) };
  if (!o.spec) return doc;
  if (v.capability !== null) doc['capability'] = { gpu: at(VOLCANO_AMOUNT, v.capability) };
  if (v.guarantee !== null) doc['guarantee'] = { gpu: at(VOLCANO_AMOUNT, v.guarantee) };
  if (o.deserved && v.guarantee !== null) doc['deserved'] = { gpu: at(VOLCANO_AMOUNT, v.guarantee) };
  if (v.reclaimable !== null) doc['reclaimable'] = v.reclaimable;
  return doc;
}

function resource(r: RawQueueResource, quotas: number[], limits: number[]): Record<string, number> {
  return {
    quota: at(quotas, r.quota),
    limit: at(limits, r.limit),
    overQuotaWeight: at(OVER_QUOTA_WEIGHT, r.overQuotaWeight),
  };
}
