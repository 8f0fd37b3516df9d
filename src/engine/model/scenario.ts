/**
 * The normalised scenario: what the parser produces and the simulator consumes. Every default of
 * docs/scenario-format.md is already applied, `count` is expanded, tasks are named, durations are
 * milliseconds and quantities are numbers (cpu in cores, memory in bytes). `null` means "unset".
 */
import type { QueueResourceName, Resources } from './resources';
import type { VariantSpec } from './variant';

export type Profile = 'kai' | 'volcano' | 'kube-batch';
export const PROFILES: readonly Profile[] = ['kai', 'volcano', 'kube-batch'];

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
}

export interface NodeSpec {
  name: string;
  /** Capacity; `Infinity` where the scenario omitted the resource. */
  resources: Resources;
  labels: Record<string, string>;
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
}

export type TaskInitialStatus = 'Pending' | 'Running';

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
  tasks: TaskSpec[];
}

export interface SchedulerPatch {
  actions?: string[];
  tiers?: Tier[];
  schedulePeriodMs?: number;
  maxConsolidationPreemptees?: number;
  stalenessGracePeriodMs?: number;
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
  /** `x-…` extension fields, kept verbatim (e.g. `x-resolve`). */
  extensions: Record<string, unknown>;
  /** Named variants of this scenario (§13); a run uses the base unless a variant is applied. */
  variants: VariantSpec[];
}
