/**
 * The contract between the simulation loop and a scheduler profile that runs its own sessions (Volcano,
 * kube-batch; KAI still runs through the shared `Session` until its files move into `profiles/kai`, see
 * docs/decisions/0014). The loop hands the profile plain records of what exists and gets back what changed,
 * so a profile never sees the simulator and the simulator never sees a profile's internals.
 */
import type { QueueResources } from '../model/resources';
import type { JobSpec, NodeSpec, PriorityClass, QueueSpec, SchedulerConfig } from '../model/scenario';
import type { Decision, SessionTrace, TaskStatus } from '../model/trace';
import type { ResolvedQueueFigures } from '../model/snapshot';

export interface ProfileTaskInput {
  readonly id: number;
  readonly status: TaskStatus;
  readonly node: string | null;
}

export interface ProfileJobInput {
  readonly id: number;
  readonly spec: JobSpec;
  readonly tasks: readonly (ProfileTaskInput & { readonly spec: JobSpec['tasks'][number] })[];
  /** Profile-owned per-job state carried from the previous session (Volcano: PodGroup phase). */
  readonly phase: string | null;
}

export interface ProfileSessionInput {
  readonly index: number;
  readonly timeMs: number;
  readonly config: SchedulerConfig;
  readonly priorityClasses: readonly PriorityClass[];
  readonly nodes: readonly NodeSpec[];
  readonly queues: readonly QueueSpec[];
  /** Live jobs, sorted by name. */
  readonly jobs: readonly ProfileJobInput[];
  /**
   * What the profile's own scenario block reader returned (`ProfileModule.format.block.read`, decision
   * 0281); absent when the profile has no block.
   */
  readonly profileData?: unknown;
}

export interface ProfileTaskOutput {
  readonly id: number;
  readonly status: TaskStatus;
  readonly node: string | null;
}

export interface ProfileQueueFigures {
  readonly name: string;
  /** The queue's deserved share as computed at session open (Volcano proportion). */
  readonly fairShare: QueueResources;
  readonly allocated: QueueResources;
  readonly requested: QueueResources;
  /**
   * Quota the profile's own accounting holds for the queue at the end of the session, per `flavor/resource`
   * (Kueue: the usage of its ClusterQueues and Cohorts); absent = the profile keeps none. Read by the
   * profile's resolved figures only (decision 0312).
   */
  readonly quotaUsage?: Readonly<Record<string, number>>;
  /** What only the session knows about the queue (Kueue's DRS; `RunnerQueueFigures.sessionResolved`). */
  readonly sessionResolved?: ResolvedQueueFigures;
}

export interface ProfileSessionResult {
  readonly decisions: Decision[];
  readonly trace: SessionTrace;
  /** Every task of every input job, with its status at the end of the session. */
  readonly tasks: readonly ProfileTaskOutput[];
  /** Per job id, the profile-owned state to carry to the next session (Volcano: PodGroup phase). */
  readonly phases: ReadonlyMap<number, string>;
  readonly queues: readonly ProfileQueueFigures[];
}

/** A scheduler profile that runs sessions on its own. */
export interface SessionProfile {
  readonly name: string;
  runSession(input: ProfileSessionInput): ProfileSessionResult;
}
