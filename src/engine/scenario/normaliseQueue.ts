/**
 * `queues` entries (and `updateQueue` events): KAI quota/limit/over-quota weight per resource, min
 * runtimes, and the Volcano queue spec.
 */
import type { QueuePatch, QueueResourceSpec, QueueSpec } from '../model/scenario';
import {
  QUEUE_RESOURCE_NAMES,
  RESOURCE_NAMES,
  type QueueResourceName,
  type Resources,
} from '../model/resources';
import { catalogueOf } from '../registry';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';
import { readFields, type FieldValues } from './readFields';
import { refuseUnreadQueueFields } from './refuseUnreadFields';
import { QUEUE_FIELDS, QUEUE_RESOURCE_FIELDS, QUEUE_RESOURCES_FIELDS, RESOURCE_LIST_FIELDS } from './schema';

/** Per-resource defaults of the compact format (not of the KAI Queue CRD, whose omitted limit is 0). */
export const DEFAULT_QUEUE_RESOURCE: Readonly<QueueResourceSpec> = {
  quota: 0,
  limit: -1,
  overQuotaWeight: 1,
};
/** Volcano queue weight default. */
export const DEFAULT_QUEUE_WEIGHT = 1;
/** Volcano queue state default. */
export const DEFAULT_QUEUE_STATE = 'Open';

/** Queue resources as written: only the resources and fields that appear. */
export type QueueResourcesPatch = Partial<Record<QueueResourceName, Partial<QueueResourceSpec>>>;

/** Fields of a queue that may be `null` ("unset"); in an `updateQueue` event `null` clears them. */
const NULLABLE = [
  'parent',
  'preemptMinRuntime',
  'reclaimMinRuntime',
  'capability',
  'deserved',
  'guarantee',
] as const;

/** A queue with every default applied; null when the entry is unusable (not a mapping, no name). */
export function normaliseQueue(raw: unknown, path: FieldPath, ctx: NormaliseContext): QueueSpec | null {
  const f = readFields(raw, path, QUEUE_FIELDS, ctx.sink, {
    required: ['name'],
    what: 'a queue ({name, ...})',
  });
  if (f === null || f.name === undefined) return null;
  refuseUnreadQueueFields(raw, path, ctx);
  const queue: QueueSpec = {
    name: f.name,
    parent: f.parent ?? null,
    priority: f.priority ?? catalogueOf(ctx.profile).defaultQueuePriority,
    resources: completeQueueResources(readQueueResources(f, path, ctx), defaultQueueResources()),
    preemptMinRuntimeMs: f.preemptMinRuntime ?? null,
    reclaimMinRuntimeMs: f.reclaimMinRuntime ?? null,
    weight: f.weight ?? DEFAULT_QUEUE_WEIGHT,
    capability: readResourceList(f.capability, [...path, 'capability'], ctx),
    deserved: readResourceList(f.deserved, [...path, 'deserved'], ctx),
    guarantee: readResourceList(f.guarantee, [...path, 'guarantee'], ctx),
    state: f.state ?? DEFAULT_QUEUE_STATE,
    reclaimable: f.reclaimable ?? true,
  };
  if (f.nodePool !== undefined) queue.nodePool = f.nodePool;
  ctx.origins.set(queue, path);
  return queue;
}

/**
 * An `updateQueue` event: only the fields written. `resources` is returned as written, because it is
 * merged field by field into the queue as it stands when the event applies (see checkEvents).
 */
