/**
 * The state of the simulated cluster at the end of one session, as the UI and the CLI see it.
 */
import type { QueueResources, Resources } from './resources';
import type { Decision, MinRuntimeResolution, SessionTrace, TaskStatus } from './trace';

export interface TaskState {
  name: string;
  job: string;
  status: TaskStatus;
  node: string | null;
  /** GPU devices used on `node` (index and the fraction of it), for Running, Pipelined and Releasing tasks. */
  gpus: { index: number; share: number }[];
}

export interface ProtectionState {
  resolution: MinRuntimeResolution;
  /** Time until which the job is protected (null when it has no start time). */
  protectedUntilMs: number | null;
  isProtected: boolean;
}

export interface JobState {
  name: string;
  queue: string;
  /** Volcano PodGroup phase, or a KAI-style summary (`Pending`, `Running`, `Succeeded`). */
  phase: string;
  priority: number;
  priorityClassName: string | null;
  preemptible: boolean;
  minAvailable: number;
  taskCount: number;
  running: number;
  pipelined: number;
  pending: number;
  releasing: number;
  succeeded: number;
  submitAtMs: number;
  /** Last fresh start (KAI last-start-timestamp), null when never started. */
  startedAtMs: number | null;
  /** Time run so far towards `runtime` (ms). */
  progressMs: number;
  runtimeMs: number | null;
  isElastic: boolean;
  /** Preempt protection (walk up from the job's queue) and reclaim protection by the queue method. */
  preemptProtection: ProtectionState | null;
  reclaimProtection: ProtectionState | null;
  /** Profile-owned extras (Volcano: SLA clock, last enqueue vote); absent for KAI. */
  extras?: JobExtras;
}

/** Per-job facts a profile adds to the neutral core (Volcano and kube-batch). */
export interface JobExtras {
  profile: string;
  /**
   * The sla plugin's waiting time for this job, when it has one (ms), where it came from, its deadline
   * (creation + waiting time), and at this session's time how long it has waited and how long is left.
   */
  sla: {
    waitingTimeMs: number;
    source: string;
    deadlineMs: number;
    expired: boolean;
    /** Session time − creation (0 before creation). */
    waitedMs: number;
    /** Deadline − session time, 0 once expired. */
    remainingMs: number;
  } | null;
  /** The last enqueue decision about this job in this session (null when enqueue did not look at it). */
  enqueue: { admitted: boolean; decidedBy: string | null; tier: number | null; message: string } | null;
}

export interface QueueState {
  name: string;
  parent: string | null;
  fairShare: QueueResources;
  allocated: QueueResources;
  requested: QueueResources;
  quota: QueueResources;
  limit: QueueResources;
  overQuotaWeight: QueueResources;
  priority: number;
  preemptMinRuntimeMs: number | null;
  reclaimMinRuntimeMs: number | null;
  /** Profile-owned queue facts (Volcano: weight, capability, guarantee, reclaimable); absent for KAI. */
  extras?: QueueExtras;
}

/** A Volcano/kube-batch queue's spec as proportion reads it (null = not set; -1 never appears). */
export interface QueueExtras {
  profile: string;
  weight: number;
  capability: Partial<Resources> | null;
  guarantee: Partial<Resources> | null;
  /** The queue's own `deserved` field (capacity plugin's input; proportion computes its own). */
  deserved: Partial<Resources> | null;
  reclaimable: boolean;
}

export interface NodeState {
  name: string;
  capacity: Resources;
  used: Resources;
  releasing: Resources;
  gpuDevices: number;
}

export interface SessionSnapshot {
  index: number;
  timeMs: number;
  tasks: TaskState[];
  jobs: JobState[];
  queues: QueueState[];
  nodes: NodeState[];
  decisions: Decision[];
  trace: SessionTrace;
}
