/**
 * The state of the simulated cluster at the end of one session, as the UI and the CLI see it.
 */
import type { QueueResources, Resources } from './resources';
import type { Decision, MinRuntimeResolution, SessionTrace, TaskStatus, TerminatingNote } from './trace';

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

export interface ProtectionState {
  resolution: MinRuntimeResolution;
  /** Time until which the job is protected (null when it has no start time). */
  protectedUntilMs: number | null;
  isProtected: boolean;
}

/**
 * A job's reclaim protection against one group of reclaimer queues that the plugin resolves the same way
 * (under `lca`: the same lowest common ancestor with the victim's queue).
 */
export interface ReclaimerProtection extends ProtectionState {
  /** Waiting reclaimer queues of the group in tree order (children by name), the first few only. */
  reclaimerQueues: readonly string[];
  /** How many waiting reclaimer queues the group holds (may exceed `reclaimerQueues.length`). */
  reclaimerQueueCount: number;
}

/**
 * Reclaim protection as the minruntime plugin would apply it at the end of the session. Under `lca` the
 * duration depends on the reclaimer's queue, so there is no figure for the job alone: it is given for each
 * reclaimer queue that has a job waiting (pending or pipelined tasks), grouped by resolution.
 */
export interface ReclaimProtection {
  /** The plugin's `reclaimResolveMethod` in this session. */
  method: 'lca' | 'queue';
  /**
   * `queue` method only: the protection against any reclaimer (the walk starts at the victim's queue; the
   * reclaimer plays no part, so `resolution.preemptorQueue` is null). Null under `lca`.
   */
  anyReclaimer: ProtectionState | null;
  /**
   * Against the waiting reclaimers, one entry per distinct resolution (nearest LCA first, other trees last).
   * Empty for a job with no running task (it has nothing to protect).
   */
  byReclaimer: readonly ReclaimerProtection[];
  /** Protected against at least one waiting reclaimer; under `queue`, against any reclaimer. */
  isProtected: boolean;
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
  /** Preempt protection (walk up from the job's queue); null when the minruntime plugin is off. */
  preemptProtection: ProtectionState | null;
  /** Reclaim protection per waiting reclaimer queue; null when the minruntime plugin is off. */
  reclaimProtection: ReclaimProtection | null;
  /** Profile-owned extras (Volcano: SLA clock, last enqueue vote); absent for KAI. */
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

/**
 * The reclaim protections that apply to a job: the one figure for any reclaimer under `queue`, else one per
 * group of waiting reclaimers. Empty when nobody waits under `lca` or the plugin is off.
 */
export function reclaimProtections(p: ReclaimProtection | null): readonly ProtectionState[] {
  if (p === null) return [];
  return p.anyReclaimer !== null ? [p.anyReclaimer] : p.byReclaimer;
}
