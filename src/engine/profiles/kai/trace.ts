/**
 * Trace details owned by the KAI profile (decision 0315): the numbers behind a minruntime, reclaimable,
 * saturation or gate verdict. They travel in the trace's one open slot, `Verdict.profileDetail`, as
 * Volcano's do; shared code sees only `profile` and `type` (and, for min-runtime protection and reclaim
 * figures, the neutral shapes of framework/verdictDetails.ts), and KAI's UI module renders each `type`.
 */
import type { ProtectionDetail, ReclaimFiguresDetail } from '../../framework/verdictDetails';
import type { QueueResources } from '../../model/resources';
import type { ProfileDetail } from '../../model/trace';

export type { QueueFigures } from '../../framework/verdictDetails';

/**
 * Why a candidate victim is or is not protected by min-runtime (KAI pkg/scheduler/plugins/minruntime/
 * minruntime.go @d5bc503a: the preempt and reclaim victim filters and the scenario validator).
 */
export interface MinRuntimeDetail extends ProtectionDetail {
  readonly profile: 'kai';
}

/**
 * The proportion plugin's reclaimable check of one victim chunk (KAI pkg/scheduler/plugins/proportion/
 * reclaimable @d5bc503a: MaintainFairShare and GuaranteeDeservedQuota at the leveled queues).
 */
export interface ReclaimableDetail extends ReclaimFiguresDetail {
  readonly profile: 'kai';
}

/** The reclaimer's saturation ratio against a sibling's (proportion's reclaimable, the saturation rule). */
export interface SaturationDetail extends ProfileDetail {
  readonly profile: 'kai';
  readonly type: 'saturation';
  queue: string;
  sibling: string;
  resource: string;
  reclaimerRatio: number;
  siblingRatio: number;
  multiplier: number;
}

/** The proportion gate on a reclaimer's queue (canReclaimResources). */
export interface GateDetail extends ProfileDetail {
  readonly profile: 'kai';
  readonly type: 'gate';
  queue: string;
  allocated: QueueResources;
  request: QueueResources;
  fairShare: QueueResources;
  quota: QueueResources;
}

export type KaiDetail = MinRuntimeDetail | ReclaimableDetail | SaturationDetail | GateDetail;
