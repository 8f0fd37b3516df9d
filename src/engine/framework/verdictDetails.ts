/**
 * Two detail shapes that shared readers (the explain commands, the queue tree's protection path, the decision
 * log's "show on tree") read from whichever profile records them, by detail `type` (decision 0315). They
 * are questions any scheduler with min-runtime-style protection or a leveled reclaim check can answer;
 * KAI records both today (its types in profiles/kai/trace.ts extend these). Every other detail type is
 * its profile's own and only its UI module reads it.
 */
import type { QueueResources } from '../model/resources';
import type { MinRuntimeResolution, ProfileDetail, Verdict } from '../model/trace';

/** Why a candidate victim is or is not protected by its minimum runtime. */
export interface ProtectionDetail extends ProfileDetail {
  readonly type: 'minruntime';
  resolution: MinRuntimeResolution;
  startedAtMs: number | null;
  protectedUntilMs: number | null;
  isProtected: boolean;
  isElastic: boolean;
}

/** Numbers of one queue as a reclaim check saw them. */
export interface QueueFigures {
  queue: string;
  allocated: QueueResources;
  quota: QueueResources;
  fairShare: QueueResources;
  /** max(quota, fair share) capped by limit. */
  allocatableShare: QueueResources;
}

/** A reclaim check of one victim chunk at the two leveled queues (reclaimer side, victim side). */
export interface ReclaimFiguresDetail extends ProfileDetail {
  readonly type: 'reclaimable';
  /** Tasks of the victim chunk being checked. */
  chunk: string[];
  reclaimerLevel: QueueFigures;
  /** The victim-side leveled queue, with its remaining allocation before this chunk is subtracted. */
  victimLevel: QueueFigures;
  request: QueueResources;
  maintainFairShare: boolean;
  guaranteeDeservedQuota: boolean;
}

/** The verdict's protection detail, or null. */
export function protectionDetailOf(v: Verdict): ProtectionDetail | null {
  return v.profileDetail?.type === 'minruntime' ? (v.profileDetail as ProtectionDetail) : null;
}

/** The verdict's reclaim-figures detail, or null. */
export function reclaimFiguresOf(v: Verdict): ReclaimFiguresDetail | null {
  return v.profileDetail?.type === 'reclaimable' ? (v.profileDetail as ReclaimFiguresDetail) : null;
}
