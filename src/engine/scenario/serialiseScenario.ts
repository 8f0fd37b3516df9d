/**
 * Normalised scenario → YAML in the scenario format, for share links, "save as" and lesson authoring.
 * Values equal to the defaults the parser would apply are left out, so the output stays close to what a
 * person writes; `parseScenario(serialiseScenario(s))` gives `s` back (apart from `expect[].line`,
 * which records where the check sits in the source text).
 */
import { usageDBConfigData } from './usageParamsData';
import { Document, isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import { formatDuration } from '../model/duration';
import { QUEUE_RESOURCE_NAMES, RESOURCE_NAMES, type ResourceName, type Resources } from '../model/resources';
import type {
  ExpectCheck,
  JobSpec,
  LessonStep,
  LessonTarget,
  NodeSpec,
  PriorityClass,
  Profile,
  QueuePatch,
  QueueSpec,
  Scenario,
  ScenarioEvent,
  SchedulerConfig,
  SchedulerPatch,
  TaskSpec,
  Tier,
} from '../model/scenario';
import type { JobPatch, VariantSpec } from '../model/variant';
import { blockOf, catalogueOf } from '../registry';
import { DEFAULT_NAMESPACE, defaultPreemptible } from './normaliseJob';
import { DEFAULT_QUEUE_RESOURCE, DEFAULT_QUEUE_STATE, DEFAULT_QUEUE_WEIGHT } from './normaliseQueue';
import { DEFAULT_MAX_SESSIONS } from './normaliseRun';
import { segmentData, subGroupData, withoutSegmentExpansion } from './serialiseSubGroups';
import {
  DEFAULT_MAX_CONSOLIDATION_PREEMPTEES,
  DEFAULT_STALENESS_GRACE_PERIOD_MS,
} from './normaliseScheduler';
import { cloneData, setOwn } from './ownEntries';
import { quoteWhereNeeded, YAML_WRITE_OPTIONS } from './quoteWhereNeeded';
import { workloadData } from './workload/workloadData';
import { topologyConstraintData, topologyData } from './serialiseTopology';
import { nodePoolsData } from './nodePoolsData';

type Data = Record<string, unknown>;

/** Collections at most this long (as JSON) are written inline (`{gpu: 1, cpu: 2}`). */
const FLOW_WIDTH = 80;

/**
 * Where the scenario's queues are written: a profile's own block (decision 0281) written back, and
 * `queues:` unless the block derives the queue cards (Kueue's ClusterQueues and Cohorts), which are then not
 * written. The dry run writes the same for its one-job document.
 */
export function queueFields(s: Scenario): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const block = s.profileBlock === undefined ? null : blockOf(s.profile);
  if (s.profileBlock !== undefined)
    out[s.profileBlock.key] = cloneData(block?.serialise?.(s.profileBlock) ?? s.profileBlock.written);
  if (block === null || s.profileBlock === undefined || block.queues(s.profileBlock.data) === null)
    out['queues'] = s.queues.map((q) => queueData(q, s.profile));
  return out;
}

