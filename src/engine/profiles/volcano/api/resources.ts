/**
 * Resource helpers Volcano plugins share (upstream `api/helpers.go`, `util`): the queue-resource view of a
 * vector and the unallocated remainder of a PodGroup's minResources.
 */
import {
  QUEUE_RESOURCE_NAMES,
  RESOURCE_NAMES,
  type QueueResources,
  type Resources,
} from '../../../model/resources';
import type { JobInfo } from './JobInfo';

export function queueRes(r: Resources): QueueResources {
  const out = { gpu: 0, cpu: 0, memory: 0 };
  for (const n of QUEUE_RESOURCE_NAMES) out[n] = Number.isFinite(r[n]) ? r[n] : 0;
  return out;
}

/** max(minResources − allocated, 0) per dimension (`GetInqueueResource`). */
export function inqueueRemainder(job: JobInfo): Resources {
  const min = job.minResources as Resources;
  const out = { ...min };
  for (const n of RESOURCE_NAMES) out[n] = Math.max(min[n] - job.allocated[n], 0);
  return out;
}
