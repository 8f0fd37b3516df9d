/**
 * Each card's dominant resource share at the end of a session with fair sharing on (decision 0314), so the
 * views draw the share the engine computed instead of working it out: the quota tree with the usage of every
 * Workload still holding quota, as the next cycle's snapshot would see it (snapshot.go @ff69552e), and the
 * DRS of every ClusterQueue and Cohort below a cohort (fair_sharing.go:149-182; a root's is 0 and is left out).
 */
import type { ResolvedQueueFigures } from '../../model/snapshot';
import { dominantResourceShare, weightedShare } from './fairShare';
import { Snapshot } from './snapshot';
import type { KueueSpec } from './spec';
import type { Workload } from './workloads';

/** A card's share with fair sharing on (`QueueState.resolved` of profile kueue carries it as `fairSharing`). */
export interface KueueShareFigures extends ResolvedQueueFigures {
  /** The node's `fairSharing.weight` (fairsharing_types.go:25-40; 1 unless written). */
  readonly weight: number;
  /**
   * The weighted share as a fraction of what the parent cohort could lend it: upstream's
   * PreciseWeightedShare ÷ 1000 (fair_sharing.go:90-98); 0 when not borrowing; null = infinite (weight 0
   * while borrowing).
   */
  readonly share: number | null;
  /** The resource that gave the share ('' when not borrowing). */
  readonly dominantResource: string;
}

export function sessionShares(
  spec: KueueSpec,
  workloads: readonly Workload[],
): Map<string, KueueShareFigures> {
  const snapshot = new Snapshot(spec, workloads);
  const out = new Map<string, KueueShareFigures>();
  for (const node of [...snapshot.tree.cohorts.values(), ...snapshot.tree.queues.values()]) {
    if (node.parent === null) continue;
    const drs = dominantResourceShare(node);
    const w = weightedShare(drs);
    out.set(node.name, {
      profile: 'kueue',
      weight: drs.fairWeight,
      share: Number.isFinite(w) ? w / 1000 : null,
      dominantResource: drs.dominantResource,
    });
  }
  return out;
}
