/**
 * What one job adds to its queue's figures at session open, as proportion and capacity both count it
 * (volcano `plugins/proportion/proportion.go` OnSessionOpen, `plugins/capacity/capacity.go:1105-1145`
 * @ed72c7c8): allocated and requested resources, the inqueue reservation of an Inqueue job (or of a
 * Running job with at least minAvailable ready tasks), and the elastic part above minResources.
 */
import { RESOURCE_NAMES, addInto, zeroResources, type Resources } from '../../../model/resources';
import type { JobInfo } from './JobInfo';
import { inqueueRemainder } from './resources';

export interface QueueDemand {
  allocated: Resources;
  request: Resources;
  inqueue: Resources;
  elastic: Resources;
}

export function emptyDemand(): QueueDemand {
  return {
    allocated: zeroResources(),
    request: zeroResources(),
    inqueue: zeroResources(),
    elastic: zeroResources(),
  };
}

/** Adds `job`'s share of the queue figures into `into`. */
export function addJobDemand(into: QueueDemand, job: JobInfo): void {
  for (const t of job.tasks) {
    if (t.status === 'Running' || t.status === 'Allocated' || t.status === 'Binding') {
      addInto(into.allocated, t.req);
      addInto(into.request, t.req);
    } else if (t.status === 'Pending') addInto(into.request, t.req);
  }
  if (job.minResources) {
    if (job.phase === 'Inqueue') addInto(into.inqueue, inqueueRemainder(job));
    else if (job.phase === 'Running' && job.readyTaskNum() >= job.minAvailable)
      addInto(into.inqueue, inqueueRemainder(job));
  }
  const min = job.minResources ?? zeroResources();
  for (const n of RESOURCE_NAMES) into.elastic[n] += Math.max(job.allocated[n] - min[n], 0);
}
