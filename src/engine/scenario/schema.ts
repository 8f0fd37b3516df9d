/**
 * The field schema of scenario format v1 (docs/scenario-format.md), in zod.
 *
 * Each object of the format is a *field table*: a zod schema per field. The normalisers validate an
 * object field by field (see `readFields`) rather than with one schema for the whole document, so that
 * a bad value costs only that field: the rest of the document is still read and cross-checked, and
 * every error of the document is reported in one pass. Fields whose values are objects or lists of
 * objects are `unknown` here and read by their own table.
 */
import { z } from 'zod';
import { parseDuration } from '../model/duration';
import { parseQuantity } from '../model/quantity';
import type { IssueCode } from './issues';
import { setOwn } from './ownEntries';
import {
  MAX_GPUS_PER_NODE,
  MAX_LESSON_LABEL_LENGTH,
  MAX_MAP_ENTRIES,
  MAX_NAME_LENGTH,
  MAX_SEED,
  MAX_SESSIONS,
} from './limits';

/** A custom zod issue tagged with a catalogue code (read back by `zodIssues.ts`). */
function addIssue(ctx: z.RefinementCtx, code: IssueCode, message: string): void {
  ctx.addIssue({ code: 'custom', message, params: { code } });
}

const unknownValue = z.unknown();

/**
 * A mapping from names (data) to values. Unlike `z.record`, which drops a `__proto__` key, every key
 * becomes an own property of the result.
 */
export function recordSchema<T extends z.ZodType>(valueSchema: T, maxEntries = Infinity, what = 'entries') {
  return unknownValue.transform((input, ctx): Record<string, z.output<T>> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      ctx.addIssue({ code: 'invalid_type', expected: 'record', input });
      return z.NEVER;
    }
    const size = Object.keys(input).length;
    if (size > maxEntries) {
      // One error for the mapping, not one per entry: the entries are not read at all.
      addIssue(ctx, 'too-large', `at most ${maxEntries} ${what} per object, got ${size}`);
      return z.NEVER;
    }
    const out: Record<string, z.output<T>> = {};
    for (const [key, value] of Object.entries(input)) {
      const parsed = valueSchema.safeParse(value, { reportInput: true });
      if (parsed.success) setOwn(out, key, parsed.data);
      else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [key, ...issue.path] });
    }
    return out;
  });
}

/** A value that is an object or a list of objects, read by its own field table. */
export const nested = unknownValue;
/** A list whose items are read one by one. */
export const list = z.array(z.unknown());
/** A mapping whose values are read one by one. */
export const mapping = recordSchema(z.unknown());

/** A name: a non-empty string (never interpreted), at most {@link MAX_NAME_LENGTH} characters. */
export const nameSchema = z.string().min(1).max(MAX_NAME_LENGTH);
/** A count: a non-negative integer. */
export const countSchema = z.number().int().min(0);
/**
 * Upper bound of `count` (nodes) and `tasks: N` (jobs). The sandbox runs in a browser tab: a typo such
 * as `count: 1000000` should be an error, not a frozen page.
 */
export const MAX_EXPANSION = 10_000;
/** A count that expands into objects, bounded by {@link MAX_EXPANSION}. */
export const expansionSchema = countSchema.max(MAX_EXPANSION);
/** A priority or session number. */
export const integerSchema = z.number().int();
/** true or false (YAML 1.2: `yes`/`no` are strings, and rejected). */
export const booleanSchema = z.boolean();
/** Labels, annotations, node selectors: string to string, at most {@link MAX_MAP_ENTRIES} entries. */
export const stringMapSchema = recordSchema(z.string(), MAX_MAP_ENTRIES);
/** A session count: `run.sessions`, `run.maxSessions`. */
export const sessionCountSchema = countSchema.max(MAX_SESSIONS);

/** Range of a duration field. */
export interface DurationBounds {
  /** Smallest allowed value in ms. */
  min?: number;
  /** Whether `min` itself is allowed (default true). */
  inclusive?: boolean;
}