/** Writes `s` as YAML in the scenario format (durations as Go strings, resources as plain numbers). */
export function serialiseScenario(s: Scenario): string {
  const classes = new Map(s.priorityClasses.map((c) => [c.name, c]));
  const out: Data = { version: s.version, name: s.name };
  if (s.description !== '') out['description'] = s.description;
  out['profile'] = s.profile;
  for (const [key, value] of Object.entries(s.extensions)) setOwn(out, key, cloneData(value));
  const customClasses = s.priorityClasses.filter((c) => !isDefaultClass(c, s.profile));
  if (customClasses.length > 0) out['priorityClasses'] = customClasses.map(priorityClassData);
  out['scheduler'] = schedulerData(s.scheduler);
  if (s.topologies !== undefined) out['topologies'] = s.topologies.map(topologyData);
  if (s.nodePools !== undefined && s.nodePools.length > 0) out['nodePools'] = nodePoolsData(s.nodePools);
  const queues = queueFields(s);
  for (const [key, value] of Object.entries(queues)) if (key !== 'queues') out[key] = value;
  out['nodes'] = s.nodes.map(nodeData);
  if (queues['queues'] !== undefined) out['queues'] = queues['queues'];
  // Generated jobs are not written: `seed` and `workload` make them again (§19).
  out['jobs'] = s.jobs.filter((j) => j.generatedBy === undefined).map((j) => jobData(j, s.profile, classes));
  if (s.workload !== undefined) Object.assign(out, workloadData(s.workload));
  if (s.events.length > 0) out['events'] = s.events.map((e) => eventData(e, s.profile, classes));
  // No `run:` block means "until settled" (§7.1): writing the defaults out would change the run.
  if (!s.run.untilSettled) out['run'] = runData(s);
  if (s.expect.length > 0) out['expect'] = s.expect.map(expectData);
  if (s.lesson.length > 0) out['lesson'] = s.lesson.map(lessonStepData);
  if (s.variants.length > 0) out['variants'] = s.variants.map((v) => variantData(v, classes));

  const doc = new Document(out);
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      // Sections that list objects (nodes, queues, jobs, …) stay one item per line, even when short.
      if (isSeq(pair.value))
        pair.value.items.forEach((item) => isNodeLike(item) && inlineSmallCollections(item));
      else if (isNodeLike(pair.value)) inlineSmallCollections(pair.value);
    }
  }
  quoteWhereNeeded(doc.contents);
  return doc.toString(YAML_WRITE_OPTIONS);
}

/** Marks small collections of scalars as flow style, bottom-up, so that lists of tasks stay compact. */
function inlineSmallCollections(node: YamlNode): boolean {
  if (isScalar(node)) return true;
  if (isMap(node) || isSeq(node)) {
    let simple = true;
    for (const item of node.items) {
      const value: unknown = isMap(node) ? (item as { value: unknown }).value : item;
      if (!isNodeLike(value) || !inlineSmallCollections(value)) simple = false;
    }
    if (simple && JSON.stringify(node.toJSON()).length <= FLOW_WIDTH) {
      node.flow = true;
      return true;
    }
  }
  return false;
}

function isNodeLike(value: unknown): value is YamlNode {
  return isScalar(value) || isMap(value) || isSeq(value);
}

function isDefaultClass(c: PriorityClass, profile: Profile): boolean {
  return catalogueOf(profile).defaultPriorityClasses.some(
    (d) => d.name === c.name && d.value === c.value && d.preemptionPolicy === c.preemptionPolicy,
  );
}

function priorityClassData(c: PriorityClass): Data {
  const out: Data = { name: c.name, value: c.value };
  if (c.preemptionPolicy !== 'PreemptLowerPriority') out['preemptionPolicy'] = c.preemptionPolicy;
  return out;
}

export function schedulerData(config: SchedulerConfig): Data {
  return schedulerPatchData({
    actions: config.actions,
    tiers: config.tiers,
    schedulePeriodMs: config.schedulePeriodMs,
    ...(config.maxConsolidationPreemptees === DEFAULT_MAX_CONSOLIDATION_PREEMPTEES
      ? {}
      : { maxConsolidationPreemptees: config.maxConsolidationPreemptees }),
    ...(config.stalenessGracePeriodMs === DEFAULT_STALENESS_GRACE_PERIOD_MS
      ? {}
      : { stalenessGracePeriodMs: config.stalenessGracePeriodMs }),
    ...(config.stuckInReleasingThresholdMs === undefined
      ? {}
      : { stuckInReleasingThresholdMs: config.stuckInReleasingThresholdMs }),
    ...(config.useSchedulingSignatures === true ? { useSchedulingSignatures: true } : {}),
    ...(config.usage ? { usage: config.usage } : {}),
  });
}

