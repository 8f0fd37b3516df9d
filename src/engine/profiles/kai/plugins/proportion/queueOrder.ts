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
 * What queue order reads of one queue offering one job, rule by rule (see {@link compareRanks}). Each figure
 * depends only on that queue's share and that job's request, so a queue compared many times with one offer
 * (a tournament replays a changed child against its unchanged siblings) computes them once: see
 * {@link QueueRankCache}.
 */
export interface QueueRank {
  fair: boolean;
  starved: boolean;
  priority: number;
  zero: boolean;
  withJob: number;
  without: number;
  alloc: number;
}

export function queueRank(s: QueueShare, job: QueueResources): QueueRank {
  return {
    fair: atOrBelowFairShare(s, null),
    starved: withinQuota(s, job),
    priority: s.queue.spec.priority,
    zero: usesZeroShareResource(s, job),
    withJob: dominantShare(s, job, null),
    without: dominantShare(s, null, null),
    alloc: allocatableSum(s),
  };
}

/**
 * Negative when the queue ranked `a` should offer its job before the one ranked `b` (KAI
 * plugins/proportion/queue_order/queue_order.go @d5bc503): the first decisive rule wins. The differences
 * are taken between the same numbers, in the same order, as when each comparison computed them afresh.
 */
export function compareRanks(a: QueueRank, b: QueueRank): number {
  if (a.fair !== b.fair) return a.fair ? -1 : 1;
  if (a.starved !== b.starved) return a.starved ? -1 : 1;
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.zero !== b.zero) return a.zero ? 1 : -1;
  const withJob = a.withJob - b.withJob;
  if (Math.abs(withJob) > EPSILON) return withJob;
  const without = a.without - b.without;
  if (Math.abs(without) > EPSILON) return without;
  const alloc = a.alloc - b.alloc;
  if (Math.abs(alloc) > EPSILON) return alloc;
  return 0;
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
  return compareRanks(queueRank(a, aJob), queueRank(b, bJob));
}

/**
 * Each queue's rank for the last offer it was ranked with, kept while neither the offer's request (the
 * same object: proportion's jobRequest makes a new one when the job changes) nor the queue's allocation
 * changed. Every other figure the rank reads (fair share, quota, allocatable share, priority) is fixed for
 * the session once fair shares are divided. A victim scenario pops hundreds of pending jobs, each replaying
 * log(siblings) comparisons per level, and recomputing both ranks each time was most of a session's time
 * on a 200-node snapshot (decision 0349).
 */
export class QueueRankCache {
  private readonly ranks = new Map<QueueShare, CachedRank>();

  rank(s: QueueShare, job: QueueResources): QueueRank {
    const hit = this.ranks.get(s);
    const al = s.allocated;
    if (
      hit !== undefined &&
      hit.job === job &&
      hit.gpu === al.gpu &&
      hit.cpu === al.cpu &&
      hit.memory === al.memory
    )
      return hit.rank;
    const rank = queueRank(s, job);
    this.ranks.set(s, { job, gpu: al.gpu, cpu: al.cpu, memory: al.memory, rank });
    return rank;
  }
}

interface CachedRank {
  job: QueueResources;
  gpu: number;
  cpu: number;
  memory: number;
  rank: QueueRank;
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