/** A Go duration string (`1h2m3s`, `-60s`) as milliseconds. The number 0 is accepted, as Go accepts "0". */
export function durationSchema(bounds: DurationBounds = {}) {
  return unknownValue.transform((value, ctx): number => {
    if (value === 0) return checkDuration(0, bounds, ctx);
    if (typeof value !== 'string') {
      addIssue(
        ctx,
        'invalid-duration',
        typeof value === 'number'
          ? `invalid duration ${value}: a duration is a string with a unit, such as "${value}s"`
          : `invalid duration: expected a string such as "30s", got ${describeValue(value)}`,
      );
      return z.NEVER;
    }
    const parsed = parseDuration(value);
    if (!parsed.ok) {
      addIssue(ctx, parsed.outOfRange === true ? 'out-of-range' : 'invalid-duration', parsed.error);
      return z.NEVER;
    }
    return checkDuration(parsed.ms, bounds, ctx);
  });
}

function checkDuration(ms: number, bounds: DurationBounds, ctx: z.RefinementCtx): number {
  const { min, inclusive = true } = bounds;
  if (min !== undefined && (inclusive ? ms < min : ms <= min)) {
    const code: IssueCode = min === 0 && inclusive ? 'negative-value' : 'out-of-range';
    addIssue(ctx, code, `must be ${inclusive ? 'at least' : 'more than'} ${min}ms, got ${ms}ms`);
  }
  return ms;
}

/** Range of a quantity field. */
export interface QuantityBounds {
  /** Accept -1 as "unlimited" / "no limit" besides non-negative values (KAI queue quota and limit). */
  allowMinusOne?: boolean;
}

/** A Kubernetes quantity (`500m`, `1Gi`) or a plain number; never negative (except -1 when allowed). */
export function quantitySchema(bounds: QuantityBounds = {}) {
  return unknownValue.transform((value, ctx): number => {
    if (typeof value !== 'number' && typeof value !== 'string') {
      addIssue(
        ctx,
        'invalid-quantity',
        `invalid quantity: expected a number or a string such as "500m", got ${describeValue(value)}`,
      );
      return z.NEVER;
    }
    const parsed = parseQuantity(value);
    if (!parsed.ok) {
      addIssue(ctx, 'invalid-quantity', parsed.error);
      return z.NEVER;
    }
    if (parsed.value < 0 && !(bounds.allowMinusOne === true && parsed.value === -1)) {
      addIssue(
        ctx,
        'negative-value',
        bounds.allowMinusOne === true
          ? `must be -1 (unlimited) or at least 0, got ${parsed.value}`
          : `must not be negative, got ${parsed.value}`,
      );
    }
    return parsed.value;
  });
}

/** A task's GPU request: whole devices (1, 2, …) or a fraction of one device (0 < x < 1). */
export const gpuRequestSchema = quantitySchema().transform((gpu, ctx): number => {
  if (gpu > 1 && !Number.isInteger(gpu)) {
    addIssue(ctx, 'invalid-gpu', `a task asks for whole GPUs or a fraction of one GPU, not ${gpu}`);
  } else if (gpu > MAX_GPUS_PER_NODE) {
    // A task's GPUs all come from one node, so more than a node can have would never fit.
    addIssue(
      ctx,
      'out-of-range',
      `at most ${MAX_GPUS_PER_NODE} GPUs per task (a node has at most that many), got ${gpu}`,
    );
  }
  return gpu;
});

/** A node's GPU capacity: a whole number of devices. */
export const gpuCapacitySchema = quantitySchema().transform((gpu, ctx): number => {
  if (!Number.isInteger(gpu)) addIssue(ctx, 'invalid-gpu', `a node has a whole number of GPUs, not ${gpu}`);
  // Each device is modelled (fractions share one device), so the count is bounded like a list's length.
  else if (gpu > MAX_GPUS_PER_NODE)
    addIssue(ctx, 'out-of-range', `at most ${MAX_GPUS_PER_NODE} GPUs per node, got ${gpu}`);
  return gpu;
});

