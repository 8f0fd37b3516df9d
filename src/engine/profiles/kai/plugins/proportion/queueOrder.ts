/**
 * KAI's queue order (`plugins/proportion/queue_order/queue_order.go`): which sibling queue offers the next
 * job. The first decisive rule wins.
 */
import { EPSILON, QUEUE_RESOURCE_NAMES, type QueueResources } from '../../../../model/resources';
import { allocatableShare, type QueueShare } from './queueShares';

// Plain loops rather than every/some with a closure: queue order compares queues tens of thousands of times
// per session, and each closure was garbage (issue 13). The arithmetic is unchanged.

function atOrBelowFairShare(s: QueueShare, extra: QueueResources | null): boolean {
  for (const r of QUEUE_RESOURCE_NAMES) {
    if (!(s.allocated[r] - (extra?.[r] ?? 0) <= s.fairShare[r] + EPSILON)) return false;
  }
  return true;
}

function withinQuota(s: QueueShare, job: QueueResources): boolean {
  for (const r of QUEUE_RESOURCE_NAMES) {
    if (!(s.quota[r] === -1 || s.allocated[r] + job[r] <= s.quota[r] + EPSILON)) return false;
  }
  return true;
}

function usesZeroShareResource(s: QueueShare, job: QueueResources): boolean {
  for (const r of QUEUE_RESOURCE_NAMES) {
    if (job[r] > EPSILON && allocatableShare(s, r) <= EPSILON) return true;
  }
  return false;
}

function dominantShare(s: QueueShare, job: QueueResources | null, taken: QueueResources | null): number {
  let max = 0;
  for (const r of QUEUE_RESOURCE_NAMES) {
    const share = allocatableShare(s, r);
    const used = s.allocated[r] + (job?.[r] ?? 0) - (taken?.[r] ?? 0);
    if (used <= EPSILON) continue;
    const ratio = share <= EPSILON ? Infinity : share === Infinity ? 0 : used / share;
    if (ratio > max) max = ratio;
  }
  return max;
}

function allocatableSum(s: QueueShare): number {
  let sum = 0;
  for (const r of QUEUE_RESOURCE_NAMES) {
    const v = allocatableShare(s, r);
    sum += Number.isFinite(v) ? v : 0;
  }
  return sum;
}

/**
 * Negative when `a` should offer its job before `b`. `aJob`/`bJob` are the requests of the job each would
 * offer (zero when none).
 */
export function compareQueueShares(
  a: QueueShare,
  b: QueueShare,
  aJob: QueueResources,
  bJob: QueueResources,
): number {
  const aFair = atOrBelowFairShare(a, null);
  const bFair = atOrBelowFairShare(b, null);
  if (aFair !== bFair) return aFair ? -1 : 1;
  const aStarved = withinQuota(a, aJob);
  const bStarved = withinQuota(b, bJob);
  if (aStarved !== bStarved) return aStarved ? -1 : 1;
  if (a.queue.spec.priority !== b.queue.spec.priority) return b.queue.spec.priority - a.queue.spec.priority;
  const aZero = usesZeroShareResource(a, aJob);
  const bZero = usesZeroShareResource(b, bJob);
  if (aZero !== bZero) return aZero ? 1 : -1;
  const withJob = dominantShare(a, aJob, null) - dominantShare(b, bJob, null);
  if (Math.abs(withJob) > EPSILON) return withJob;
  const without = dominantShare(a, null, null) - dominantShare(b, null, null);
  if (Math.abs(without) > EPSILON) return without;
  const alloc = allocatableSum(a) - allocatableSum(b);
  if (Math.abs(alloc) > EPSILON) return alloc;
  return 0;
}

/**
 * Victim queue order: the reverse of the queue order (the most over-served queue gives victims first),
 * with the victims already taken from each queue subtracted in the share rules, so victim selection
 * alternates between over-share queues (KAI `reclaim` victim queue).
 */
export function compareVictimQueueShares(
  a: QueueShare,
  b: QueueShare,
  aTaken: QueueResources | null,
  bTaken: QueueResources | null,
): number {
  const aOver = !atOrBelowFairShare(a, aTaken);
  const bOver = !atOrBelowFairShare(b, bTaken);
  if (aOver !== bOver) return aOver ? -1 : 1;
  if (a.queue.spec.priority !== b.queue.spec.priority) return a.queue.spec.priority - b.queue.spec.priority;
  const ds = dominantShare(b, null, bTaken) - dominantShare(a, null, aTaken);
  if (Math.abs(ds) > EPSILON) return ds;
  return 0;
}
