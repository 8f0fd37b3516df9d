/**
 * Capacity an entry holds in the cycle's snapshot when it needs preemption but has no candidates
 * (kueue pkg/scheduler/scheduler.go:437-442 processEntry, :547-557 reserveCapacityForUnreclaimablePreempt,
 * :779-822 resourcesToReserve/quotaResourcesToReserve @ff69552e). A ClusterQueue that cannot always reclaim
 * what it lends (its reclaimWithinCohort is not Any, pkg/scheduler/preemption/policy.go:24-29) keeps the
 * quota such a Workload waits for, so another ClusterQueue cannot borrow it later in the same cycle. The
 * alpha gate PrioritizePreemptorWorkloads (off by default) is not modelled (§27.6).
 */
import type { Assignment } from './flavorAssigner';
import { gt, type FlavorResource, type QuotaNode } from './quotaTree';
import type { ClusterQueueSpec } from './spec';

/** policy.go:27-29 CanAlwaysReclaim. */
export function canAlwaysReclaim(cq: ClusterQueueSpec): boolean {
  return cq.preemption.reclaimWithinCohort === 'Any';
}

/**
 * quotaResourcesToReserve (scheduler.go:797-822) for a Preempt assignment: when borrowing, up to the
 * borrowing limit's headroom (all of it without a limit); otherwise up to the nominal quota's headroom,
 * never below 0. The Workload is pending, so it holds no reservation of its own (netUsage, :785-795).
 */
export function capacityToReserve(node: QuotaNode, assignment: Assignment): Map<FlavorResource, number> {
  const out = new Map<FlavorResource, number>();
  for (const [fr, usage] of assignment.usage) {
    const quota = node.quotas.get(fr);
    const nominal = quota?.nominal ?? 0;
    const used = node.usage.get(fr) ?? 0;
    if (assignment.borrows > 0) {
      const limit = quota?.borrowingLimit ?? null;
      out.set(fr, limit === null ? usage : Math.min(usage, nominal + limit - used));
    } else {
      const headroom = nominal - used;
      out.set(fr, gt(0, headroom) ? 0 : Math.min(usage, headroom));
    }
  }
  return out;
}
