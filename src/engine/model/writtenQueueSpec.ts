/**
 * A queue sized by a weight and resource lists written on the queue object, in place of the core `quota`,
 * `limit` and `overQuotaWeight` (Volcano's and kube-batch's proportion and capacity inputs). A profile whose
 * queues are written so carries these fields in its queue extras under the names of `WrittenQueueSpec`
 * (decision 0340); shared views (queue card bars and tooltip) read them through `writtenSpecOf`, never by
 * profile name nor by a profile's whole extras shape, as `protectionsOf` reads job protections (0316).
 */
import type { Resources } from './resources';
import type { QueueState } from './snapshot';

/** The queue extras fields a profile that writes weights and resource lists on its queues fills. */
export interface WrittenQueueSpec {
  readonly weight: number;
  /** The written cap (null = none written). */
  readonly capability: Partial<Resources> | null;
  /** The written floor (null = none written). */
  readonly guarantee: Partial<Resources> | null;
  readonly reclaimable: boolean;
}

/** The queue's written spec as its profile's extras carry it; null when its profile writes none (KAI, Kueue). */
export function writtenSpecOf(queue: QueueState | null | undefined): WrittenQueueSpec | null {
  const x = queue?.extras as Partial<WrittenQueueSpec> | undefined;
  return x !== undefined && x.weight !== undefined && x.reclaimable !== undefined
    ? (x as WrittenQueueSpec)
    : null;
}
