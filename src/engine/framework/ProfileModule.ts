/**
 * One scheduler profile as the rest of the engine sees it (issue 23, docs/decisions/0279). Each profile is
 * one folder, `src/engine/profiles/<name>/`, whose `module.ts` exports one `ProfileModule`; the registry
 * (`src/engine/registry.ts`) lists the modules and is the only shared file that imports a profile. Shared
 * code (simulation, scenario reader, importers, exporters, property tests) asks the module through these
 * hooks and never compares a profile's name, so a new profile is its folder, its UI folder
 * (`src/features/profiles/<name>/`, see `ProfileUiModule`) and one registry line each.
 *
 * Every hook is pure data or a pure function over plain records: a profile never sees the simulator and
 * the simulator never sees a profile's internals (the contract of `Profile.ts`, decision 0014).
 */
import type { NodePoolSpec } from '../model/nodePool';
import type {
  JobSpec,
  PriorityClass,
  ProfileBlock,
  QueueSpec,
  Scenario,
  SchedulerConfig,
  TaskSpec,
} from '../model/scenario';
import type {
  Decision,
  MinRuntimeResolution,
  PendingExplanation,
  SessionTrace,
  TaskStatus,
  VictimRecord,
} from '../model/trace';
import type { QueueResources } from '../model/resources';
import type { ResolvedQueueFigures, SessionSnapshot, TimeAwareShare } from '../model/snapshot';
import type { ClusterState, JobRecord, TaskRecord } from '../simulation/ClusterState';
import type { UsageLedger } from '../simulation/UsageLedger';
import type { Candidate, CandidateInput } from '../simulation/explain/candidates';
import type { RerunBudget } from '../simulation/explain/rerun';
import type { EvictionStory } from '../simulation/explain/types';
import type { ScenarioMapper } from './ScenarioMapper';

// ---------------------------------------------------------------------------------------------------------
// Catalogue: the names a profile understands, and its defaults (docs/scenario-format.md §1-2).
// ---------------------------------------------------------------------------------------------------------

/** Names (as in scenarios and upstream ConfigMaps) and defaults; pure data the scenario reader reads. */
export interface ProfileCatalogue {
  readonly actions: readonly string[];
  readonly plugins: readonly string[];
  readonly defaultActions: readonly string[];
  readonly defaultTiers: readonly (readonly string[])[];
  readonly defaultPriorityClasses: readonly PriorityClass[];
  readonly defaultQueuePriority: number;
  /** Priority class used by jobs without one (null = raw priority 0). */
  readonly defaultJobClass: string | null;
  /** Knobs (plugin arguments, scheduler fields) the profile reads, for the editor's completion list. */
  readonly knobs?: readonly ProfileKnob[];
}

export interface ProfileKnob {
  /** `plugin.argument` or a scheduler field name. */
  readonly name: string;
  readonly meaning: string;
}

// ---------------------------------------------------------------------------------------------------------
// Session runner: one session of the profile over the cluster state.
// ---------------------------------------------------------------------------------------------------------

/** A queue's figures at the end of a session (all queues; the simulator keeps the ones that changed). */
export interface RunnerQueueFigures {
  readonly name: string;
  /** The share the profile computed for the queue (KAI fair share, Volcano deserved). */
  readonly fairShare: QueueResources;
  readonly allocated: QueueResources;
  readonly requested: QueueResources;
  /** KAI time-based fair share at this session's open; absent unless the profile computes one. */
  readonly timeAware?: TimeAwareShare;
  /**
   * Quota the profile's own accounting holds for the queue at the end of the session, per `flavor/resource`
   * (Kueue: the usage of its ClusterQueues and Cohorts); absent = the profile keeps none. Read by the
   * profile's resolved figures only (decision 0312).
   */
  readonly quotaUsage?: Readonly<Record<string, number>>;
  /**
   * What the profile resolved for the queue that only the session knows (Kueue: the ClusterQueue's or
   * Cohort's dominant resource share with fair sharing on), handed to the snapshot hook's `resolved` as
   * `figures.sessionResolved` (decision 0314). Absent = none.
   */
  readonly sessionResolved?: ResolvedQueueFigures;
}

