/**
 * The normalised scenario: what the parser produces and the simulator consumes. Every default of
 * docs/scenario-format.md is already applied, `count` is expanded, tasks are named, durations are
 * milliseconds and quantities are numbers (cpu in cores, memory in bytes). `null` means "unset".
 */
import type { TopologyConstraint, TopologySpec } from './topology';
import type { QueueResourceName, Resources } from './resources';
import type { VariantSpec } from './variant';
import type { WorkloadSpec } from './workload';
import type { NodePoolSpec } from './nodePool';

// The profile names are the registry's list (written once, decision 0279); a type-only import, so the
// model stays free of the engine at run time.
import type { Profile } from '../registry';
export type { Profile };

export type PreemptionPolicy = 'PreemptLowerPriority' | 'Never';

export interface PriorityClass {
  name: string;
  value: number;
  preemptionPolicy: PreemptionPolicy;
}

export interface PluginConfig {
  name: string;
  /** Upstream argument keys and raw values, as written (parsed by the plugin itself, as upstream does). */
  arguments: Record<string, unknown>;
  /** Volcano per-extension-point flags (`enablePreemptable`, …); absent keys mean `true`. */
  flags: Record<string, boolean>;
}

export interface Tier {
  plugins: PluginConfig[];
}

export interface SchedulerConfig {
  actions: string[];
  tiers: Tier[];
  schedulePeriodMs: number;
  /** KAI `--max-consolidation-preemptees` (default 16). */
  maxConsolidationPreemptees: number;
  /** KAI `--default-staleness-grace-period` in ms (default 60 s; negative = never). */
  stalenessGracePeriodMs: number;
  /** KAI `--stuck-in-releasing-threshold` in ms (§23.4 addition); absent = 2 m (the default). */
  stuckInReleasingThresholdMs?: number;
  /**
   * KAI `--use-scheduling-signatures` (addition, decision 0353): reclaim, preempt and consolidation skip a job
   * not easier to schedule than a failed one of the same signature. Absent = false (upstream's default is
   * true; the snapshot importer carries what the snapshot's schedulerParams say).
   */
  useSchedulingSignatures?: boolean;
  /**
   * KAI `usageDBConfig.usageParams` (time-based fair share): absent = no usage history, as when KAI has no
   * usage database configured.
   */
  usage?: UsageParams;
}

/**
 * How KAI weighs a queue's historical usage (`usageDBConfig.usageParams`, docs/time-based-fairshare).
 * The sandbox keeps the usage itself from simulated time instead of querying Prometheus.
 */
export interface UsageParams {
  /** `halfLifePeriod`: usage this long ago counts half; 0 = no decay (upstream: unset or 0). */
  halfLifePeriodMs: number;
  /** `windowSize`: how much history counts (sliding), or the length of each window (tumbling). */
  windowSizeMs: number;
  /** `windowType`: `sliding` (the last windowSize) or `tumbling` (windows from the start time that reset). */
  windowType: 'sliding' | 'tumbling';
  /** `tumblingWindowStartTime` as an offset from t=0 in ms (tumbling only; KAI requires it there). */
  tumblingWindowStartMs?: number;
  /** `fetchInterval`: how often KAI refreshes its usage copy (default 1 min); sessions in between reuse it. */
  fetchIntervalMs?: number;
  /** `extraParams.queryResolution`: the step of the Prometheus query (default 1 min). */
  queryResolutionMs?: number;
  /** `stalenessPeriod` and `waitTimeout` (kept for export; the simulated fetch never fails, decision 0217). */
  stalenessPeriodMs?: number;
  waitTimeoutMs?: number;
  /** `extraParams.usageQueryTimeout` (kept for export; the simulated query takes no time). */
  usageQueryTimeoutMs?: number;
}

export interface NodeSpec {
  name: string;
  /** Capacity; `Infinity` where the scenario omitted the resource. */
  resources: Resources;
  labels: Record<string, string>;
  /** Memory of each GPU device in MiB (addition, §23; KAI node_info MemoryOfEveryGpuOnNode); absent = not declared. */
  gpuMemoryMiB?: number;
}