/** GPU memory in MiB (§23, addition): a whole number from 1 to MAX_GPU_MEMORY_MIB (1 TiB per device). */
export const MAX_GPU_MEMORY_MIB = 1_048_576;
export const gpuMemorySchema = integerSchema.refine((v) => v >= 1 && v <= MAX_GPU_MEMORY_MIB, {
  message: `gpuMemory is a whole number of MiB from 1 to ${MAX_GPU_MEMORY_MIB}`,
});
/** Devices of a GPU-memory request (§23.3, addition): 1 … MAX_GPUS_PER_NODE, as all come from one node. */
export const gpuMemoryDevicesSchema = integerSchema.refine((v) => v >= 1 && v <= MAX_GPUS_PER_NODE, {
  message: `gpuMemoryDevices is a whole number of devices from 1 to ${MAX_GPUS_PER_NODE}`,
});

/** Describes a value for a message without dumping it (names are data; long strings are cut). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null ? 'a mapping' : 'an object that is not plain data';
  }
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}

/** Initial task statuses (docs §5; `Succeeded` is an addition, decision 0330). */
export const TASK_STATUSES = ['Pending', 'Running', 'Succeeded'] as const;
/** Initial Volcano PodGroup phases. */
export const POD_GROUP_PHASES = ['Pending', 'Inqueue', 'Running'] as const;
/** KAI job preemptibility values. */
export const PREEMPTIBILITIES = ['preemptible', 'non-preemptible'] as const;
/** Kubernetes preemption policies. */
export const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'] as const;
/** Volcano queue states. */
export const QUEUE_STATES = ['Open', 'Closed', 'Closing', 'Unknown'] as const;
/** Statuses a check may expect (docs/scenario-format.md §7). */
export const EXPECTED_TASK_STATUSES = [
  'Pending',
  'Pipelined',
  'Running',
  'Releasing',
  'Succeeded',
  // KAI's long-terminating pod (§23.4, addition).
  'StuckInReleasing',
] as const;
/** Volcano PodGroup phases a check may expect (the upstream enum). */
export const EXPECTED_JOB_PHASES = ['Pending', 'Inqueue', 'Running', 'Completed', 'Unknown'] as const;
/** Event kinds (docs §6). */
export const EVENT_KINDS = [
  'submit',
  'deleteJob',
  'addNode',
  'removeNode',
  'updateQueue',
  'updateConfig',
] as const;
/** One of {@link EVENT_KINDS}. */
export type EventKind = (typeof EVENT_KINDS)[number];

/** Volcano per-extension-point flags: `enableX` / `enabledX` keys of a plugin entry. */
export const PLUGIN_FLAG_KEY = /^enabled?[A-Z]/;

/** A field table: one zod schema per field of an object of the format. */
export type FieldTable = Record<string, z.ZodType>;

/** The scenario document (docs §1); `x-` keys are handled apart. */
export const TOP_LEVEL_FIELDS = {
  version: unknownValue,
  name: z.string(),
  description: z.string(),
  profile: z.string(),
  priorityClasses: list,
  scheduler: nested,
  nodes: list,
  queues: list,
  jobs: list,
  events: list,
  run: nested,
  expect: list,
  lesson: list,
  variants: list,
  seed: seedSchema(),
  workload: list,
  topologies: list,
  nodePools: list,
} satisfies FieldTable;

/** A `priorityClasses` entry. */
export const PRIORITY_CLASS_FIELDS = {
  name: nameSchema,
  value: integerSchema,
  preemptionPolicy: z.enum(PREEMPTION_POLICIES),
} satisfies FieldTable;

/** `scheduler` and `updateConfig` (docs §2). */
export const SCHEDULER_FIELDS = {
  actions: unknownValue,
  tiers: list,
  schedulePeriod: durationSchema({ min: 0, inclusive: false }),
  maxConsolidationPreemptees: countSchema,
  stalenessGracePeriod: durationSchema(),
  // KAI --stuck-in-releasing-threshold (§23.4, addition); read by readTerminating.ts.
  stuckInReleasingThreshold: durationSchema({ min: 0, inclusive: false }),
  // KAI --use-scheduling-signatures (addition, decision 0353).
  useSchedulingSignatures: booleanSchema,
  usageDBConfig: nested,
} satisfies FieldTable;

