/**
 * Extension-point signatures. Plugins register these when a session opens; the Session decides how they
 * combine (KAI: the first non-zero order result wins, every filter/validator must allow).
 */
import type { TopologyConstraint } from '../../../model/topology';
import type { QueueResources } from '../../../model/resources';
import type { Verdict } from '../../../model/trace';
import type { JobInfo, TaskInfo } from './JobInfo';
import type { NodeInfo } from './NodeInfo';
import type { QueueInfo } from './QueueInfo';

export type JobOrderFn = (a: JobInfo, b: JobInfo) => number;
export type TaskOrderFn = (a: TaskInfo, b: TaskInfo) => number;
/** Compares two sibling queues given the job each would offer next. Negative: `a` goes first. */
export type QueueOrderFn = (a: QueueInfo, b: QueueInfo, aJob: JobInfo | null, bJob: JobInfo | null) => number;
/**
 * What a plugin's queue order reads of an offered job, as a key: two jobs with equal keys must rank every
 * queue alike under that plugin's {@link QueueOrderFn}. A plugin that registers `queueOrder` registers this
 * too, or the scenario order (actions/common/scenarioJobOrder.ts) pops every pending job one by one.
 */
export type QueueOrderJobKeyFn = (job: JobInfo) => string;
/**
 * Victim queue order: which sibling queue gives the next victim job. `taken` holds, per queue, the resources
 * of victims already popped in this scenario (KAI subtracts them in the dominant-share rule).
 */
export type VictimQueueOrderFn = (
  a: QueueInfo,
  b: QueueInfo,
  aJob: JobInfo | null,
  bJob: JobInfo | null,
  taken: ReadonlyMap<string, QueueResources>,
) => number;
/** Returns null when the task may go to the node, else the reason it may not. */
export type PredicateFn = (task: TaskInfo, node: NodeInfo) => string | null;
/** Higher is better. */
export type NodeOrderFn = (task: TaskInfo, node: NodeInfo) => number;
/** Returns a refusing verdict when the job may not get these tasks (limits, non-preemptible quota). */
export type CapacityFn = (job: JobInfo, tasks: readonly TaskInfo[]) => Verdict | null;
/**
 * A victim filter. `allows` runs for every (preemptor, candidate) pair and must be cheap; `explain` builds
 * the full verdict and runs only for victims the trace lists.
 */
export interface VictimFilterFn {
  allows(preemptor: JobInfo, victim: JobInfo): boolean;
  /** Optional shortcut: false when no job of `victimQueue` can pass, so the whole queue is skipped. */
  allowsQueue?(preemptor: JobInfo, victimQueue: QueueInfo): boolean;
  explain(preemptor: JobInfo, victim: JobInfo): Verdict;
}
/**
 * A plugin's split of the nodes a job's tasks may use (KAI `api.SubsetNodesFn`, KAI pkg/scheduler/api/types.go:32
 * @d5bc503): the node subsets to try, in order, each named for the trace; `refusal` says why there are none.
 * Null: the plugin has no opinion on this job (every node, as one set).
 */
export interface NodeSubset {
  nodes: ReadonlySet<NodeInfo>;
  /** What the subset is, e.g. `rack "zone-a.rack-1"`. */
  label: string;
}
export interface NodeSubsets {
  subsets: NodeSubset[];
  /** The plugin's verdict: which subsets it offers and why, or why none (then `allowed` is false). */
  verdict: Verdict;
}
/**
 * A subgroup asking for subsets (KAI allocate.go:49,119 @d5bc503 pass the subgroup, its pod sets and the node
 * set of the enclosing domain). Absent: the job as a whole, over every node (a job whose subgroups carry no
 * constraint of their own).
 */
export interface SubsetScope {
  /** The subgroup's name; '' for the pod group's root. */
  subGroup: string;
  constraint: TopologyConstraint | undefined;
  /** The enclosing subgroup's domain; null = every node. */
  nodes: ReadonlySet<NodeInfo> | null;
  /** Every task of the pod sets being placed (their running tasks pin a required domain). */
  podSetTasks: readonly TaskInfo[];
}
export type SubsetNodesFn = (
  job: JobInfo,
  tasks: readonly TaskInfo[],
  scope?: SubsetScope,
) => NodeSubsets | null;

export type CanReclaimFn = (job: JobInfo, tasks: readonly TaskInfo[]) => Verdict;

/** A candidate eviction set being validated. */
export interface VictimScenario {
  action: 'reclaim' | 'preempt' | 'consolidation';
  preemptor: JobInfo;
  preemptorTasks: readonly TaskInfo[];
  /** Every victim task accumulated in the scenario (recorded and potential), as upstream validators see it. */
  victimTasks: readonly TaskInfo[];
}

export type ScenarioValidatorFn = (scenario: VictimScenario) => Verdict[];

export interface EventHandler {
  /** A task started holding resources (allocated or pipelined). */
  allocate?(task: TaskInfo): void;
  /**
   * A task stopped holding resources (evicted, or an allocation undone). `node` is where it held them (the
   * task may already be on none): a GPU-memory request held `task.reqOn(node)` there and its queue counted
   * `task.quotaOn(node)` (decisions 0328, 0356).
   */
  deallocate?(task: TaskInfo, node: NodeInfo | null): void;
}

/**
 * KAI's extension points by name, with the callback type each takes. Callbacks are kept per tier by the
 * neutral `ExtensionRegistry` and combined by the rules of `framework/combine.ts` (decision 0029).
 */
export interface KaiExtensionPoints {
  jobOrder: JobOrderFn;
  taskOrder: TaskOrderFn;
  queueOrder: QueueOrderFn;
  queueOrderJobKey: QueueOrderJobKeyFn;
  victimQueueOrder: VictimQueueOrderFn;
  predicate: PredicateFn;
  /**
   * KAI's per-node capacity check (`AddIsTaskAllocationOnNodeOverCapacityFn`, framework/session_plugins.go
   * :251-253, asked through `IsTaskAllocationOnNodeOverCapacityFn` :363-372 @d5bc503). Not a predicate of its
   * own: the `predicates` plugin asks it first for every node (plugins/predicates/predicates.go:322-326), so
   * its refusal comes before any other of that plugin's, and without `predicates` nothing asks it.
   */
  nodeCapacity: PredicateFn;
  nodeOrder: NodeOrderFn;
  subsetNodes: SubsetNodesFn;
  capacity: CapacityFn;
  reclaimVictimFilter: VictimFilterFn;
  preemptVictimFilter: VictimFilterFn;
  reclaimScenarioValidator: ScenarioValidatorFn;
  preemptScenarioValidator: ScenarioValidatorFn;
  canReclaim: CanReclaimFn;
  nonPreemptibleQuota: CapacityFn;
  jobSolutionStart: (job: JobInfo) => void;
  eventHandler: EventHandler;
}