export interface QueueResourceSpec {
  /** KAI deserved quota; -1 = unlimited. */
  quota: number;
  /** KAI max allowed; -1 = no limit; 0 blocks the resource. */
  limit: number;
  overQuotaWeight: number;
}

export interface QueueSpec {
  name: string;
  parent: string | null;
  priority: number;
  resources: Record<QueueResourceName, QueueResourceSpec>;
  preemptMinRuntimeMs: number | null;
  reclaimMinRuntimeMs: number | null;
  /** Volcano queue spec. */
  weight: number;
  capability: Partial<Resources> | null;
  deserved: Partial<Resources> | null;
  guarantee: Partial<Resources> | null;
  state: string;
  reclaimable: boolean;
  /** KAI node pool (the queue's `kai.scheduler/node-pool` label value, §24); absent = the default pool. */
  nodePool?: string;
}

/**
 * A task's status at t=0 (§5). `Succeeded` (addition, decision 0330) is a pod of the job that has already
 * finished: it holds nothing, is never placed or evicted, and counts where upstream counts succeeded pods.
 */
export type TaskInitialStatus = 'Pending' | 'Running' | 'Succeeded';

export interface TaskSpec {
  name: string;
  /** Index inside its job (0-based); KAI breaks task-order ties by it. */
  index: number;
  /** Per-task request; omitted resources are 0; `pods` is always 1 (every pod takes a pod slot). */
  resources: Resources;
  status: TaskInitialStatus;
  node: string | null;
  /** The pod's own priority (KAI `kai.scheduler/task-priority`, Volcano pod priority); null = unset. */
  priority: number | null;
  /** Volcano `volcano.sh/preemptable` label; default true. */
  preemptable: boolean;
  preemptionPolicy: PreemptionPolicy | null;
  labels: Record<string, string>;
  nodeSelector: Record<string, string>;
  /** Volcano task role (`volcano.sh/task-spec`, §26 addition); absent = no role. */
  role?: string;
  /** KAI: the leaf subgroup (pod set) the pod belongs to (§22, addition); absent = no subgroups. */
  subGroup?: string;
  /**
   * KAI GPU-memory request in MiB on one device (addition, §23; the `gpu-memory` annotation). When set,
   * `resources.gpu` holds the fraction it converts to (resolveGpuMemory), not a written amount.
   */
  gpuMemoryMiB?: number;
  /**
   * KAI: the Running pod's `metadata.deletionTimestamp`, relative to run start (§23.4 addition): the pod is
   * terminating from t=0 and stays so, holding its node, for the whole run (or until its job completes).
   * Absent = not terminating. Only profile `kai`.
   */
  deletionTimestampMs?: number;
  /**
   * KAI: the pod's deletion grace period (`metadata.deletionGracePeriodSeconds`; addition, §23.4, decision
   * 0305). Only with `deletionTimestampMs`. When set and the deletionTimestamp is not past at t=0, the deletion
   * completes at the deletionTimestamp (Kubernetes sets it to the delete request's time plus this period):
   * the pod leaves its node and its owner re-creates it Pending. Absent = terminating for the whole run.
   */
  deletionGracePeriodMs?: number;
  /**
   * Devices the GPU-memory request is made on (addition, §23.3; KAI `gpu-fraction-num-devices`, #1370); absent
   * = one. Each of them takes `gpuMemoryMiB`, and `resources.gpu` holds the total (count × m / D).
   */
  gpuMemoryDevices?: number;
}

/** One entry of a KAI pod group's `spec.subGroups` (§22, addition; KAI podgroup_types.go:149 @d5bc503). */
export interface SubGroupSpec {
  name: string;
  /** Parent subgroup; null = the pod group's root. */
  parent: string | null;
  /** Leaf only: minimum pods of this pod set (upstream nil reads as 0). */
  minMember: number;
  /** Inner node only: direct children that must be satisfied; null = all of them. */
  minSubGroup: number | null;
  /** KAI `SubGroup.topologyConstraint` (§21/§22, addition): this subgroup's tasks share one domain. */
  topologyConstraint?: TopologyConstraint;
}

