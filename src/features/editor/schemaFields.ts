/**
 * Where each field table of the scenario schema applies in a document, so that completion and hover use
 * the very tables that validate (src/engine/scenario/schema.ts): one source of truth. A path is the chain
 * of keys from the top of the document (list items are transparent: `queues[3].resources` is
 * `['queues', 'resources']`).
 */
import { z } from 'zod';
import {
  EVENT_FIELDS,
  EXPECT_FIELDS,
  JOB_FIELDS,
  LESSON_ASK_FIELDS,
  LESSON_CHOICE_FIELDS,
  LESSON_PAIR_FIELDS,
  LESSON_SELECT_FIELDS,
  LESSON_STEP_FIELDS,
  NODE_FIELDS,
  NODE_RESOURCE_FIELDS,
  PLUGIN_FIELDS,
  PRIORITY_CLASS_FIELDS,
  QUEUE_FIELDS,
  QUEUE_RESOURCE_FIELDS,
  QUEUE_RESOURCES_FIELDS,
  REQUEST_FIELDS,
  RESOURCE_LIST_FIELDS,
  RUN_FIELDS,
  SCHEDULER_FIELDS,
  TASK_FIELDS,
  TIER_FIELDS,
  TOP_LEVEL_FIELDS,
  USAGE_DB_CONFIG_FIELDS,
  USAGE_PARAMS_FIELDS,
  USAGE_EXTRA_PARAMS_FIELDS,
  VARIANT_FIELDS,
  VARIANT_JOB_FIELDS,
  type FieldTable,
} from '../../engine/scenario/schema';
import {
  ARRIVAL_FIELDS,
  BURST_FIELDS,
  CLASS_CHOICE_FIELDS,
  DAILY_FIELDS,
  GPU_CHOICE_FIELDS,
  LOG_NORMAL_FIELDS,
  RUNTIME_FIELDS,
  SHIFTED_EXPONENTIAL_FIELDS,
  WORKLOAD_FIELDS,
} from '../../engine/scenario/workload/workloadSchema';

/** The name of each table, as used by the field documentation. */
export const TABLES = {
  scenario: TOP_LEVEL_FIELDS,
  priorityClass: PRIORITY_CLASS_FIELDS,
  scheduler: SCHEDULER_FIELDS,
  usageDBConfig: USAGE_DB_CONFIG_FIELDS,
  usageParams: USAGE_PARAMS_FIELDS,
  usageExtraParams: USAGE_EXTRA_PARAMS_FIELDS,
  tier: TIER_FIELDS,
  plugin: PLUGIN_FIELDS,
  node: NODE_FIELDS,
  nodeResources: NODE_RESOURCE_FIELDS,
  resourceList: RESOURCE_LIST_FIELDS,
  queue: QUEUE_FIELDS,
  queueResources: QUEUE_RESOURCES_FIELDS,
  queueResource: QUEUE_RESOURCE_FIELDS,
  job: JOB_FIELDS,
  request: REQUEST_FIELDS,
  task: TASK_FIELDS,
  event: EVENT_FIELDS,
  run: RUN_FIELDS,
  expect: EXPECT_FIELDS,
  lessonStep: LESSON_STEP_FIELDS,
  lessonSelect: LESSON_SELECT_FIELDS,
  lessonPair: LESSON_PAIR_FIELDS,
  lessonAsk: LESSON_ASK_FIELDS,
  lessonChoice: LESSON_CHOICE_FIELDS,
  variant: VARIANT_FIELDS,
  variantJob: VARIANT_JOB_FIELDS,
  workload: WORKLOAD_FIELDS,
  workloadArrivals: ARRIVAL_FIELDS,
  workloadDaily: DAILY_FIELDS,
  workloadBurst: BURST_FIELDS,
  workloadGpus: GPU_CHOICE_FIELDS,
  workloadRuntime: RUNTIME_FIELDS,
  workloadLogNormal: LOG_NORMAL_FIELDS,
  workloadShiftedExponential: SHIFTED_EXPONENTIAL_FIELDS,
  workloadClass: CLASS_CHOICE_FIELDS,
} as const satisfies Record<string, FieldTable>;

export type TableName = keyof typeof TABLES;

/** Which table the object under each key of a table is read by. */
const CHILDREN: Partial<Record<TableName, Record<string, TableName>>> = {
  scenario: {
    priorityClasses: 'priorityClass',
    scheduler: 'scheduler',
    nodes: 'node',
    queues: 'queue',
    jobs: 'job',
    events: 'event',
    run: 'run',
    expect: 'expect',
    lesson: 'lessonStep',
    variants: 'variant',
    workload: 'workload',
  },
  workload: {
    arrivals: 'workloadArrivals',
    gpus: 'workloadGpus',
    runtime: 'workloadRuntime',
    priorityClasses: 'workloadClass',
  },
  workloadArrivals: { daily: 'workloadDaily', bursts: 'workloadBurst' },
  workloadRuntime: { logNormal: 'workloadLogNormal', shiftedExponential: 'workloadShiftedExponential' },
  scheduler: { tiers: 'tier', usageDBConfig: 'usageDBConfig' },
  usageDBConfig: { usageParams: 'usageParams' },
  usageParams: { extraParams: 'usageExtraParams' },
  lessonStep: { select: 'lessonSelect', ask: 'lessonAsk' },
  lessonSelect: { pair: 'lessonPair' },
  lessonAsk: { choices: 'lessonChoice' },
  variant: { queues: 'queue', jobs: 'variantJob' },
  tier: { plugins: 'plugin' },
  node: { resources: 'nodeResources' },
  queue: {
    resources: 'queueResources',
    capability: 'resourceList',
    deserved: 'resourceList',
    guarantee: 'resourceList',
  },
  queueResources: { gpu: 'queueResource', cpu: 'queueResource', memory: 'queueResource' },
  job: { resources: 'request', tasks: 'task', minResources: 'resourceList' },
  task: { resources: 'request' },
  event: { submit: 'job', addNode: 'node', updateQueue: 'queue', updateConfig: 'scheduler' },
};

/** The table that reads the object at `path`, or null where the format has no fixed fields (maps of names). */
export function tableAt(path: readonly string[]): TableName | null {
  let table: TableName = 'scenario';
  for (const key of path) {
    const next: TableName | undefined = CHILDREN[table]?.[key];
    if (next === undefined) return null;
    table = next;
  }
  return table;
}

export function fieldsOf(table: TableName): string[] {
  return Object.keys(TABLES[table]);
}

/** The fixed values a field accepts (zod enums and booleans), else an empty list. */
export function enumValuesOf(table: TableName, field: string): readonly string[] {
  const schema = (TABLES[table] as FieldTable)[field];
  if (schema instanceof z.ZodEnum) return schema.options.map(String);
  if (schema instanceof z.ZodBoolean) return ['true', 'false'];
  return [];
}
