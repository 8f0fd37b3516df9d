/**
 * Trace details owned by the Volcano profile (kube-batch shares them). Shared code sees them as
 * `ProfileDetail` (profile + type); the UI renders each `type` with its own component.
 */
import type { QueueResources } from '../../model/resources';
import type { ProfileDetail, Vote } from '../../model/trace';
import type { VoteReason } from '../../framework/combine';

/** One plugin's line in a tier-by-tier table. */
export interface VoteLine {
  plugin: string;
  tier: number;
  vote: Vote;
  message: string;
}

/** JobEnqueueable / JobPipelined: every plugin asked, which tier decided and why. */
export interface TierVoteDetail extends ProfileDetail {
  profile: 'volcano';
  type: 'tier-vote';
  point: 'jobEnqueueable' | 'jobPipelined';
  lines: VoteLine[];
  result: boolean;
  reason: VoteReason;
  decidingTier: number | null;
  decidedBy: string | null;
  /**
   * Set when the sla plugin permitted but a Reject in the same or an earlier tier won: the design doc says
   * sla wins "regardless of other plugins returning Reject", the code does not (reference §2.3).
   */
  slaNote: string | null;
}

/** The numbers behind an enqueue gate (overcommit idle, proportion real capability). */
export interface EnqueueGateDetail extends ProfileDetail {
  profile: 'volcano';
  type: 'enqueue-gate';
  plugin: 'overcommit' | 'proportion';
  queue: string | null;
  minResources: QueueResources;
  /** overcommit: Σ inqueue minResources; proportion: allocated + inqueue − elastic of the queue. */
  alreadyCounted: QueueResources;
  /** overcommit: total × factor − used; proportion: real capability. */
  limit: QueueResources;
  factor: number | null;
  admitted: boolean;
}

/** The sla plugin's view of a job at this moment. */
export interface SlaDetail extends ProfileDetail {
  profile: 'volcano';
  type: 'sla';
  job: string;
  waitingTimeMs: number;
  source:
    'annotation volcano.sh/sla-waiting-time' | 'annotation sla-waiting-time' | 'argument sla-waiting-time';
  creationMs: number;
  deadlineMs: number;
  waitedMs: number;
  expired: boolean;
}

/** One plugin's answer in a victim vote. */
export interface VictimLine {
  plugin: string;
  tier: number;
  abstain: boolean;
  answer: string[];
  /** The running set after this plugin; null = no set (never started or emptied). */
  after: string[] | null;
  endedTier: boolean;
  message: string;
}

/** Preemptable / Reclaimable on one node: each plugin's victim list and the combined set. */
export interface VictimSetDetail extends ProfileDetail {
  profile: 'volcano';
  type: 'victim-set';
  point: 'preemptable' | 'reclaimable';
  rule: 'intersection-per-tier' | 'sticky-empty-veto';
  node: string;
  preemptorTask: string;
  candidates: string[];
  lines: VictimLine[];
  victims: string[];
  decidingTier: number | null;
}

/** drf's Preemptable arithmetic: the preemptor's share after the move against each candidate's. */
export interface DrfShareDetail extends ProfileDetail {
  profile: 'volcano';
  type: 'drf-share';
  preemptorJob: string;
  preemptorShare: number;
  candidates: { task: string; job: string; shareAfter: number; victim: boolean }[];
}

/** proportion's queue figures behind a reclaim or allocatable decision. */
export interface ProportionDetail extends ProfileDetail {
  profile: 'volcano';
  type: 'proportion-queue';
  queues: { queue: string; deserved: QueueResources; allocated: QueueResources; victims: string[] }[];
}

/** JobStarving: which tier decided and each plugin's answer. */
export interface StarvingDetail extends ProfileDetail {
  profile: 'volcano';
  type: 'starving';
  lines: { plugin: string; tier: number; starving: boolean }[];
  decidingTier: number | null;
  result: boolean;
}

export type VolcanoDetail =
  | TierVoteDetail
  | EnqueueGateDetail
  | SlaDetail
  | VictimSetDetail
  | DrfShareDetail
  | ProportionDetail
  | StarvingDetail;
