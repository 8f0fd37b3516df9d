/**
 * The Kueue profile (`profile: kueue`, kueue @ff69552e): its session runner, its scenario block reader
 * (`kueue:`) and the queue cards it shows (one per Cohort and ClusterQueue). Shaped as the other session
 * profiles; `module.ts` wraps it as the profile's `ProfileModule`.
 *
 * Upstream Kueue has no minimum-runtime or preemption-protection period at this commit (no MinRuntime or
 * ProtectionPeriod in apis/ or pkg/): a Workload may be preempted the session after it is admitted.
 */
import type { DerivedQueue, ProfileFieldIssue } from '../../framework/ProfileModule';
import type { SessionProfile } from '../../framework/Profile';
import { QUEUE_RESOURCE_NAMES, type QueueResourceName } from '../../model/resources';
import type { QueueResourceSpec, QueueSpec } from '../../model/scenario';
import { readKueueSpec } from './readSpec';
import { runKueueSession } from './session';
import type { KueueSpec, ResourceGroupSpec } from './spec';

export const kueueProfile: SessionProfile = {
  name: 'kueue',
  runSession: runKueueSession,
};

/** The scenario key of the profile's own block. */
export const KUEUE_BLOCK = 'kueue';

export function readKueueBlock(raw: unknown): { data: KueueSpec | null; issues: ProfileFieldIssue[] } {
  const r = readKueueSpec(raw, [KUEUE_BLOCK]);
  return { data: r.spec, issues: r.issues };
}

function nominal(groups: readonly ResourceGroupSpec[], r: QueueResourceName): number {
  let sum = 0;
  for (const g of groups)
    for (const f of g.flavors) for (const q of f.resources) if (q.name === r) sum += q.nominalQuota;
  return sum;
}

/**
 * The queue tree the shared views draw: every Cohort (parent = its parentName) and ClusterQueue (parent =
 * its cohortName), with the nominal quota summed over flavors as the card's quota and the fair-sharing
 * weight as the card's weight (1 unless set; it counts only when the block turns fair sharing on). Kueue
 * has no queue priority; that field keeps a neutral value.
 */
export function kueueQueues(spec: KueueSpec): DerivedQueue[] {
  const card = (
    name: string,
    parent: string | null,
    groups: readonly ResourceGroupSpec[],
    fairWeight: number,
  ): QueueSpec => {
    const resources = {} as Record<QueueResourceName, QueueResourceSpec>;
    for (const r of QUEUE_RESOURCE_NAMES)
      resources[r] = { quota: nominal(groups, r), limit: -1, overQuotaWeight: 1 };
    return {
      name,
      parent,
      priority: 0,
      resources,
      preemptMinRuntimeMs: null,
      reclaimMinRuntimeMs: null,
      // fairSharing.weight (fair_sharing.go:202-216): drawn in the card's weight slot (queueWords.ts).
      weight: fairWeight,
      capability: null,
      deserved: null,
      guarantee: null,
      state: 'Open',
      reclaimable: true,
    };
  };
  // Paths for messages of the shared queue checks: declared cohorts come first, in document order.
  let declared = 0;
  return [
    ...spec.cohorts.map((c) => ({
      queue: card(c.name, c.parent, c.resourceGroups, c.fairWeight),
      path: c.declared ? [KUEUE_BLOCK, 'cohorts', declared++] : [KUEUE_BLOCK, 'clusterQueues'],
    })),
    ...spec.clusterQueues.map((q, i) => ({
      queue: card(q.name, q.cohort, q.resourceGroups, q.fairWeight),
      path: [KUEUE_BLOCK, 'clusterQueues', i],
    })),
  ];
}
