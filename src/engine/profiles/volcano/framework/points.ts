/**
 * Volcano's extension points (`framework/session_plugins.go`) with their callback types and the enable
 * flag that governs each (`conf.PluginOption`). Points without a flag are always on when registered.
 */
import type { VictimAnswer, VoteValue } from '../../../framework/combine';
import type { ProfileDetail } from '../../../model/trace';
import type { JobInfo, TaskInfo } from '../api/JobInfo';
import type { NodeInfo } from '../api/NodeInfo';
import type { QueueInfo } from '../api/QueueInfo';

/** A plugin's vote with the reason in plain words. */
export interface VoteAnswer {
  vote: VoteValue;
  message: string;
  detail?: ProfileDetail;
}

/**
 * A plugin's victim list with the reason in plain words. Victim votes run for every candidate node of
 * every preemptor, so the message and detail may be given lazily: only the node a decision used is
 * explained in the trace.
 */
export interface VictimVote extends VictimAnswer<TaskInfo> {
  message: string | (() => string);
  detail?: ProfileDetail | (() => ProfileDetail);
}

/** A predicate failure: `unresolvable` ones also exclude the node from preemption (k8s status codes). */
export interface PredicateFailure {
  reason: string;
  unresolvable: boolean;
}

export interface VolcanoPoints {
  jobOrder: (l: JobInfo, r: JobInfo) => number;
  queueOrder: (l: QueueInfo, r: QueueInfo) => number;
  victimQueueOrder: (l: QueueInfo, r: QueueInfo, preemptorQueue: QueueInfo | null) => number;
  taskOrder: (l: TaskInfo, r: TaskInfo) => number;
  predicate: (task: TaskInfo, node: NodeInfo) => PredicateFailure | null;
  nodeOrder: (task: TaskInfo, node: NodeInfo) => number;
  jobValid: (job: JobInfo) => string | null;
  jobReady: (job: JobInfo) => boolean;
  jobPipelined: (job: JobInfo) => VoteAnswer;
  jobEnqueueable: (job: JobInfo) => VoteAnswer;
  jobEnqueued: (job: JobInfo) => void;
  jobStarving: (job: JobInfo) => boolean;
  overused: (queue: QueueInfo) => boolean;
  allocatable: (queue: QueueInfo, task: TaskInfo) => boolean;
  preemptive: (queue: QueueInfo, task: TaskInfo) => boolean;
  preemptable: (preemptor: TaskInfo, candidates: readonly TaskInfo[]) => VictimVote;
  reclaimable: (reclaimer: TaskInfo, candidates: readonly TaskInfo[]) => VictimVote;
}

export const POINT_FLAGS: Readonly<Record<keyof VolcanoPoints, string | null>> = {
  jobOrder: 'enableJobOrder',
  queueOrder: 'enableQueueOrder',
  victimQueueOrder: null,
  taskOrder: 'enableTaskOrder',
  predicate: 'enablePredicate',
  nodeOrder: 'enableNodeOrder',
  jobValid: null,
  jobReady: 'enableJobReady',
  jobPipelined: 'enableJobPipelined',
  // `enableJobEnqueued` gates both JobEnqueueable and JobEnqueued (reference §1.2).
  jobEnqueueable: 'enableJobEnqueued',
  jobEnqueued: 'enableJobEnqueued',
  jobStarving: 'enableJobStarving',
  overused: 'enabledOverused',
  allocatable: 'enabledAllocatable',
  preemptive: 'enablePreemptive',
  preemptable: 'enablePreemptable',
  reclaimable: 'enableReclaimable',
};

/** Allocation events (`ssn.AddEventHandler`): drf and proportion keep their shares current. */
export interface EventHandler {
  allocate?(task: TaskInfo): void;
  deallocate?(task: TaskInfo): void;
}