export function schedulerPatchData(patch: SchedulerPatch): Data {
  const out: Data = {};
  if (patch.actions !== undefined) out['actions'] = [...patch.actions];
  if (patch.tiers !== undefined) out['tiers'] = patch.tiers.map(tierData);
  if (patch.schedulePeriodMs !== undefined) out['schedulePeriod'] = formatDuration(patch.schedulePeriodMs);
  if (patch.maxConsolidationPreemptees !== undefined)
    out['maxConsolidationPreemptees'] = patch.maxConsolidationPreemptees;
  if (patch.stalenessGracePeriodMs !== undefined)
    out['stalenessGracePeriod'] = formatDuration(patch.stalenessGracePeriodMs);
  if (patch.stuckInReleasingThresholdMs !== undefined)
    out['stuckInReleasingThreshold'] = formatDuration(patch.stuckInReleasingThresholdMs);
  if (patch.useSchedulingSignatures !== undefined)
    out['useSchedulingSignatures'] = patch.useSchedulingSignatures;
  if (patch.usage !== undefined) {
    out['usageDBConfig'] = usageDBConfigData(patch.usage);
  }
  return out;
}

function tierData(tier: Tier): Data {
  return {
    plugins: tier.plugins.map((p) => {
      const out: Data = { name: p.name };
      if (Object.keys(p.arguments).length > 0) out['arguments'] = cloneData(p.arguments);
      for (const [flag, value] of Object.entries(p.flags)) out[flag] = value;
      return out;
    }),
  };
}

function nodeData(node: NodeSpec): Data {
  const out: Data = { name: node.name };
  const resources = resourceData(node.resources, (v) => Number.isFinite(v));
  if (node.gpuMemoryMiB !== undefined) resources['gpuMemory'] = node.gpuMemoryMiB;
  if (Object.keys(resources).length > 0) out['resources'] = resources;
  if (Object.keys(node.labels).length > 0) out['labels'] = { ...node.labels };
  return out;
}

function resourceData(
  r: Partial<Resources>,
  keep: (value: number) => boolean,
  names: readonly ResourceName[] = RESOURCE_NAMES,
): Data {
  const out: Data = {};
  for (const name of names) {
    const value = r[name];
    if (value !== undefined && keep(value)) out[name] = value;
  }
  return out;
}

export function queueData(q: QueueSpec, profile: Profile): Data {
  const out: Data = { name: q.name };
  if (q.parent !== null) out['parent'] = q.parent;
  if (q.priority !== catalogueOf(profile).defaultQueuePriority) out['priority'] = q.priority;
  const resources: Data = {};
  for (const name of QUEUE_RESOURCE_NAMES) {
    const spec: Data = {};
    for (const field of ['quota', 'limit', 'overQuotaWeight'] as const) {
      if (q.resources[name][field] !== DEFAULT_QUEUE_RESOURCE[field]) spec[field] = q.resources[name][field];
    }
    if (Object.keys(spec).length > 0) resources[name] = spec;
  }
  if (Object.keys(resources).length > 0) out['resources'] = resources;
  if (q.preemptMinRuntimeMs !== null) out['preemptMinRuntime'] = formatDuration(q.preemptMinRuntimeMs);
  if (q.reclaimMinRuntimeMs !== null) out['reclaimMinRuntime'] = formatDuration(q.reclaimMinRuntimeMs);
  if (q.weight !== DEFAULT_QUEUE_WEIGHT) out['weight'] = q.weight;
  for (const key of ['capability', 'deserved', 'guarantee'] as const) {
    const list = q[key];
    if (list !== null) out[key] = resourceData(list, () => true);
  }
  if (q.state !== DEFAULT_QUEUE_STATE) out['state'] = q.state;
  if (!q.reclaimable) out['reclaimable'] = false;
  if (q.nodePool !== undefined) out['nodePool'] = q.nodePool;
  return out;
}