/** What the simulator hands a runner for one session. */
export interface RunnerSessionInput {
  readonly index: number;
  readonly timeMs: number;
  /** Time of the previous session (−∞ before the first). */
  readonly previousTimeMs: number;
  /** The live cluster state; the runner writes task statuses and places back into its records. */
  readonly state: ClusterState;
  /** False for a metrics-only run: the runner may skip what only views read (pending explanations). */
  readonly recordsTrace: boolean;
}

/** What a runner did in one session. */
export interface RunnerSessionOutcome {
  readonly decisions: Decision[];
  readonly trace: SessionTrace;
  readonly queues: readonly RunnerQueueFigures[];
  readonly changedTasks: Iterable<TaskRecord>;
  readonly changedJobs: Iterable<JobRecord>;
  /** Timeline facts of the session (Volcano: enqueues, SLA expiries); absent when the profile has none. */
  readonly marks?: SessionMarks;
}

/** Timeline facts a profile adds to a session marker; shared code only counts and lists them. */
export interface SessionMarks {
  /** Jobs admitted to scheduling this session (Volcano enqueue). */
  readonly enqueued: number;
  /** Jobs whose waiting-time deadline passed this session (Volcano sla). */
  readonly slaExpired: readonly string[];
}

/**
 * The session loop of one simulation. Created once per run (it may keep state across sessions: KAI's usage
 * fetches and protection model); the simulator calls `runSession` once per session, in order.
 */
export interface SessionRunner {
  runSession(input: RunnerSessionInput): RunnerSessionOutcome;
  /**
   * Protections (KAI min-runtime) that began or ended in `(previousTimeMs, timeMs]`, counted after the
   * session under the queues and configuration then in force; 0 for a profile without time-based
   * protection.
   */
  protectionChanges(state: ClusterState, timeMs: number, previousTimeMs: number | null): number;
  /** What a metrics-only run keeps of a session's trace (KAI: the attempts where min-runtime kept a victim). */
  keepForMetrics(trace: SessionTrace): SessionTrace;
}

export interface RunnerOptions {
  /** The run's usage ledger, when the profile asked for one (see `usageLedger`). */
  readonly usage: UsageLedger | null;
}

// ---------------------------------------------------------------------------------------------------------
// Snapshot extras and resolved figures: what the engine sends so views only draw.
// ---------------------------------------------------------------------------------------------------------

/** Per-job facts a profile adds to the neutral core of a snapshot; views pick a renderer by `profile`. */
export interface ProfileJobExtras {
  readonly profile: string;
}

/** Per-queue facts a profile adds (Volcano: weight, capability…; KAI: effective min-runtimes). */
export interface ProfileQueueExtras {
  readonly profile: string;
}

/** The state a snapshot, a query or a resolved figure is computed from (the end of one session). */
export interface ProfileFrame {
  readonly scenario: Scenario;
  readonly config: SchedulerConfig;
  readonly queues: readonly QueueSpec[];
  readonly nodePools: readonly NodePoolSpec[] | undefined;
  readonly timeMs: number;
  readonly trace: SessionTrace;
}

/** A job as a snapshot sees it at the end of a session. */
export interface SnapshotJobInput {
  readonly spec: JobSpec;
  readonly startedAtMs: number | null;
  /** How many of its tasks are in each status at the end of the session. */
  readonly counts: Readonly<Record<TaskStatus, number>>;
  readonly isRunning: boolean;
  /** Profile-owned state carried across sessions (Volcano: PodGroup phase). */
  readonly phase: string | null;
}

/** A queue's figures at the end of the session, as the snapshot shows them. */
export interface SnapshotQueueFigures {
  readonly fairShare: QueueResources;
  readonly allocated: QueueResources;
  readonly requested: QueueResources;
  /** The session's `RunnerQueueFigures.quotaUsage`, when the profile reported one. */
  readonly quotaUsage?: Readonly<Record<string, number>>;
  /** The runner's `RunnerQueueFigures.sessionResolved` for the queue, when it sent one. */
  readonly sessionResolved?: ResolvedQueueFigures;
}

