/**
 * Queue documents: KAI `Queue` (scheduling.run.ai/v2) and Volcano `Queue` (scheduling.volcano.sh/v1beta1).
 */
import { readNodePoolLabel } from './readNodePoolLabel';
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';
import { readResourceList } from './resourceAmounts';

const KAI_RESOURCES = ['gpu', 'cpu', 'memory'] as const;
/**
 * KAI's Queue CRD units (reference/kai-scheduler.md §2.1): GPU in devices, CPU in millicores, memory in
 * MB (10^6 bytes). The scenario format uses cores and bytes.
 */
export type KaiResource = (typeof KAI_RESOURCES)[number];

/**
 * A KAI Queue amount in scenario units. CPU divides by 1000 (one correctly rounded step, where multiplying
 * by 0.001 would add binary noise); -1 (unlimited, no limit) is kept as is.
 */
export function fromKaiUnits(resource: KaiResource, value: number): number {
  if (value === -1) return value;
  if (resource === 'cpu') return value / 1000;
  if (resource === 'memory') return value * 1e6;
  return value;
}

/** A scenario amount in KAI Queue units (the exporter's inverse of {@link fromKaiUnits}). */
export function toKaiUnits(resource: KaiResource, value: number): number {
  if (value === -1) return value;
  if (resource === 'cpu') return value * 1000;
  if (resource === 'memory') return value / 1e6;
  return value;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A KAI Queue. The CRD has no defaults: an omitted quota, limit or overQuotaWeight is 0 (notes say so). */
export function mapKaiQueue(t: FieldTracker, notes: string[]): Data {
  const name = String(t.get('metadata.name'));
  const queue: Data = { name };
  readNodePoolLabel(t, queue);
  const parent = t.get('spec.parentQueue');
  if (typeof parent === 'string' && parent !== '') queue.parent = parent;
  const priority = num(t.get('spec.priority'));
  if (priority !== null) queue.priority = priority;
  for (const key of ['preemptMinRuntime', 'reclaimMinRuntime'] as const) {
    const value = t.get(`spec.${key}`);
    if (typeof value === 'string' && value !== '') queue[key] = value;
  }
  const resources: Data = {};
  for (const resource of KAI_RESOURCES) {
    const spec = t.peek(`spec.resources.${resource}`);
    const entry: Data = {};
    for (const field of ['quota', 'limit', 'overQuotaWeight'] as const) {
      const raw = isData(spec) ? spec[field] : undefined;
      const value = num(raw);
      if (raw !== undefined && value === null) {
        t.explain(`spec.resources.${resource}.${field}`, 'not a number');
        continue;
      }
      t.use(`spec.resources.${resource}.${field}`);
      const scaled = value === null ? 0 : field === 'overQuotaWeight' ? value : fromKaiUnits(resource, value);
      entry[field] = scaled;
      if (value === null && field === 'limit' && resource === 'gpu') {
        notes.push(
          `Queue/${name}: spec.resources.gpu.limit is omitted; the CRD's 0 blocks GPUs for this queue (write -1 for no limit).`,
        );
      }
    }
    resources[resource] = entry;
  }
  queue.resources = resources;
  t.use('spec.displayName');
  return queue;
}

const QUEUE_STATES = new Set(['Open', 'Closed', 'Closing', 'Unknown']);

/**
 * A Volcano Queue: weight, capability, guarantee, deserved, reclaimable, parent, priority, and the state
 * from `status.state` (Volcano keeps a queue's Open/Closed state there; `vcctl queue operate` changes it).
 */
export function mapVolcanoQueue(t: FieldTracker): Data {
  const queue: Data = { name: String(t.get('metadata.name')) };
  const weight = num(t.get('spec.weight'));
  if (weight !== null) queue.weight = weight;
  const priority = num(t.get('spec.priority'));
  if (priority !== null) queue.priority = priority;
  const state = t.peek('status.state');
  if (typeof state === 'string' && QUEUE_STATES.has(state)) {
    t.use('status.state');
    // Open is the scenario's default; only a queue that is not open needs saying so.
    if (state !== 'Open') queue.state = state;
  }
  const parent = t.get('spec.parent');
  // `root` is kept here and settled once the whole scenario is read (settleRootParents.ts).
  if (typeof parent === 'string' && parent !== '') queue.parent = parent;
  const reclaimable = t.get('spec.reclaimable');
  if (typeof reclaimable === 'boolean') queue.reclaimable = reclaimable;
  const capability = readResourceList(t, 'spec.capability');
  if (capability !== null) queue.capability = capability;
  const deserved = readResourceList(t, 'spec.deserved');
  if (deserved !== null) queue.deserved = deserved;
  const guarantee = readResourceList(t, 'spec.guarantee.resource');
  if (guarantee !== null) queue.guarantee = guarantee;
  return queue;
}
