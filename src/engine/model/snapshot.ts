/**
 * The state of the simulated cluster at the end of one session, as the UI and the CLI see it.
 */
import type { QueueResources, Resources } from './resources';
import type { Decision, SessionTrace, TaskStatus, TerminatingNote } from './trace';

export interface TaskState {
  name: string;
  job: string;
  status: TaskStatus;
  node: string | null;
  /** GPU devices used on `node` (index and the fraction of it), for Running, Pipelined and Releasing tasks. */
  gpus: { index: number; share: number }[];
  /** KAI: set while the pod is terminating (`deletionTimestamp`, §23.4); its status is then `Running`. */
  terminating?: TerminatingNote;
}

/** A Volcano task role at session end (§26): its minTaskMember (null: none) and its tasks' statuses. */
export interface RoleState {
  role: string;
  minTaskMember: number | null;
  tasks: number;
  running: number;
  pipelined: number;
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
  /** KAI terminating pods (§23.4), counted in `running` too; absent when the job has none. */
  terminating?: { releasing: number; stuck: number };
  running: number;
  pipelined: number;
  pending: number;
  releasing: number;
  succeeded: number;
  submitAtMs: number;
  /** Last fresh start (KAI last-start-timestamp), null when never started. */
  startedAtMs: number | null;
  /**
   * Time run towards `runtime` (ms) in the current run, or in the last run for a job that no longer runs
   * (evicted, releasing, pending again); a job that starts again starts from 0.
   */
  progressMs: number;
  /** When the last run stopped (eviction or completion); null while running or never started. */
  stoppedAtMs: number | null;
  runtimeMs: number | null;
  isElastic: boolean;
  /** Index of the `workload` generator that made the job (format §19); absent for written jobs. */
  generatedBy?: number;
  /** Volcano task roles (§26); absent for a job without roles or minTaskMember. */
  roles?: RoleState[];
  /**
   * Profile-owned extras (KAI: min-runtime protections, read through `protectionsOf`, model/protection.ts;
   * Volcano: SLA clock, last enqueue vote); absent when the profile adds none (decision 0316).
   */
  extras?: JobExtras;
  /** KAI subgroups at session end (§22), root first then depth-first in written order; absent without. */
  subGroups?: SubGroupState[];
}

/** One subgroup of a job at session end; the pod group itself is the row with `name` '' and depth −1. */
export interface SubGroupState {
  name: string;
  depth: number;
  kind: 'set' | 'leaf';
  /** minMember (leaf) or minSubGroup, default all children (set). */
  min: number;
  /** Placed tasks (leaf: Running + Pipelined) or satisfied children (set). */
  have: number;
  satisfied: boolean;
  running: number;
  pipelined: number;
  taskCount: number;
  /** The subgroup's topology constraint in words (§21/§22, addition), e.g. `requires one rack of topology t`. */
  topology?: string;
  /** The domains its placed tasks occupy at that level, e.g. `rack "z1.r2"`, or `not placed`. */
  domain?: string;
}

/** Per-job facts a profile adds to the neutral core; the profile's UI module reads its own shape. */
export interface JobExtras {
  readonly profile: string;
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
  /**
   * Profile-owned queue facts (KAI: the queue's written min-runtimes; Volcano: weight, capability,
   * guarantee, reclaimable), typed in the profile's folder; absent when the profile adds none (decision 0340).
   */
  extras?: QueueExtras;
  /** KAI time-based fair share at this session's open; absent unless `scheduler.usageDBConfig` is set. */
  timeAware?: TimeAwareShare;
  /**
   * Figures the profile resolved for this queue under the queues and configuration in force (KAI: the
   * effective min-runtimes and where they come from; Kueue: cohort, borrowed, lendable), so views only draw
   * (decision 0298). Derived, not decided: the golden hashes leave it out, as they leave out `figures`.
   */
  resolved?: ResolvedQueueFigures;
}

/** A profile's resolved figures for one queue; the profile's UI module reads its own shape. */
export interface ResolvedQueueFigures {
  profile: string;
}

/**
 * How a queue's historical usage weighed on its fair share in one KAI session (proportion plugin with a
 * usage database, decision 0065): the usage, the over-quota weights before and after the penalty, and the
 * fair share the same session would have computed without usage history.
 */
export interface TimeAwareShare {
  /** Proportion's `kValue` as used (≤0 read as 0). */
  kValue: number;
  /** Fraction of the cluster's capacity the queue held over the usage window, decayed (0…1). */
  usage: QueueResources;
  /** `w = OQW / ΣOQW` of the sibling queues still asking, first over-quota round; null = took no part. */
  weight: Record<keyof QueueResources, number | null>;
  /** `max(0, w + kValue·(w − usage))`, what that round divided by; null = took no part. */
  adjustedWeight: Record<keyof QueueResources, number | null>;
  /** The fair share computed at the same session open with every usage taken as 0. */
  fairShareWithoutUsage: QueueResources;
  /** When KAI's usage copy was fetched (every `fetchInterval`; decision 0217). */
  asOfMs?: number;
  /** The cluster had no GPU capacity: upstream's fetch would fail (decision 0217); absent otherwise. */
  noGpuCapacity?: true;
}

/** Per-queue facts a profile adds to the neutral core; the profile's own code reads its own shape. */
export interface QueueExtras {
  readonly profile: string;
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
  /** The session's whole-cluster figures, the one source of every summary on screen (decision 0273). */
  figures: SessionFigures;
}

/**
 * Whole-cluster figures of one session. `gpus` and `tasks` describe the moment after the session (the tasks'
 * state when it closed); `reserved` describes what Volcano jobs held during it, from their allocate attempt
 * until the session closed (decision 0274), and is 0 after it.
 */
export interface SessionFigures {
  /** GPUs (sum of requests) by the holding task's status; `idle` = total − running − releasing. */
  gpus: { total: number; running: number; pipelined: number; releasing: number; idle: number };
  tasks: Record<TaskStatus, number>;
  /** At the attempt: GPUs and tasks reserved (not bound), and the jobs that reserved them in trace order. */
  reserved: { gpus: number; tasks: number; jobs: string[] };
}