/**
 * KAI segments (§21, addition): the PodGrouper's `kai.scheduler/segment-size` and segment placement
 * annotations, expanded into subgroups when the scenario is read (KAI pkg/podgrouper/podgrouper/plugins/
 * kubeflow/pytorch/pytorch_grouper.go:129-216 @d5bc503).
 */
export interface SegmentSpec {
  size: number;
  constraint: TopologyConstraint;
}

export type PodGroupPhase = 'Pending' | 'Inqueue' | 'Running';

export interface JobSpec {
  name: string;
  namespace: string;
  queue: string;
  priority: number;
  priorityClassName: string | null;
  preemptible: boolean;
  preemptionPolicy: PreemptionPolicy;
  minAvailable: number;
  minResources: Partial<Resources> | null;
  phase: PodGroupPhase;
  submitAtMs: number;
  /** Last fresh start for jobs with Running tasks at t=0 (KAI last-start-timestamp); defaults to submitAt. */
  startedAtMs: number | null;
  /** How long the job must run before it completes; null = forever. */
  runtimeMs: number | null;
  annotations: Record<string, string>;
  /**
   * KAI PodGroup `spec.preemptionDelay` (addition, §23): how long after its creation or last eviction the
   * job may not trigger evictions; absent = none. Only profile `kai`.
   */
  preemptionDelayMs?: number;
  /**
   * KAI `kai.scheduler/last-eviction-timestamp` at t=0 (addition, §23): when the job was last evicted before
   * the run began, where its preemption delay counts from; absent = never. Only profile `kai`.
   */
  lastEvictedAtMs?: number;
  tasks: TaskSpec[];
  /** Volcano PodGroup `spec.minTaskMember`: role → minimum (§26 addition); absent = none. */
  minTaskMember?: Record<string, number>;
  /** KAI `spec.subGroups` (§22, addition); absent or empty = the whole job is one gang. */
  subGroups?: SubGroupSpec[];
  /** KAI pod group `spec.minSubGroup` (§22); null = every direct child of the root. */
  minSubGroup?: number | null;
  /** KAI pod group `spec.stalenessGracePeriod` in ms (§22); null = the scheduler-wide period. */
  stalenessGracePeriodMs?: number | null;
  /**
   * Index of the `workload:` generator that made this job (§19); absent for jobs written in `jobs` or
   * `events`. Views say "generated by workload[i]"; the serialiser leaves these jobs out.
   */
  generatedBy?: number;
  /** KAI PodGroup `topologyConstraint` (§21, addition); absent when the job has none. */
  topologyConstraint?: TopologyConstraint;
  /** KAI segments (§21, addition); the job's `subGroups` then hold their expansion. */
  segments?: SegmentSpec;
  /** KAI node pool (the PodGroup's `kai.scheduler/node-pool` label value, §24); absent = the default pool. */
  nodePool?: string;
}

export interface SchedulerPatch {
  actions?: string[];
  tiers?: Tier[];
  schedulePeriodMs?: number;
  maxConsolidationPreemptees?: number;
  stalenessGracePeriodMs?: number;
  stuckInReleasingThresholdMs?: number;
  useSchedulingSignatures?: boolean;
  usage?: UsageParams;
}

export type QueuePatch = Partial<Omit<QueueSpec, 'name'>> & { name: string };

export type ScenarioEvent =
  | { atMs: number; kind: 'submit'; job: JobSpec }
  | { atMs: number; kind: 'deleteJob'; name: string }
  | { atMs: number; kind: 'addNode'; node: NodeSpec }
  | { atMs: number; kind: 'removeNode'; name: string }
  | { atMs: number; kind: 'updateQueue'; patch: QueuePatch }
  | { atMs: number; kind: 'updateConfig'; patch: SchedulerPatch };