/** Every field the patch sets, including `null` ("unset"); `resources` in full (see checkEvents). */
function queuePatchData(patch: QueuePatch): Data {
  const out: Data = { name: patch.name };
  if (patch.parent !== undefined) out['parent'] = patch.parent;
  if (patch.priority !== undefined) out['priority'] = patch.priority;
  if (patch.resources !== undefined) {
    const resources: Data = {};
    for (const name of QUEUE_RESOURCE_NAMES) resources[name] = { ...patch.resources[name] };
    out['resources'] = resources;
  }
  const duration = (ms: number | null) => (ms === null ? null : formatDuration(ms));
  if (patch.preemptMinRuntimeMs !== undefined) out['preemptMinRuntime'] = duration(patch.preemptMinRuntimeMs);
  if (patch.reclaimMinRuntimeMs !== undefined) out['reclaimMinRuntime'] = duration(patch.reclaimMinRuntimeMs);
  if (patch.weight !== undefined) out['weight'] = patch.weight;
  for (const key of ['capability', 'deserved', 'guarantee'] as const) {
    const list = patch[key];
    if (list !== undefined) out[key] = list === null ? null : resourceData(list, () => true);
  }
  if (patch.state !== undefined) out['state'] = patch.state;
  if (patch.reclaimable !== undefined) out['reclaimable'] = patch.reclaimable;
  return out;
}

/** `createdAtMs`: when the job is created without a `submitAt` (0, or its submit event's `at`). */
export function jobData(
  job: JobSpec,
  profile: Profile,
  classes: ReadonlyMap<string, PriorityClass>,
  createdAtMs = 0,
): Data {
  const out: Data = { name: job.name };
  if (job.namespace !== DEFAULT_NAMESPACE) out['namespace'] = job.namespace;
  out['queue'] = job.queue;
  if (job.priorityClassName !== null) {
    out['priorityClassName'] = job.priorityClassName;
    if (classes.get(job.priorityClassName)?.value !== job.priority) out['priority'] = job.priority;
  } else if (catalogueOf(profile).defaultJobClass !== null || job.priority !== 0) {
    // Without a class the parser would apply the profile's default class, so the raw value is written.
    out['priority'] = job.priority;
  }
  if (job.preemptible !== defaultPreemptible(profile, job.priority)) {
    out['preemptibility'] = job.preemptible ? 'preemptible' : 'non-preemptible';
  }
  // §21: a job with segments is written with `segments`, not the subgroups they expand into.
  const segments = job.segments;
  job = withoutSegmentExpansion(job);
  const hasSubGroups = (job.subGroups?.length ?? 0) > 0;
  // §22: a job with subgroups derives minAvailable from its tree, so it is not written.
  if (!hasSubGroups && job.minAvailable !== job.tasks.length) out['minAvailable'] = job.minAvailable;
  Object.assign(out, subGroupData(job));
  if (job.minResources !== null) out['minResources'] = resourceData(job.minResources, () => true);
  if (job.phase !== 'Pending') out['phase'] = job.phase;
  if (job.submitAtMs !== createdAtMs) out['submitAt'] = formatDuration(job.submitAtMs);
  const runsAtStart = job.tasks.some((t) => t.status === 'Running');
  const defaultStart = runsAtStart ? job.submitAtMs : null;
  if (job.startedAtMs !== null && job.startedAtMs !== defaultStart)
    out['startedAt'] = formatDuration(job.startedAtMs);
  if (job.runtimeMs !== null) out['runtime'] = formatDuration(job.runtimeMs);
  if (job.preemptionDelayMs !== undefined) out['preemptionDelay'] = formatDuration(job.preemptionDelayMs);
  if (job.lastEvictedAtMs !== undefined) out['lastEvictedAt'] = formatDuration(job.lastEvictedAtMs);
  if (Object.keys(job.annotations).length > 0) out['annotations'] = { ...job.annotations };
  if (job.minTaskMember !== undefined) out['minTaskMember'] = cloneData(job.minTaskMember);
  if (job.topologyConstraint !== undefined)
    out['topologyConstraint'] = topologyConstraintData(job.topologyConstraint);
  if (segments !== undefined) out['segments'] = segmentData(segments);
  if (job.nodePool !== undefined) out['nodePool'] = job.nodePool;
  Object.assign(out, tasksData(job));
  return out;
}