export function normaliseQueuePatch(
  raw: unknown,
  path: FieldPath,
  ctx: NormaliseContext,
): { patch: QueuePatch; resources: QueueResourcesPatch | null } | null {
  const f = readFields(raw, path, QUEUE_FIELDS, ctx.sink, {
    required: ['name'],
    what: 'a queue update ({name, ...})',
  });
  if (f === null || f.name === undefined) return null;
  refuseUnreadQueueFields(raw, path, ctx);
  const written = raw as Record<string, unknown>;
  const patch: QueuePatch = { name: f.name };
  for (const key of NULLABLE) {
    if (written[key] === null) {
      if (key === 'parent') patch.parent = null;
      else if (key === 'preemptMinRuntime') patch.preemptMinRuntimeMs = null;
      else if (key === 'reclaimMinRuntime') patch.reclaimMinRuntimeMs = null;
      else patch[key] = null;
    }
  }
  if (f.parent !== undefined) patch.parent = f.parent;
  if (f.priority !== undefined) patch.priority = f.priority;
  if (f.preemptMinRuntime !== undefined) patch.preemptMinRuntimeMs = f.preemptMinRuntime;
  if (f.reclaimMinRuntime !== undefined) patch.reclaimMinRuntimeMs = f.reclaimMinRuntime;
  if (f.weight !== undefined) patch.weight = f.weight;
  for (const key of ['capability', 'deserved', 'guarantee'] as const) {
    const list = readResourceList(f[key], [...path, key], ctx);
    if (list !== null) patch[key] = list;
  }
  if (f.state !== undefined) patch.state = f.state;
  if (f.reclaimable !== undefined) patch.reclaimable = f.reclaimable;
  // A queue belongs to one KAI shard for the whole run (§24): moving it would move its jobs' scheduler.
  if (f.nodePool !== undefined)
    ctx.sink.report('invalid-event', [...path, 'nodePool'], 'a queue cannot move to another node pool');
  return { patch, resources: f.resources === undefined ? null : readQueueResources(f, path, ctx) };
}

/** Fresh default resources of a queue (quota 0, limit -1, over-quota weight 1 each). */
export function defaultQueueResources(): Record<QueueResourceName, QueueResourceSpec> {
  return {
    gpu: { ...DEFAULT_QUEUE_RESOURCE },
    cpu: { ...DEFAULT_QUEUE_RESOURCE },
    memory: { ...DEFAULT_QUEUE_RESOURCE },
  };
}

/** Fills the fields that `written` leaves out from `base`. */
export function completeQueueResources(
  written: QueueResourcesPatch,
  base: Readonly<Record<QueueResourceName, QueueResourceSpec>>,
): Record<QueueResourceName, QueueResourceSpec> {
  const out = {} as Record<QueueResourceName, QueueResourceSpec>;
  for (const name of QUEUE_RESOURCE_NAMES) out[name] = { ...base[name], ...written[name] };
  return out;
}

function readQueueResources(
  f: FieldValues<typeof QUEUE_FIELDS>,
  path: FieldPath,
  ctx: NormaliseContext,
): QueueResourcesPatch {
  const out: QueueResourcesPatch = {};
  if (f.resources === undefined) return out;
  const resourcesPath = [...path, 'resources'];
  const perResource = readFields(f.resources, resourcesPath, QUEUE_RESOURCES_FIELDS, ctx.sink, {
    what: 'a mapping {gpu?, cpu?, memory?} of {quota, limit, overQuotaWeight}',
  });
  for (const name of QUEUE_RESOURCE_NAMES) {
    const raw = perResource?.[name];
    if (raw === undefined) continue;
    const r = readFields(raw, [...resourcesPath, name], QUEUE_RESOURCE_FIELDS, ctx.sink, {
      what: 'a mapping {quota?, limit?, overQuotaWeight?}',
    });
    if (r === null) continue;
    const spec: Partial<QueueResourceSpec> = {};
    if (r.quota !== undefined) spec.quota = r.quota;
    if (r.limit !== undefined) spec.limit = r.limit;
    if (r.overQuotaWeight !== undefined) spec.overQuotaWeight = r.overQuotaWeight;
    out[name] = spec;
  }
  return out;
}

/** A Volcano resource list (`{cpu: 2, memory: 4Gi}`) with only the resources written; null if absent. */
export function readResourceList(
  raw: unknown,
  path: FieldPath,
  ctx: NormaliseContext,
): Partial<Resources> | null {
  if (raw === undefined) return null;
  const r = readFields(raw, path, RESOURCE_LIST_FIELDS, ctx.sink, { what: 'a resource mapping' });
  if (r === null) return null;
  const out: Partial<Resources> = {};
  for (const name of RESOURCE_NAMES) {
    const value = r[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}