export interface RunSpec {
  /** Run exactly this many sessions (when set). */
  sessions: number | null;
  /** Run sessions while their time is ≤ this (ms); used when `sessions` is null. */
  untilMs: number | null;
  maxSessions: number;
  /**
   * True when the scenario has no `run:` block: the run also stops once it has settled (nothing left to
   * happen; docs/scenario-format.md §7.1).
   */
  untilSettled: boolean;
}

export type ResourceCheck = Partial<Record<QueueResourceName, number>>;

export interface ExpectCheck {
  session: number | null;
  atMs: number | null;
  tasks: Record<string, string> | null;
  evicted: string[] | null;
  bound: Record<string, string> | null;
  pipelined: Record<string, string> | null;
  jobs: Record<string, { phase?: string; running?: number }> | null;
  queues: Record<string, { fairShare?: ResourceCheck; allocated?: ResourceCheck }> | null;
  /** Where the check was written (YAML line, 1-based), for messages. */
  line: number | null;
  /** Field path of the check, e.g. `expect[2]`. */
  path: string;
}

/** What a lesson step selects (docs/scenario-format.md §14): one job, queue or node, or an eviction pair. */
export type LessonTarget =
  { kind: 'job' | 'queue' | 'node'; name: string } | { kind: 'pair'; preemptor: string; victim: string };

/** One answer of a lesson question: a label and the claim about the reveal session that makes it right. */
export interface LessonChoice {
  label: string;
  /** The claim, in the vocabulary of `expect` (§8), checked at the question's reveal session. */
  check: ExpectCheck;
}

/** A question asked before the answer is shown; the engine's run decides which choices are right. */
export interface LessonQuestion {
  prompt: string;
  /** The session that proves the answer (1-based); the player steps there to reveal it. */
  revealSession: number;
  choices: LessonChoice[];
}

/** One step of a scripted lesson. */
export interface LessonStep {
  /** Markdown paragraph(s) to show; may be empty. */
  say: string;
  /** Session to show (1-based); null keeps the session of the step before. */
  session: number | null;
  select: LessonTarget | null;
  ask: LessonQuestion | null;
  /** Field path (`lesson[2]`) and YAML line, for messages. */
  path: string;
  line: number | null;
}

export interface Scenario {
  version: 1;
  name: string;
  description: string;
  profile: Profile;
  priorityClasses: PriorityClass[];
  scheduler: SchedulerConfig;
  nodes: NodeSpec[];
  queues: QueueSpec[];
  jobs: JobSpec[];
  events: ScenarioEvent[];
  run: RunSpec;
  expect: ExpectCheck[];
  /** The scripted lesson (§14); empty when the scenario has none (its `description` is the lesson then). */
  lesson: LessonStep[];
  /** `x-…` extension fields, kept verbatim (e.g. `x-resolve`). */
  extensions: Record<string, unknown>;
  /** Named variants of this scenario (§15); a run uses the base unless a variant is applied. */
  variants: VariantSpec[];
  /** KAI `Topology` objects (§21, addition); absent when the scenario defines none. */
  topologies?: TopologySpec[];
  /**
   * The seeded workload (§19) whose generated jobs are already in `jobs`; absent when the scenario has no
   * `workload:` (kept so `serialise` writes it back and replicates can re-seed it).
   */
  workload?: WorkloadSpec;
  /** KAI node pools (§24) as written; absent = one scheduler over the whole cluster. */
  nodePools?: NodePoolSpec[];
  /**
   * A profile's own top-level block (decision 0281; `ProfileModule.format.block`): its key, the block as
   * written (serialised back) and what the profile's reader made of it (handed to the profile's sessions).
   */
  profileBlock?: ProfileBlock;
}

/** A profile's own top-level scenario block, read by the profile (decision 0281). */
export interface ProfileBlock {
  readonly key: string;
  /** The block as written (plain data), written back by the serialiser. */
  readonly written: unknown;
  /** What the profile's reader returned (plain data; null when the block has errors). */
  readonly data: unknown;
}