/**
 * KAI `usageDBConfig` (time-based fair share; KAI pkg/scheduler/cache/usagedb/api/interface.go:15-20 @d5bc503).
 * The sandbox is its own Prometheus: the connection fields are known so that they are refused with a
 * reason (normaliseUsageDBConfig.ts), not reported as unknown.
 */
export const USAGE_DB_CONFIG_FIELDS = {
  clientType: unknownValue,
  connectionString: unknownValue,
  connectionStringEnvVar: unknownValue,
  usageParams: nested,
} satisfies FieldTable;

/** Window types the sandbox models (upstream's `cron` needs a wall-clock calendar the sandbox has not). */
export const USAGE_WINDOW_TYPES = ['sliding', 'tumbling'] as const;

/** KAI `usageDBConfig.usageParams` (interface.go:44-64 @d5bc503); windowSize is a Prometheus duration. */
export const USAGE_PARAMS_FIELDS = {
  // ≤ 0 disables decay, as KAI's SetDefaults does (defaults.go:17 @d5bc503).
  halfLifePeriod: durationSchema(),
  windowSize: unknownValue,
  windowType: unknownValue,
  tumblingWindowStartTime: unknownValue,
  cronString: unknownValue,
  // time.NewTicker panics on an interval ≤ 0 (usagedb.go:91 @d5bc503).
  fetchInterval: durationSchema({ min: 0, inclusive: false }),
  stalenessPeriod: durationSchema(),
  waitTimeout: durationSchema(),
  extraParams: nested,
} satisfies FieldTable;

/** KAI's Prometheus client's `extraParams` (prometheus.go:60-73 @d5bc503). */
export const USAGE_EXTRA_PARAMS_FIELDS = {
  // A step of 0 makes Prometheus refuse the query; a timeout ≤ 0 fails every fetch.
  queryResolution: durationSchema({ min: 0, inclusive: false }),
  usageQueryTimeout: durationSchema({ min: 0, inclusive: false }),
  gpuAllocationMetric: unknownValue,
  cpuAllocationMetric: unknownValue,
  memoryAllocationMetric: unknownValue,
  gpuCapacityMetric: unknownValue,
  cpuCapacityMetric: unknownValue,
  memoryCapacityMetric: unknownValue,
} satisfies FieldTable;

/** A tier of plugins. */
export const TIER_FIELDS = { plugins: list } satisfies FieldTable;

/** A plugin entry; its `enableX` flags are read apart ({@link PLUGIN_FLAG_KEY}). */
export const PLUGIN_FIELDS = {
  name: nameSchema,
  arguments: mapping,
} satisfies FieldTable;

/** A `nodes` entry and `addNode` (docs §3). */
export const NODE_FIELDS = {
  name: nameSchema,
  resources: nested,
  labels: stringMapSchema,
  count: expansionSchema,
} satisfies FieldTable;

/** Node capacity. */
export const NODE_RESOURCE_FIELDS = {
  gpu: gpuCapacitySchema,
  cpu: quantitySchema(),
  memory: quantitySchema(),
  pods: quantitySchema(),
  gpuMemory: gpuMemorySchema,
} satisfies FieldTable;

/** Volcano resource lists (queue capability/deserved/guarantee, PodGroup minResources); sums, so any GPU amount. */
export const RESOURCE_LIST_FIELDS = {
  gpu: quantitySchema(),
  cpu: quantitySchema(),
  memory: quantitySchema(),
  pods: quantitySchema(),
} satisfies FieldTable;

/**
 * A Kubernetes label value naming a KAI node pool (§24): 1-63 characters, alphanumeric at both ends, `-`,
 * `_` and `.` inside (the Kubernetes label value syntax; upstream selects by it).
 */
