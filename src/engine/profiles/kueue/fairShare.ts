/**
 * Kueue's Dominant Resource Share (DRS) of a ClusterQueue or Cohort, as kueue
 * pkg/cache/scheduler/fair_sharing.go @ff69552e computes it: for each resource, what the node uses above
 * its SubtreeQuota (a ClusterQueue's is its nominal quota), summed over flavors, divided by what its
 * parent could lend it (potentialAvailable of the parent, summed over flavors); the largest ratio
 * (in per-mille, ×1000 as upstream) divided by the node's fair-sharing weight.
 */
import { gt, potentialAvailable, rootOf, type FlavorResource, type QuotaNode } from './quotaTree';

export interface DRS {
  readonly fairWeight: number;
  /** Largest borrowed ÷ lendable over resources, ×1000 (fair_sharing.go:173); -1 only for {@link NEGATIVE_DRS}. */
  readonly unweightedRatio: number;
  /** The resource that gave the ratio ('' when none). */
  readonly dominantResource: string;
  /** Usage above quota on any flavor-resource (fair_sharing.go:47-50). */
  readonly borrowing: boolean;
  readonly borrowedFRs: readonly FlavorResource[];
}

/** fair_sharing.go:56-59 NegativeDRS: the starting point of "highest share" searches. */
export const NEGATIVE_DRS: DRS = {
  fairWeight: 1,
  unweightedRatio: -1,
  dominantResource: '',
  borrowing: false,
  borrowedFRs: [],
};

const isZero = (d: DRS): boolean => d.unweightedRatio === 0;
/** fair_sharing.go:143-147 zeroWeightBorrows. */
const zeroWeightBorrows = (d: DRS): boolean => d.fairWeight === 0 && !isZero(d);

/** fair_sharing.go:90-98 PreciseWeightedShare: 0 when not borrowing, +∞ for weight 0. */
export function weightedShare(d: DRS): number {
  if (isZero(d)) return 0;
  if (d.fairWeight === 0) return Infinity;
  return d.unweightedRatio / d.fairWeight;
}

/** fair_sharing.go:112-123 CompareDRS: lower is preferred for admission, higher for preemption. */
export function compareDRS(a: DRS, b: DRS): number {
  const cmp = (x: number, y: number) => (x < y ? -1 : x > y ? 1 : 0);
  const za = zeroWeightBorrows(a);
  const zb = zeroWeightBorrows(b);
  if (za && zb) return cmp(a.unweightedRatio, b.unweightedRatio);
  if (za) return 1;
  if (zb) return -1;
  return cmp(weightedShare(a), weightedShare(b));
}

/** fair_sharing.go:75-84 IsBorrowingOn: borrowing on a flavor-resource the request uses. */
export function isBorrowingOn(d: DRS, requested: ReadonlyMap<FlavorResource, number>): boolean {
  return d.borrowedFRs.some((fr) => (requested.get(fr) ?? 0) > 0);
}

/**
 * fair_sharing.go:184-200 calculateLendable: per resource, what `parent` could ever hold, over every
 * flavor-resource of the root's SubtreeQuota.
 */
function lendable(parent: QuotaNode): Map<string, number> {
  const out = new Map<string, number>();
  for (const fr of rootOf(parent).subtreeQuota.keys()) {
    const resource = fr.slice(fr.indexOf('/') + 1);
    out.set(resource, (out.get(resource) ?? 0) + potentialAvailable(parent, fr));
  }
  return out;
}

/** fair_sharing.go:149-182 dominantResourceShare of a node (a root has share 0). */
export function dominantResourceShare(n: QuotaNode): DRS {
  const drs = { fairWeight: n.fairWeight, unweightedRatio: 0, dominantResource: '' };
  if (n.parent === null) return { ...drs, borrowing: false, borrowedFRs: [] };
  const borrowedFRs: FlavorResource[] = [];
  const borrowed = new Map<string, number>();
  for (const [fr, quota] of n.subtreeQuota) {
    const amount = (n.usage.get(fr) ?? 0) - quota;
    if (!gt(amount, 0)) continue;
    const resource = fr.slice(fr.indexOf('/') + 1);
    borrowed.set(resource, (borrowed.get(resource) ?? 0) + amount);
    borrowedFRs.push(fr);
  }
  if (borrowed.size === 0) return { ...drs, borrowing: false, borrowedFRs: [] };
  const lend = lendable(n.parent);
  for (const [resource, b] of borrowed) {
    const lr = lend.get(resource) ?? 0;
    if (!gt(lr, 0)) continue;
    const ratio = (b * 1000) / lr;
    // Ties go to the alphabetically first resource, as upstream (:175).
    if (ratio > drs.unweightedRatio || (ratio === drs.unweightedRatio && resource < drs.dominantResource)) {
      drs.unweightedRatio = ratio;
      drs.dominantResource = resource;
    }
  }
  return { ...drs, borrowing: true, borrowedFRs: borrowedFRs.sort() };
}

const fmt = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/\.?0+$/, ''));

/**
 * A share in plain words: the weighted share as a fraction of what the cohort can lend (upstream's status
 * `weightedShare` is this ×1000, rounded up; fair_sharing.go:133-141), with its dominant resource.
 */
export function shareText(d: DRS): string {
  if (zeroWeightBorrows(d)) return 'infinite (weight 0 while borrowing)';
  const w = weightedShare(d);
  if (w === 0) return '0';
  return `${fmt(w / 1000)} (${d.dominantResource})`;
}
