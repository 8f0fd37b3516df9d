/**
 * What a Kueue snapshot resolves for each card (decision 0298), in Kueue's own terms, so the views only draw:
 * whether it is a ClusterQueue or a Cohort, its cohort (parent), the nominal quota of its subtree, the
 * borrowing and lending limits written on it (summed over flavors), what it borrows above its nominal quota,
 * and how much of its unused quota its cohort may borrow now.
 *
 * Upstream (kueue @ff69552e): a node's SubtreeQuota is its nominal quota plus what its children lend
 * (pkg/cache/scheduler/resource_node.go:67-72, modelled in quotaTree.ts); it lends at most `lendingLimit`
 * (apis/kueue/v1beta2/clusterqueue_types.go:342; unset = all of it) and borrows above its quota up to
 * `borrowingLimit` (:330; unset = no limit).
 */
import { QUEUE_RESOURCE_NAMES, type QueueResources } from '../../model/resources';
import type { QueueSpec } from '../../model/scenario';
import type { ResolvedQueueFigures } from '../../model/snapshot';
import type { SnapshotQueueFigures } from '../../framework/ProfileModule';
import type { KueueShareFigures } from './sessionShares';
import type { KueueSpec, ResourceGroupSpec } from './spec';

export interface KueueQueueFigures extends ResolvedQueueFigures {
  readonly kind: 'clusterQueue' | 'cohort';
  /** The cohort a ClusterQueue joins, or a cohort's parent; null = none. */
  readonly cohort: string | null;
  /** Nominal quota of the subtree (a ClusterQueue's own), summed over flavors. */
  readonly nominal: QueueResources;
  /** Written borrowing limit per resource, summed over flavors; null = unlimited (no flavor sets one). */
  readonly borrowingLimit: Readonly<Record<keyof QueueResources, number | null>>;
  /** Written lending limit per resource; null = lends all its unused quota. */
  readonly lendingLimit: Readonly<Record<keyof QueueResources, number | null>>;
  /** In use above the nominal quota: borrowed from the cohort (0 when within it). */
  readonly borrowed: QueueResources;
  /** Unused quota the cohort may borrow from it now: min(lending limit, nominal − in use), at least 0. */
  readonly lendable: QueueResources;
  /**
   * Quota held in Kueue's accounting per `flavor/resource` at the session's end (session.ts quotaHeld,
   * decision 0312): a ClusterQueue's admitted Workloads' requests; a Cohort's is what its members use past
   * their non-lendable quota (resource_node.go:144-152 @ff69552e). Zero entries left out.
   */
  readonly quotaUsage: Readonly<Record<string, number>>;
  /**
   * With fair sharing on, its weight and dominant resource share at the end of the session, as the session
   * computed them (sessionShares.ts); null with fair sharing off, or for a node with no cohort above it.
   */
  readonly fairSharing: Omit<KueueShareFigures, 'profile'> | null;
}

/** A limit summed over the flavors that set it; null when none sets it. */
function limitOf(
  groups: readonly ResourceGroupSpec[],
  r: keyof QueueResources,
  field: 'borrowingLimit' | 'lendingLimit',
): number | null {
  let sum: number | null = null;
  for (const g of groups)
    for (const f of g.flavors)
      for (const q of f.resources) {
        const v = q[field];
        if (q.name === r && v !== null) sum = (sum ?? 0) + v;
      }
  return sum;
}

/** The resolver of one snapshot: reads the block once, then answers per card. */
export function kueueQueueFigures(
  spec: KueueSpec,
): (queue: QueueSpec, figures: SnapshotQueueFigures) => KueueQueueFigures | null {
  const groupsOf = new Map<
    string,
    { kind: KueueQueueFigures['kind']; groups: readonly ResourceGroupSpec[] }
  >();
  for (const c of spec.cohorts) groupsOf.set(c.name, { kind: 'cohort', groups: c.resourceGroups });
  for (const q of spec.clusterQueues)
    groupsOf.set(q.name, { kind: 'clusterQueue', groups: q.resourceGroups });
  return (queue, figures) => {
    const own = groupsOf.get(queue.name);
    if (own === undefined) return null;
    const zero = (): QueueResources => ({ gpu: 0, cpu: 0, memory: 0 });
    const borrowed = zero();
    const lendable = zero();
    const borrowingLimit = { gpu: null, cpu: null, memory: null } as Record<
      keyof QueueResources,
      number | null
    >;
    const lendingLimit = { ...borrowingLimit };
    for (const r of QUEUE_RESOURCE_NAMES) {
      // The card's band is the subtree's nominal quota (session.ts); what is in use above it is borrowed.
      const quota = figures.fairShare[r];
      const used = figures.allocated[r];
      borrowingLimit[r] = limitOf(own.groups, r, 'borrowingLimit');
      lendingLimit[r] = limitOf(own.groups, r, 'lendingLimit');
      borrowed[r] = Math.max(0, used - quota);
      lendable[r] = Math.max(0, Math.min(lendingLimit[r] ?? quota, quota - used));
    }
    const s = figures.sessionResolved as KueueShareFigures | undefined;
    return {
      profile: 'kueue',
      kind: own.kind,
      cohort: queue.parent,
      nominal: { ...figures.fairShare },
      borrowingLimit,
      lendingLimit,
      borrowed,
      lendable,
      quotaUsage: figures.quotaUsage ?? {},
      fairSharing:
        s === undefined ? null : { weight: s.weight, share: s.share, dominantResource: s.dominantResource },
    };
  };
}