export const nodePoolLabelSchema = z
  .string()
  .max(63)
  .regex(/^[A-Za-z0-9]([A-Za-z0-9_.-]*[A-Za-z0-9])?$/, 'a label value: 1-63 letters, digits, - _ .');

/** A `queues` entry and `updateQueue` (docs §4). */
export const QUEUE_FIELDS = {
  name: nameSchema,
  parent: nameSchema,
  priority: integerSchema,
  resources: nested,
  // Any Go duration, negative included: KAI does not validate these queue fields; a negative value still
  // overrides ancestors and the default and never protects (reference §4.1).
  preemptMinRuntime: durationSchema(),
  reclaimMinRuntime: durationSchema(),
  weight: z.number().min(0),
  capability: nested,
  deserved: nested,
  guarantee: nested,
  state: z.enum(QUEUE_STATES),
  reclaimable: booleanSchema,
  nodePool: nodePoolLabelSchema,
} satisfies FieldTable;

/** Queue `resources`: one entry per resource. */
export const QUEUE_RESOURCES_FIELDS = { gpu: nested, cpu: nested, memory: nested } satisfies FieldTable;

/** KAI quota, limit and over-quota weight of one resource. */
export const QUEUE_RESOURCE_FIELDS = {
  quota: quantitySchema({ allowMinusOne: true }),
  limit: quantitySchema({ allowMinusOne: true }),
  overQuotaWeight: z.number().min(0),
} satisfies FieldTable;

/** A `jobs` entry and `submit` (docs §5). */
export const JOB_FIELDS = {
  name: nameSchema,
  namespace: nameSchema,
  queue: nameSchema,
  priorityClassName: nameSchema,
  priority: integerSchema,
  preemptibility: z.enum(PREEMPTIBILITIES),
  minAvailable: countSchema,
  minResources: nested,
  phase: z.enum(POD_GROUP_PHASES),
  submitAt: durationSchema(),
  startedAt: durationSchema(),
  runtime: durationSchema({ min: 0 }),
  preemptionDelay: durationSchema({ min: 0 }),
  lastEvictedAt: durationSchema(),
  annotations: stringMapSchema,
  resources: nested,
  tasks: unknownValue,
  minTaskMember: nested,
  // KAI subgroups and per-pod-group staleness (§22, addition); read by normaliseSubGroups.ts.
  subGroups: unknownValue,
  minSubGroup: countSchema,
  stalenessGracePeriod: durationSchema(),
  topologyConstraint: nested,
  segments: nested,
  nodePool: nodePoolLabelSchema,
} satisfies FieldTable;

/** Per-task requests; `pods` is not listed because every task takes exactly one pod slot. */
export const REQUEST_FIELDS = {
  gpu: gpuRequestSchema,
  cpu: quantitySchema(),
  memory: quantitySchema(),
  gpuMemory: gpuMemorySchema,
  gpuMemoryDevices: gpuMemoryDevicesSchema,
} satisfies FieldTable;

/** A task object. */
export const TASK_FIELDS = {
  name: nameSchema,
  resources: nested,
  status: z.enum(TASK_STATUSES),
  node: nameSchema,
  priority: integerSchema,
  preemptable: booleanSchema,
  preemptionPolicy: z.enum(PREEMPTION_POLICIES),
  labels: stringMapSchema,
  nodeSelector: stringMapSchema,
  role: nested,
  subGroup: nameSchema,
  // KAI pod deletionTimestamp relative to run start (§23.4, addition); read by readTerminating.ts.
  deletionTimestamp: durationSchema(),
  // Its deletion grace period (metadata.deletionGracePeriodSeconds; decision 0305): the deletion completes.
  deletionGracePeriod: durationSchema(),
} satisfies FieldTable;

/** An entry of a job's `subGroups` (§22, addition). */
export const SUBGROUP_FIELDS = {
  name: nameSchema,
  parent: nameSchema,
  minMember: countSchema,
  minSubGroup: countSchema,
  topologyConstraint: nested,
} satisfies FieldTable;