/** What a profile adds to one snapshot, per job and per queue. */
export interface SnapshotHooks {
  job(job: SnapshotJobInput): ProfileJobExtras | null;
  queue(queue: QueueSpec): ProfileQueueExtras | null;
  /**
   * Figures the profile resolves for a queue (KAI's effective min-runtimes, Kueue's borrowed and lendable),
   * from the queue, the session's figures for it and the frame `open` was given; the snapshot's
   * `QueueState.resolved` (decision 0298). Absent = none.
   */
  resolved?(queue: QueueSpec, figures: SnapshotQueueFigures): ResolvedQueueFigures | null;
}

/** Snapshot hooks: computed once per snapshot, per job and per queue. */
export interface ProfileSnapshot {
  /**
   * Prepares per-snapshot figures (KAI: the protection model and who waits to reclaim) and returns the
   * per-job and per-queue extras functions over them.
   */
  open(frame: ProfileFrame, jobs: readonly SnapshotJobInput[]): SnapshotHooks;
  /** The PodGroup phase a snapshot shows for a job (KAI derives it; Volcano carries its own). */
  phase(job: SnapshotJobInput): string;
}

/**
 * A question a view, the CLI or a test asks about the state at the end of a session, by kind
 * (`min-runtime`: KAI's resolution for a queue pair). Replaces profile-specific methods on `Simulation`.
 * `args` comes from outside (a message, a command line): the query checks it and throws a RangeError
 * naming the field on bad input.
 */
export interface ProfileQuery {
  readonly kind: string;
  /** One line for the CLI's help. */
  readonly meaning: string;
  run(frame: ProfileFrame, args: unknown): unknown;
}

// ---------------------------------------------------------------------------------------------------------
// Scenario format: which fields and features the profile reads (refused with the profile named otherwise).
// ---------------------------------------------------------------------------------------------------------

/**
 * Format features some profiles read and others refuse (docs/scenario-format.md; decisions 0222, 0250).
 * Shared reader code asks `accepts(feature)` instead of comparing profile names.
 */
export type FormatFeature =
  /** `parent` on queues read by the scheduler (KAI always; Volcano capacity with hierarchy). */
  | 'queueHierarchy'
  /** A job may not sit in a non-leaf queue (checked by the reader). */
  | 'leafJobsOnly'
  | 'nodePools'
  | 'subGroups'
  | 'topology'
  | 'usageDB'
  | 'preemptionDelay'
  | 'terminating'
  | 'gpuMemory'
  | 'taskRoles'
  /** A task may start `Succeeded` (a partly finished job; decision 0330): KAI, Volcano, kube-batch. */
  | 'succeededTasks'
  /** Job priority classes above the non-preemptible bound make a job non-preemptible (KAI). */
  | 'priorityPreemptibility'
  /** `scheduler.useSchedulingSignatures` (KAI --use-scheduling-signatures, decision 0353). */
  | 'schedulingSignatures';

export interface ProfileFormat {
  /** Whether the profile reads `feature` in this scenario (may depend on its configuration). */
  accepts(feature: FormatFeature, scenario: Scenario | null): boolean;
  /** Why a refused feature would be ignored, for the `field-not-in-profile` message. */
  whyRefused(feature: FormatFeature): string;
  /** Queue fields this profile does not read, with the reason (refused in queues, updateQueue, variants). */
  readonly unreadQueueFields: Readonly<Record<string, string>>;
  /** Job fields this profile does not read. */
  readonly unreadJobFields: Readonly<Record<string, string>>;
  /** Workload-generator fields this profile does not read. */
  readonly unreadWorkloadFields: Readonly<Record<string, string>>;
  /** Configuration the profile names but does not implement (null = supported), checked before a run. */
  unsupported(config: Partial<SchedulerConfig>): string | null;
  /** The profile's own top-level scenario block, if it has one (decision 0281). */
  readonly block?: ProfileBlockFormat;
}

