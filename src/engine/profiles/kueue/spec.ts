/**
 * The Kueue objects a `profile: kueue` scenario declares under `kueue:` (docs/scenario-format.md §27,
 * addition), as the session runner reads them. Field names and defaults follow the v1beta2 API at
 * kueue ff69552e: apis/kueue/v1beta2/clusterqueue_types.go, cohort_types.go, resourceflavor_types.go.
 */
import type { ResourceName } from '../../model/resources';

/** `PreemptionPolicy` (clusterqueue_types.go:430); `Any` only for reclaimWithinCohort (:536). */
export type WithinClusterQueuePolicy = 'Never' | 'LowerPriority' | 'LowerOrNewerEqualPriority';
export type ReclaimWithinCohortPolicy = 'Never' | 'LowerPriority' | 'Any';
export type KueuePreemptionPolicy = WithinClusterQueuePolicy | ReclaimWithinCohortPolicy;
/** `BorrowWithinCohortPolicy` (clusterqueue_types.go:583): Never or LowerPriority. */
export type BorrowWithinCohortPolicy = 'Never' | 'LowerPriority';
export type QueueingStrategy = 'BestEffortFIFO' | 'StrictFIFO';
export type FungibilityPolicy = 'MayStopSearch' | 'TryNextFlavor';
export type FungibilityPreference = 'BorrowingOverPreemption' | 'PreemptionOverBorrowing';

/** One `ResourceQuota` (clusterqueue_types.go:300-342); null limits are unset (no limit). */
export interface ResourceQuotaSpec {
  readonly name: ResourceName;
  readonly nominalQuota: number;
  readonly borrowingLimit: number | null;
  readonly lendingLimit: number | null;
}

export interface FlavorQuotasSpec {
  readonly name: string;
  readonly resources: readonly ResourceQuotaSpec[];
}

/** `ResourceGroup` (clusterqueue_types.go:255): resources that take the same flavor. */
export interface ResourceGroupSpec {
  readonly coveredResources: readonly ResourceName[];
  readonly flavors: readonly FlavorQuotasSpec[];
}

export interface ClusterQueuePreemptionSpec {
  readonly withinClusterQueue: WithinClusterQueuePolicy;
  readonly reclaimWithinCohort: ReclaimWithinCohortPolicy;
  readonly borrowWithinCohort: {
    readonly policy: BorrowWithinCohortPolicy;
    readonly maxPriorityThreshold: number | null;
  };
}

export interface FlavorFungibilitySpec {
  readonly whenCanBorrow: FungibilityPolicy;
  readonly whenCanPreempt: FungibilityPolicy;
  readonly preference: FungibilityPreference | null;
}

export interface ClusterQueueSpec {
  readonly name: string;
  /** `cohortName`; null = no cohort. */
  readonly cohort: string | null;
  readonly queueingStrategy: QueueingStrategy;
  readonly resourceGroups: readonly ResourceGroupSpec[];
  readonly preemption: ClusterQueuePreemptionSpec;
  readonly flavorFungibility: FlavorFungibilitySpec;
  /** `fairSharing.weight` (clusterqueue_types.go:150, fairsharing_types.go:25-40); 1 when unset. */
  readonly fairWeight: number;
}

/** A Cohort object (cohort_types.go): its own quota and an optional parent (hierarchical cohorts). */
export interface CohortSpec {
  readonly name: string;
  readonly parent: string | null;
  readonly resourceGroups: readonly ResourceGroupSpec[];
  /** False for a cohort only named by a `cohortName`/`parentName` (upstream creates it implicitly). */
  readonly declared: boolean;
  /** `fairSharing.weight` (cohort_types.go:71); 1 when unset. */
  readonly fairWeight: number;
}

/** `ResourceFlavor` (resourceflavor_types.go): the node labels its pods are steered to. */
export interface ResourceFlavorSpec {
  readonly name: string;
  readonly nodeLabels: Readonly<Record<string, string>>;
}

/** `PreemptionStrategy` of the scheduler Configuration (apis/config/v1beta2/configuration_types.go:736-740). */
export type FairSharingStrategy = 'LessThanOrEqualToFinalShare' | 'LessThanInitialShare';

/**
 * The Configuration's `fairSharing` (configuration_types.go:92-93, :742-766): present = fair sharing on
 * (pkg/scheduler/preemption/fairsharing/strategy.go Enabled: `pfs != nil`).
 */
export interface FairSharingConfig {
  readonly preemptionStrategies: readonly FairSharingStrategy[];
}

export interface KueueSpec {
  readonly kind: 'kueue';
  /** The scheduler Configuration's fairSharing; null = fair sharing off (the default). */
  readonly fairSharing: FairSharingConfig | null;
  readonly resourceFlavors: readonly ResourceFlavorSpec[];
  /** Declared cohorts first (document order), then implicit ones (first mention order). */
  readonly cohorts: readonly CohortSpec[];
  readonly clusterQueues: readonly ClusterQueueSpec[];
}

export function isKueueSpec(value: unknown): value is KueueSpec {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'kueue';
}
