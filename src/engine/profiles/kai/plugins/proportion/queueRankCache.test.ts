/**
 * The queue-rank cache (decision 0349) gives the comparison a fresh computation gives, whatever changed in
 * between: random shares whose allocation moves (also back to a value seen before), offers that change
 * object or keep it, and ties decided by the later rules (equal priority, equal dominant shares).
 */
import { describe, expect, it } from 'vitest';
import { QueueInfo } from '../../framework/QueueInfo';
import type { QueueSpec } from '../../../../model/scenario';
import type { QueueResources } from '../../../../model/resources';
import { mulberry32 } from '../../../../testing/mulberry32';
import { newShare, type QueueShare } from './queueShares';
import { compareQueueShares, compareRanks, QueueRankCache } from './queueOrder';

function share(name: string, random: () => number): QueueShare {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const res = () => ({ quota: pick([-1, 0, 4, 8]), limit: pick([-1, 8, 16]), overQuotaWeight: 1 });
  const spec = {
    name,
    parent: null,
    priority: pick([0, 0, 1]),
    resources: { gpu: res(), cpu: res(), memory: res() },
  } as unknown as QueueSpec;
  const s = newShare(new QueueInfo(spec));
  for (const r of ['gpu', 'cpu', 'memory'] as const) {
    s.fairShare[r] = pick([0, 2, 4, 8]);
    const limit = s.limit[r] === -1 ? Infinity : s.limit[r];
    s.share[r] = s.quota[r] === -1 ? limit : Math.min(Math.max(s.quota[r], s.fairShare[r]), limit);
  }
  return s;
}

describe('QueueRankCache', () => {
  it('compares as a fresh computation does, over 5,000 random steps', () => {
    const random = mulberry32(349);
    const shares = Array.from({ length: 6 }, (_, i) => share(`q${i}`, random));
    const offers: QueueResources[] = Array.from({ length: 5 }, () => ({
      gpu: Math.floor(random() * 4),
      cpu: Math.floor(random() * 3),
      memory: 0,
    }));
    const offerOf = new Map(shares.map((s) => [s, offers[0] as QueueResources]));
    const cache = new QueueRankCache();
    const outcomes = new Set<number>();
    for (let step = 0; step < 5_000; step++) {
      const s = shares[Math.floor(random() * shares.length)] as QueueShare;
      const what = random();
      if (what < 0.2) s.allocated.gpu = Math.floor(random() * 10);
      else if (what < 0.3) s.allocated.cpu = Math.floor(random() * 4);
      else if (what < 0.45) offerOf.set(s, offers[Math.floor(random() * offers.length)] as QueueResources);
      else if (what < 0.5) offerOf.set(s, { ...(offerOf.get(s) as QueueResources) });
      const a = shares[Math.floor(random() * shares.length)] as QueueShare;
      const b = shares[Math.floor(random() * shares.length)] as QueueShare;
      const aJob = offerOf.get(a) as QueueResources;
      const bJob = offerOf.get(b) as QueueResources;
      const cached = compareRanks(cache.rank(a, aJob), cache.rank(b, bJob));
      expect(cached).toBe(compareQueueShares(a, b, aJob, bJob));
      outcomes.add(Math.sign(cached));
    }
    // Each outcome occurred: the steps exercised orderings both ways and ties.
    expect([...outcomes].sort()).toEqual([-1, 0, 1]);
  });
});