/** `tasks: N` with job-level `resources` when the tasks are interchangeable; a list otherwise. */
function tasksData(job: JobSpec): Data {
  const first = job.tasks[0];
  const interchangeable =
    first !== undefined &&
    job.tasks.every(
      (t, i) =>
        isPlainTask(t, job.name, i) &&
        t.gpuMemoryMiB === first.gpuMemoryMiB &&
        t.gpuMemoryDevices === first.gpuMemoryDevices &&
        RESOURCE_NAMES.every((r) => t.resources[r] === first.resources[r]),
    );
  if (interchangeable) {
    const out: Data = {};
    const resources = requestData(first);
    if (Object.keys(resources).length > 0) out['resources'] = resources;
    if (job.tasks.length !== 1) out['tasks'] = job.tasks.length;
    return out;
  }
  if (job.tasks.length === 0) return { tasks: 0 };
  return { tasks: job.tasks.map((t, i) => taskData(t, job.name, i)) };
}

function isPlainTask(t: TaskSpec, jobName: string, i: number): boolean {
  return (
    t.name === `${jobName}-${i}` &&
    t.index === i &&
    t.status === 'Pending' &&
    t.node === null &&
    t.priority === null &&
    t.preemptable &&
    t.preemptionPolicy === null &&
    t.subGroup === undefined &&
    Object.keys(t.labels).length === 0 &&
    Object.keys(t.nodeSelector).length === 0 &&
    t.role === undefined
  );
}

function taskData(t: TaskSpec, jobName: string, i: number): Data {
  const out: Data = {};
  if (t.name !== `${jobName}-${i}`) out['name'] = t.name;
  const resources = requestData(t);
  if (Object.keys(resources).length > 0) out['resources'] = resources;
  if (t.status !== 'Pending') out['status'] = t.status;
  if (t.node !== null) out['node'] = t.node;
  if (t.priority !== null) out['priority'] = t.priority;
  if (!t.preemptable) out['preemptable'] = false;
  if (t.preemptionPolicy !== null) out['preemptionPolicy'] = t.preemptionPolicy;
  if (Object.keys(t.labels).length > 0) out['labels'] = { ...t.labels };
  if (Object.keys(t.nodeSelector).length > 0) out['nodeSelector'] = { ...t.nodeSelector };
  // A role read from the volcano.sh/task-spec label comes back from the label (§26).
  if (t.role !== undefined && t.labels['volcano.sh/task-spec'] !== t.role) out['role'] = t.role;
  if (t.subGroup !== undefined) out['subGroup'] = t.subGroup;
  if (t.deletionTimestampMs !== undefined) out['deletionTimestamp'] = formatDuration(t.deletionTimestampMs);
  if (t.deletionGracePeriodMs !== undefined)
    out['deletionGracePeriod'] = formatDuration(t.deletionGracePeriodMs);
  return out;
}

/**
 * A task's request without the implicit pod slot and without zeros; a GPU-memory request is written as
 * `gpuMemory`, not as the fraction it was converted to (§23.3).
 */
function requestData(t: TaskSpec): Data {
  if (t.gpuMemoryMiB === undefined)
    return resourceData(t.resources, (v) => v !== 0, ['gpu', 'cpu', 'memory']);
  const devices = t.gpuMemoryDevices === undefined ? {} : { gpuMemoryDevices: t.gpuMemoryDevices };
  return {
    ...resourceData(t.resources, (v) => v !== 0, ['cpu', 'memory']),
    gpuMemory: t.gpuMemoryMiB,
    ...devices,
  };
}

function eventData(
  event: ScenarioEvent,
  profile: Profile,
  classes: ReadonlyMap<string, PriorityClass>,
): Data {
  const at = formatDuration(event.atMs);
  switch (event.kind) {
    case 'submit':
      // A submitted job is created at the event's time (§6): its submitAt is the `at` written beside it.
      return { at, submit: jobData(event.job, profile, classes, event.atMs) };
    case 'deleteJob':
      return { at, deleteJob: event.name };
    case 'addNode':
      return { at, addNode: nodeData(event.node) };
    case 'removeNode':
      return { at, removeNode: event.name };
    case 'updateQueue':
      return { at, updateQueue: queuePatchData(event.patch) };
    case 'updateConfig':
      return { at, updateConfig: schedulerPatchData(event.patch) };
  }
}

