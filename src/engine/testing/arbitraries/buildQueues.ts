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
  type GeneratedProfile,
} from './menus';
import type { RawQueue, RawQueueResource } from './rawScenario';

export interface BuiltQueues {
  docs: Record<string, unknown>[];
  leaves: string[];
  names: string[];
}

/**
 * `tree`: whether parents are written. KAI always has a tree; Volcano only when its scheduler configures
 * capacity with `enableHierarchy` (see {@link volcanoTreeWanted}); kube-batch never (the parser refuses a
 * `parent` it would ignore).
 */
export function buildQueues(
  raw: readonly RawQueue[],
  profile: GeneratedProfile = 'kai',
  tree = true,
): BuiltQueues {
  const parentIndex = raw.map((q, i) =>
    !tree || q.parentPick === 0 || i === 0 ? null : (q.parentPick - 1) % i,
  );
  // A Volcano capacity tree whose first queue has children names it `root`, as upstream's tree does, so that
  // `parent: root` goes through the Kubernetes round trip too (decision 0249).
  const writtenRoot = profile === 'volcano' && tree && parentIndex.includes(0);
  const names = raw.map((_, i) => (writtenRoot && i === 0 ? 'root' : `q${i}`));
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

/** Whether a generated Volcano scenario is a capacity tree: it has tiers and some queue has a parent. */
export function volcanoTreeWanted(raw: readonly RawQueue[], hasTiers: boolean): boolean {
  return hasTiers && raw.some((q, i) => i > 0 && q.parentPick !== 0);
}

/**
 * The fields an `updateQueue` may change too (everything but the name and the parent). KAI's fields
 * (resources, min runtimes) only for KAI; kube-batch has no queue priority or reclaimable flag.
 */
export function queueFields(q: RawQueue, profile: GeneratedProfile = 'kai'): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  if (q.priority !== null && profile !== 'kube-batch') doc['priority'] = at(QUEUE_PRIORITY, q.priority);
  const v = q.volcano;
  if (profile !== 'kai') {
    if (v !== null) Object.assign(doc, volcanoFields(v, profile));
    return doc;
  }
  const resources: Record<string, unknown> = {};
  if (q.gpu !== null) resources['gpu'] = resource(q.gpu, QUEUE_GPU_QUOTA, QUEUE_GPU_LIMIT);
  if (q.cpu !== null) resources['cpu'] = resource(q.cpu, QUEUE_CPU_QUOTA, QUEUE_CPU_LIMIT);
  if (Object.keys(resources).length > 0) doc['resources'] = resources;
  if (q.preemptMinRuntime !== null) doc['preemptMinRuntime'] = `${q.preemptMinRuntime}s`;
  if (q.reclaimMinRuntime !== null) doc['reclaimMinRuntime'] = `${q.reclaimMinRuntime}s`;
  if (v !== null) Object.assign(doc, volcanoFields(v, profile));
  return doc;
}

function volcanoFields(
  v: NonNullable<RawQueue['volcano']>,
  profile: GeneratedProfile,
): Record<string, unknown> {
  const doc: Record<string, unknown> = { weight: at(VOLCANO_WEIGHT, v.weight) };
  // kube-batch reads a queue's weight only (refuseUnreadQueueFields, decision 0250).
  if (profile === 'kube-batch') return doc;
  if (v.capability !== null) doc['capability'] = { gpu: at(VOLCANO_AMOUNT, v.capability) };
  if (v.guarantee !== null) doc['guarantee'] = { gpu: at(VOLCANO_AMOUNT, v.guarantee) };
  // capacity's deserved: the guarantee pick again, so deserved ≥ guarantee often holds, as in practice.
  if (profile === 'volcano' && v.guarantee !== null)
    doc['deserved'] = { gpu: at(VOLCANO_AMOUNT, v.guarantee) };
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