/** Issue codes a profile's block reader may report (a subset of the scenario parser's catalogue). */
export type ProfileFieldIssueCode =
  | 'unknown-field'
  | 'wrong-type'
  | 'invalid-value'
  | 'out-of-range'
  | 'too-large'
  | 'missing-field'
  | 'duplicate-name'
  | 'invalid-quantity'
  | 'field-not-in-profile';

/** A problem in a profile's own block, at a field path from the document root. */
export interface ProfileFieldIssue {
  readonly code: ProfileFieldIssueCode;
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** A queue card the profile derives from its block, with the path messages about it point at. */
export interface DerivedQueue {
  readonly queue: QueueSpec;
  readonly path: readonly (string | number)[];
}

/**
 * A profile whose objects do not fit the shared `queues:` list (Kueue's ClusterQueues, Cohorts and
 * flavors) writes them in its own top-level block, `<key>:` (decision 0281). The shared reader hands the
 * block to `read` (which reports problems at document paths and returns plain data), stores both in
 * `Scenario.profileBlock`, refuses the block under any other profile, and passes `data` to the profile's
 * sessions (`ProfileSessionInput.profileData`). When `queues` derives the queue cards, the scenario may
 * not write `queues:` nor `updateQueue` events (the block is the one place queues are written).
 */
export interface ProfileBlockFormat {
  /** The top-level key (also what the block is refused under with another profile). */
  readonly key: string;
  /** What the block holds, for the missing-block and refused-queues messages ("resourceFlavors, …"). */
  readonly holds: string;
  /** Reads the raw block (already parsed YAML/JSON); `data` is null when it has errors. */
  read(raw: unknown): { data: unknown; issues: ProfileFieldIssue[] };
  /** The queue cards the shared views draw, derived from the read data; null = the scenario writes `queues:`. */
  queues(data: unknown): readonly DerivedQueue[] | null;
  /** The queue names a job may name (Kueue: its ClusterQueues), or null = any leaf queue. */
  jobQueues(data: unknown): ReadonlySet<string> | null;
  /** Why a job may not name `queue` (a derived queue not in `jobQueues`), for its `queue` field's error. */
  whyNotJobQueue(queue: string): string;
  /** The block as the serialiser writes it; absent = `written` back unchanged. */
  serialise?(block: ProfileBlock): unknown;
}

// ---------------------------------------------------------------------------------------------------------
// Queue words: how the profile names a queue's figures (every view names them as that scheduler does).
// ---------------------------------------------------------------------------------------------------------

export interface QueueWord {
  /** Column or legend label. */
  readonly label: string;
  /** What it is, for a title or a glossary line. */
  readonly meaning: string;
}

export interface QueueWords {
  readonly profile: string;
  /** The share the scheduler computed for the queue (the card's band). */
  readonly share: QueueWord;
  /** The per-resource floor written on the queue (KAI quota, Volcano guarantee); null when none. */
  readonly floor: QueueWord | null;
  /** The per-resource cap written on the queue (KAI limit, Volcano capability); null when none. */
  readonly cap: QueueWord | null;
  /** The weight that divides what is left; `perResource` for KAI's over-quota weight. */
  readonly weight: QueueWord & { readonly perResource: boolean };
  /** Whether the profile reads a queue priority. */
  readonly priority: boolean;
  /** Whether the queue's floor is a quota that the share is measured against (KAI). */
  readonly floorIsQuota: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Kubernetes import/export mapping (docs/scenario-format.md §12/§13).
// ---------------------------------------------------------------------------------------------------------

/** Plain YAML data (a mapping). */
export type KubeData = Record<string, unknown>;

export interface ProfileKubernetes {
  /** The scheduler's title in headers and notes ("KAI-Scheduler", "Volcano"). */
  readonly title: string;
  /** `spec.schedulerName` of exported pods. */
  readonly schedulerName: string;
  /** apiVersion of exported PodGroups. */
  readonly podGroupApiVersion: string;
  /** The scheduler ConfigMap this profile reads its configuration from. */
  readonly configMap: { readonly name: string; readonly namespace: string; readonly key: string };
  /**
   * Whether an imported object (apiVersion, kind, its labels) belongs to this profile (the import picks the
   * profile: the first profile in registry order that claims a document).
   */
  claims(apiVersion: string, kind: string, labels: Readonly<Record<string, unknown>>): boolean;
  /** Whether a scheduler ConfigMap's data key holds this profile's configuration (`volcano-scheduler.conf`). */
  readsConfigKey(key: string): boolean;
  /**
   * The queue the scheduler puts every parentless queue under, which an import drops from `parent:` unless
   * the named plugin builds a queue tree with it (Volcano `root`, `capacity`); null = a root is a queue
   * like any other (KAI).
   */
  readonly rootQueue: { readonly name: string; readonly treePlugin: string | null } | null;
  /** Whether the cluster snapshot and trace imports write this profile's scenarios (KAI's snapshot tool). */
  readonly clusterImport: boolean;
  /**
   * A profile whose objects are its own scenario block (decision 0281) reads and writes them itself
   * (Kueue's ResourceFlavors, Cohorts, ClusterQueues, LocalQueues and Workloads); absent = Queues and
   * PodGroups through the shared mapping.
   */
  readonly objects?: ProfileKubernetesObjects;
  /** Exported Queue object for a queue. */
  exportQueue(queue: QueueSpec, scenario: Scenario): KubeData;
  /**
   * Labels and annotations an exported pod carries to name its group and queue, and the pod label the
   * profile reads a task's own priority from (KAI `kai.scheduler/task-priority`); null = the pod's
   * `spec.priority` (Volcano).
   */
  podMarks(job: JobSpec): {
    labels: Record<string, string>;
    annotations: Record<string, string>;
    taskPriorityLabel: string | null;
  };
}

/** Path of a field in an imported object: dotted, or as segments (a key may hold dots). */
export type ObjectFieldPath = string | readonly string[];

/**
 * One imported document as the shared importer's field tracker shows it (importers/FieldTracker.ts): what
 * a profile reads is marked used, every field left unread is reported as not mapped.
 */
export interface ImportedObject {
  readonly label: string;
  readonly doc: KubeData;
  get(path: ObjectFieldPath): unknown;
  peek(path: ObjectFieldPath): unknown;
  use(path: ObjectFieldPath): void;
  /** Why a field is not mapped (it still lists as not mapped, with this reason). */
  explain(path: ObjectFieldPath, reason: string): void;
}

/** A document the profile claimed, with the scenario fields its `preemption-lab.dev/` annotations carry. */
export interface ClaimedObject {
  readonly object: ImportedObject;
  readonly carried: KubeData;
}

/** Where a profile's object reader reports, and the import's running totals (docs/scenario-format.md §12.1). */
export interface ObjectImportContext {
  readonly notes: string[];
  readonly errors: string[];
  /** Lists a field as not mapped, with the reason (a whole field the profile does not model). */
  unmapped(document: string, field: string, reason: string): void;
  /** Takes `n` from the import's total of jobs or tasks; false (with an error) past the bound. */
  take(kind: 'jobs' | 'tasks', n: number, where: string): boolean;
  /**
   * The keys of the scheduler ConfigMap's configuration the profile reads into its block
   * (`ProfileKubernetesObjects.configurationKeys`), with the document and field prefix to name them in
   * errors; null when the import has no such ConfigMap.
   */
  readonly configuration: {
    readonly document: string;
    readonly prefix: string;
    readonly data: KubeData;
  } | null;
}

/** What a profile read from its claimed documents, in the scenario format. */
export interface ObjectImport {
  /** The profile's block (under `format.block.key`). */
  readonly block: KubeData;
  readonly jobs: readonly KubeData[];
  readonly priorityClasses: readonly KubeData[];
}

export interface ProfileKubernetesObjects {
  /** Reads the claimed documents, in document order. */
  read(objects: readonly ClaimedObject[], context: ObjectImportContext): ObjectImport;
  /** The block's objects, written in place of one Queue per queue card. */
  exportBlock(scenario: Scenario): KubeData[];
  /**
   * A job's objects, written in place of a PodGroup and its Pods: `annotations` are the job's
   * `preemption-lab.dev/` fields a PodGroup would carry, `pod` writes a task's shared Pod.
   */
  exportJob(
    job: JobSpec,
    parts: { readonly annotations: Record<string, string>; pod(task: TaskSpec): KubeData },
  ): KubeData[];
  /** The configuration document of its ConfigMap (it has no actions or tiers), with the block's settings. */
  configuration(scenario: Scenario): KubeData;
  /**
   * Keys of that configuration document the block holds (Kueue's `fairSharing`): the import hands them to
   * `read` (ObjectImportContext.configuration) instead of listing them as not mapped.
   */
  readonly configurationKeys: readonly string[];
}

// ---------------------------------------------------------------------------------------------------------
// Property-test generators (the generators themselves live in the profile's `testing/` folder).
// ---------------------------------------------------------------------------------------------------------

/**
 * Hooks the shared scenario generators (src/engine/testing/arbitraries) and the property run call, so that
 * they never compare a profile's name (decision 0296). Draws are the generators' raw records, typed
 * `unknown` here because the framework does not depend on the testing layer; a profile's `testing/` folder
 * reads them with the testing layer's types. Every hook is a pure function of its draw (same draw, same
 * document), so a seed still names one scenario.
 */
export interface ProfileArbitraries {
  /** Action names a generated configuration picks from; empty = the profile has no actions. */
  readonly actions: readonly string[];
  /**
   * Entries of this profile in the generators' profile menu (KAI 2: it has the most rules to check). The
   * main run draws from the menu's first entries as they were before Kueue (so a seed gives the same
   * scenario as before); a profile registered later gets a share of runs of its own (runProperties.ts).
   */
  readonly weight: number;
  /** Whether the generated queues of this draw (a RawScenario) hang in a tree (`parent` written). */
  queueTree(draw: unknown): boolean;
  /**
   * The name of the first generated queue when it has children (Volcano: `root`, as upstream's capacity
   * tree, decision 0249); absent = `q0` like every other queue.
   */
  readonly treeRoot?: string;
  /** The fields of a generated queue or `updateQueue` (all but name and parent); `draw` is a RawQueue. */
  queueFields(draw: unknown): KubeData;
  /**
   * The plugin tiers and profile fields of a generated scheduler document (`draw` is the RawScheduler;
   * `tree`: the scenario's queues form a tree), written after `actions` and `schedulePeriod`.
   */
  schedulerFields(out: KubeData, draw: unknown, tree: boolean): void;
  /** Whether jobs present at t=0 may be listed Running (false: every job arrives Pending). */
  readonly startsRunning: boolean;
  /** Whether the profile reads `updateQueue` events and queue patches in variants (false: none generated). */
  readonly queueEvents: boolean;
  /** Whether variants are generated (schedule period, job fields, seed; actions and plugins if it has them). */
  readonly variants: boolean;
  /**
   * Rewrites a generated scheduler document (`scheduler:` or `updateConfig:`) to what the profile reads;
   * `draw` is the RawScheduler. Absent = the document is kept as the shared generator wrote it.
   */
  scheduler?(doc: KubeData, draw: unknown): KubeData;
  /**
   * The last pass over a generated scenario document (`draw` is the RawScenario): the profile's own parts
   * (Kueue: its `kueue:` block derived from the generated queue tree, which replaces `queues:`).
   */
  finish?(doc: KubeData, draw: unknown): void;
  /**
   * Whether the profile places a job's pods as a gang (at least minAvailable or none), which the shared
   * `gang-min-available` invariant checks. Kueue admits a Workload's quota whole but kube-scheduler places
   * its pods one by one (decision 0285), so its jobs may run below minAvailable, as upstream's do.
   */
  readonly gangs: boolean;
  /**
   * The profile's part of the property run over one scenario (decisions 0297, 0311): its own invariants after
   * every session and what the shared gang invariant must know of it. Absent = the shared invariants only.
   */
  checks?(scenario: Scenario): ProfileSessionCheck;
}

/** A violation a profile's check reports; `invariant` is a name of the property run's catalogue. */
export interface ProfileViolation {
  readonly invariant: string;
  readonly message: string;
}

/**
 * What the property run shares with a profile's checks for one session: the previous session's snapshot
 * (null before the first) and the run's own per-scenario state (the testing layer's `PropertyRunState`:
 * scenario facts, jobs exempt from the gang check), typed `unknown` here as the draws are, because the
 * framework does not depend on the testing layer.
 */
export interface ProfileCheckContext {
  readonly previous: SessionSnapshot | null;
  readonly run: unknown;
}

/** A profile's part of the property run over one scenario (decision 0311). */
export interface ProfileSessionCheck {
  /** The profile's own invariants after session `snapshot`, in the order they were found. */
  session(snapshot: SessionSnapshot, context: ProfileCheckContext): readonly ProfileViolation[];
  /**
   * Jobs that upstream's own actions may leave below minAvailable in this session (KAI: siblings of a
   * terminating pod; Volcano: within-job preempt), exempt from the shared gang check until whole or empty
   * again. Called before the gang check, with the previous session's snapshot (null for the first).
   * Absent = none.
   */
  gangGaps?(snapshot: SessionSnapshot, previous: SessionSnapshot | null): Iterable<string>;
  /**
   * Whether a job's pending BestEffort tasks count as ready (Volcano's and kube-batch's `IsReady`: Ready +
   * pending BestEffort ≥ MinAvailable, as `backfill` places them); false = placed tasks only (KAI).
   */
  readonly bestEffortIsReady: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Explain: the profile's own reasoning in the why/what-if answers (simulation/explain, decision 0309).
// ---------------------------------------------------------------------------------------------------------

/** Why a pending job's queue holds it back, as the shared explain code read it from the trace. */
export interface QueueHold {
  /** The job's pending code is `over-limit` (a cap on its queue or an ancestor). */
  readonly overLimit: boolean;
  /** The job, or one of its attempts, was refused by its queue's share (`fair-share`, over quota). */
  readonly quotaBound: boolean;
}

/** An evicted job, for the profile's answer to "what would have kept it". */
export interface EvictionInput {
  readonly scenario: Scenario;
  /** The snapshot of the session the job was evicted in. */
  readonly snap: SessionSnapshot;
  readonly session: number;
  readonly decision: Decision;
  /** The min-runtime the victim's verdicts (or the protection model) resolved; null = none applied. */
  readonly resolution: MinRuntimeResolution | null;
  /** When the victim last started, from its min-runtime verdict; null = not recorded. */
  readonly startedAtMs: number | null;
  readonly victimQueue: string | null;
  /** The preemptor's queue, when known. */
  readonly byQueue: string | null;
  /** Re-runs left for proving a change (a profile that proves one takes from it). */
  readonly budget: RerunBudget;
}

export type EvictionProtection = Pick<
  EvictionStory,
  'wouldHaveProtected' | 'protectingChange' | 'protectionProven'
>;

/**
 * What the shared explain code (src/engine/simulation/explain) asks the profile instead of comparing its
 * name: how its sentences name the queue's share, which of the queue's own figures a what-if may change,
 * and what would have kept an evicted job. The shared code keeps what holds for every profile (deleting a
 * job, adding a node, proving every candidate by a re-run).
 */
/** What the explain code gives a profile to say which protection applied to an eviction (decision 0339's left item). */
export interface EvictionProtectionInput {
  /** The snapshot of the session the job was evicted in. */
  readonly snap: SessionSnapshot;
  readonly session: number;
  readonly decision: Decision;
  /** The victims the eviction's attempt recorded, with their verdicts (empty when it recorded none). */
  readonly victims: readonly VictimRecord[];
  readonly victimQueue: string | null;
  readonly byQueue: string | null;
  /** Runs one of the profile's queries at a session (`ProfileModule.queries`). */
  query(kind: string, args: unknown, session: number): unknown;
}

/** The protection that applied to an evicted job, as its profile reads it. */
export interface AppliedProtection {
  /** The time-based protection that was resolved for the eviction; null = none applied. */
  readonly resolution: MinRuntimeResolution | null;
  /** When the victim last started, as the protection recorded it; null = not recorded. */
  readonly startedAtMs: number | null;
  /**
   * Why the protection could not keep this victim at all (KAI: an elastic victim above minAvailable); it then
   * replaces `wouldHaveProtected`'s answer. Null = ask `wouldHaveProtected`.
   */
  readonly cannotProtect: string | null;
}

export interface ProfileExplain {
  /** How a blocker sentence names the queue's share figure (KAI "fair share", Volcano "deserved share"). */
  readonly shareWord: string;
  /**
   * Candidate changes to the pending job's queue figures (KAI quota and limit, Volcano weight, capability
   * and deserved), smallest first; each is only kept when a re-run proves it. Empty = none the what-if
   * changes can express.
   */
  queueCandidates(input: CandidateInput, hold: QueueHold): Candidate[];
  /** What would have kept an evicted job (KAI: a longer min-runtime, proven by a re-run; others: the rule). */
  wouldHaveProtected(input: EvictionInput): EvictionProtection;
  /**
   * The blocker sentence, with its numbers, for a job whose victims the profile's time-based protection
   * keeps (pending code `victims-protected`; KAI: the first min-runtime to end and how many more are kept).
   * Null or absent = the first sentence of the engine's own pending message (decision 0339).
   */
  protectedBlocker?(snap: SessionSnapshot, pending: PendingExplanation): string | null;
  /**
   * What-ifs that shorten the protection keeping the victims of a `victims-protected` job (KAI: the
   * min-runtime of the queue it resolved from), tried before the queue candidates, each kept only when a
   * re-run proves it. Absent = none.
   */
  protectionCandidates?(input: CandidateInput): Candidate[];
  /**
   * The protection that applied to an eviction (KAI: the min-runtime its victim verdict recorded, else the
   * `minruntime` query's resolution). Absent = none (the profile has no time-based protection).
   */
  evictionProtection?(input: EvictionProtectionInput): AppliedProtection;
}

// ---------------------------------------------------------------------------------------------------------
// Upstream: the code the profile's rules were read from.
// ---------------------------------------------------------------------------------------------------------

/**
 * The upstream commit a profile follows: the code its rules were read from, cited in comments and
 * decisions, and the commit its translated conformance cases were taken at. Pure data in the profile's
 * folder (`upstream.ts`), so the credentials panel reads it through the views' module without the engine.
 * Bump it only together with the profile's rules and its conformance cases (decision 0234).
 */
export interface UpstreamCommit {
  /** `owner/name` on GitHub. */
  readonly repository: string;
  /** The commit's first 8 hex digits, as cited in `x-source` and decisions. */
  readonly commit: string;
  /** The commit date (YYYY-MM-DD). */
  readonly date: string;
}

// ---------------------------------------------------------------------------------------------------------
// The module.
// ---------------------------------------------------------------------------------------------------------

/** One scheduler profile. `N` is its name as written in a scenario's `profile:` field. */
export interface ProfileModule<N extends string = string> {
  readonly name: N;
  /** Display title (KAI-Scheduler, Volcano, kube-batch). */
  readonly title: string;
  readonly catalogue: ProfileCatalogue;
  /** Implemented action and plugin names (a test checks them against the catalogue). */
  implemented(): { actions: readonly string[]; plugins: readonly string[] };
  /** A usage ledger this scenario needs (KAI time-based fair share), or null. */
  usageLedger(scenario: Scenario): UsageLedger | null;
  createRunner(scenario: Scenario, options: RunnerOptions): SessionRunner;
  readonly snapshot: ProfileSnapshot;
  readonly queries: readonly ProfileQuery[];
  readonly format: ProfileFormat;
  readonly queueWords: QueueWords;
  readonly kubernetes: ProfileKubernetes;
  readonly arbitraries?: ProfileArbitraries;
  readonly explain: ProfileExplain;
  readonly upstream: UpstreamCommit;
  /** The compare mapper onto this profile: a scenario of any profile → this profile's (decision 0288). */
  readonly mapScenario: ScenarioMapper;
}