/** An `events` entry: `at` and one kind (docs §6). */
export const EVENT_FIELDS = {
  at: durationSchema(),
  submit: nested,
  deleteJob: nameSchema,
  addNode: nested,
  removeNode: nameSchema,
  updateQueue: nested,
  updateConfig: nested,
} satisfies FieldTable;

/** `run` (docs §1). */
export const RUN_FIELDS = {
  until: durationSchema(),
  sessions: sessionCountSchema,
  maxSessions: sessionCountSchema.min(1),
} satisfies FieldTable;

/** An `expect` check (docs §8). */
export const EXPECT_FIELDS = {
  session: integerSchema,
  at: durationSchema(),
  tasks: recordSchema(z.enum(EXPECTED_TASK_STATUSES)),
  evicted: z.array(nameSchema),
  bound: recordSchema(nameSchema),
  pipelined: recordSchema(nameSchema),
  jobs: mapping,
  queues: mapping,
} satisfies FieldTable;

/** Expected state of a job. */
export const EXPECT_JOB_FIELDS = {
  phase: z.enum(EXPECTED_JOB_PHASES),
  running: countSchema,
} satisfies FieldTable;

/** Expected fair share and allocation of a queue. */
export const EXPECT_QUEUE_FIELDS = { fairShare: nested, allocated: nested } satisfies FieldTable;

/** Expected queue amounts: cpu in cores, memory in bytes; quantities are accepted for convenience. */
export const RESOURCE_CHECK_FIELDS = {
  gpu: quantitySchema(),
  cpu: quantitySchema(),
  memory: quantitySchema(),
} satisfies FieldTable;

/** A `lesson` step (docs §14). */
export const LESSON_STEP_FIELDS = {
  say: z.string(),
  session: integerSchema,
  select: nested,
  ask: nested,
} satisfies FieldTable;

/** What a step selects: exactly one of these. */
export const LESSON_SELECT_FIELDS = {
  job: nameSchema,
  queue: nameSchema,
  node: nameSchema,
  pair: nested,
} satisfies FieldTable;

/** A preemptor/victim pair (job names). */
export const LESSON_PAIR_FIELDS = { preemptor: nameSchema, victim: nameSchema } satisfies FieldTable;

/** A step's question. */
export const LESSON_ASK_FIELDS = {
  question: z
    .string()
    .min(1)
    .max(MAX_LESSON_LABEL_LENGTH * 2),
  reveal: integerSchema,
  choices: list,
} satisfies FieldTable;

/** A choice: a label and the claim fields of a check (§8) about the reveal session. */
export const LESSON_CHOICE_FIELDS = {
  label: z.string().min(1).max(MAX_LESSON_LABEL_LENGTH),
  tasks: EXPECT_FIELDS.tasks,
  evicted: EXPECT_FIELDS.evicted,
  bound: EXPECT_FIELDS.bound,
  pipelined: EXPECT_FIELDS.pipelined,
  jobs: EXPECT_FIELDS.jobs,
  queues: EXPECT_FIELDS.queues,
} satisfies FieldTable;

/** Top-level `seed` and a variant's (§19): an integer 0..MAX_SEED. */
function seedSchema() {
  return z.number().int().min(0).max(MAX_SEED);
}

/** A `variants` entry (docs §15): a name and the changes it makes to the base. */
export const VARIANT_FIELDS = {
  name: nameSchema,
  description: z.string(),
  actions: unknownValue,
  schedulePeriod: durationSchema({ min: 0, inclusive: false }),
  plugins: mapping,
  queues: list,
  jobs: list,
  seed: seedSchema(),
} satisfies FieldTable;

/** A job change inside a variant: only what a policy comparison varies. */
export const VARIANT_JOB_FIELDS = {
  name: nameSchema,
  priorityClassName: nameSchema,
  priority: integerSchema,
  preemptibility: z.enum(PREEMPTIBILITIES),
  runtime: durationSchema({ min: 0 }),
} satisfies FieldTable;