function runData(s: Scenario): Data {
  const out: Data = {};
  if (s.run.sessions !== null) out['sessions'] = s.run.sessions;
  if (s.run.untilMs !== null) out['until'] = formatDuration(s.run.untilMs);
  if (s.run.maxSessions !== DEFAULT_MAX_SESSIONS) out['maxSessions'] = s.run.maxSessions;
  return out;
}

function expectData(check: ExpectCheck): Data {
  const out: Data = {};
  if (check.session !== null) out['session'] = check.session;
  if (check.atMs !== null) out['at'] = formatDuration(check.atMs);
  Object.assign(out, claimData(check));
  return out;
}

/** The claim fields of a check (§8), shared by `expect` and lesson choices. */
function claimData(check: ExpectCheck): Data {
  const out: Data = {};
  if (check.tasks !== null) out['tasks'] = { ...check.tasks };
  if (check.evicted !== null) out['evicted'] = [...check.evicted];
  if (check.bound !== null) out['bound'] = { ...check.bound };
  if (check.pipelined !== null) out['pipelined'] = { ...check.pipelined };
  if (check.jobs !== null) out['jobs'] = cloneData(check.jobs);
  if (check.queues !== null) out['queues'] = cloneData(check.queues);
  return out;
}

function lessonStepData(step: LessonStep): Data {
  const out: Data = {};
  if (step.session !== null) out['session'] = step.session;
  if (step.select !== null) out['select'] = targetData(step.select);
  if (step.say !== '') out['say'] = step.say;
  if (step.ask !== null)
    out['ask'] = {
      question: step.ask.prompt,
      reveal: step.ask.revealSession,
      choices: step.ask.choices.map((c) => ({ label: c.label, ...claimData(c.check) })),
    };
  return out;
}

function targetData(target: LessonTarget): Data {
  if (target.kind === 'pair') return { pair: { preemptor: target.preemptor, victim: target.victim } };
  return { [target.kind]: target.name };
}

/** A variant as written (§15): only its changes; `queues` entries as `updateQueue` patches. */
function variantData(v: VariantSpec, classes: ReadonlyMap<string, PriorityClass>): Data {
  const out: Data = { name: v.name };
  if (v.description !== '') out['description'] = v.description;
  if (v.actions !== null) out['actions'] = [...v.actions];
  if (v.schedulePeriodMs !== null) out['schedulePeriod'] = formatDuration(v.schedulePeriodMs);
  if (v.plugins.length > 0) {
    const plugins: Data = {};
    for (const p of v.plugins) setOwn(plugins, p.plugin, cloneData(p.arguments));
    out['plugins'] = plugins;
  }
  if (v.queues.length > 0) out['queues'] = v.queues.map(queuePatchData);
  if (v.jobs.length > 0) out['jobs'] = v.jobs.map((j) => jobPatchData(j, classes));
  if (v.seed !== undefined) out['seed'] = v.seed;
  return out;
}

function jobPatchData(p: JobPatch, classes: ReadonlyMap<string, PriorityClass>): Data {
  const out: Data = { name: p.name };
  const cls = p.priorityClassName == null ? undefined : classes.get(p.priorityClassName);
  if (cls !== undefined) out['priorityClassName'] = cls.name;
  if (p.priority !== undefined && p.priority !== cls?.value) out['priority'] = p.priority;
  if (p.preemptible !== undefined) out['preemptibility'] = p.preemptible ? 'preemptible' : 'non-preemptible';
  if (p.runtimeMs !== undefined) out['runtime'] = p.runtimeMs === null ? null : formatDuration(p.runtimeMs);
  return out;
}
