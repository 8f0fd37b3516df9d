/**
 * A scenario as multi-document Kubernetes YAML, the inverse of `importers/importKubernetesYaml`: KAI
 * (`profile: kai`) or Volcano (`volcano`, `kube-batch`) `Queue`s, the scheduler ConfigMap, `PriorityClass`es,
 * `Node`s, and a `PodGroup` with its `Pod`s per job. What these objects cannot hold travels in the carrier of
 * `importers/labCarrier.ts`, so that `importKubernetesYaml(exportKubernetesYaml(s))` replays the same run
 * (docs/scenario-format.md §13, decision 0070). Pure: the editor downloads the text.
 */
import { usageDBConfigData } from '../usageParamsData';
import { GPU_MEMORY_LABEL } from '../importers/mapGpuMemory';
import { parse } from 'yaml';
import { formatDuration } from '../../model/duration';
import { QUEUE_RESOURCE_NAMES } from '../../model/resources';
import { NODE_POOL_LABEL_KEY } from '../../model/nodePool';
import type { NodeSpec, PriorityClass, QueueSpec, Scenario, SchedulerConfig } from '../../model/scenario';
import type { TopologySpec } from '../../model/topology';
import { CATALOGUE } from '../../profiles/catalogue';
import { LAB_CONFIGMAP, LAB_CONFIGMAP_KEY } from '../importers/labCarrier';
import { KAI_CONF_KEYS, VOLCANO_CONF_KEY } from '../importers/mapSchedulerConfig';
import { fromKaiUnits, toKaiUnits } from '../importers/mapQueues';
import { DEFAULT_QUEUE_RESOURCE, DEFAULT_QUEUE_STATE, DEFAULT_QUEUE_WEIGHT } from '../normaliseQueue';
import {
  DEFAULT_MAX_CONSOLIDATION_PREEMPTEES,
  DEFAULT_STALENESS_GRACE_PERIOD_MS,
} from '../normaliseScheduler';
import { serialiseScenario } from '../serialiseScenario';
import { expandScenario } from '../workload/expandScenario';
import { emitYaml } from './emitYaml';
import { exportJob, labAnnotations, resourceList } from './exportWorkloads';

type Data = Record<string, unknown>;

/**
 * Top-level scenario fields that Kubernetes objects hold; every other one (version, name, description, profile,
 * run, events, expect, lesson steps, variants, `x-` fields, and whatever the format gains later) travels in the
 * `preemption-lab-scenario` ConfigMap, so a new field cannot be lost in the round trip.
 */
const TOP_LEVEL_AS_OBJECTS = new Set([
  'nodes',
  'queues',
  'jobs',
  'priorityClasses',
  'scheduler',
  'topologies',
]);

export function exportKubernetesYaml(scenario: Scenario): string {
  // A cluster holds the jobs a workload generated, not the generator (§19): they are exported as PodGroups.
  const s = expandScenario(scenario).scenario;
  const classes = new Map(s.priorityClasses.map((c) => [c.name, c]));
  const docs: Data[] = [
    carrierConfigMap(s),
    ...s.priorityClasses.filter((c) => !isDefaultClass(c, s)).map(priorityClass),
    schedulerConfigMap(s.scheduler, s),
    ...s.queues.map((q) => (s.profile === 'kai' ? kaiQueue(q) : volcanoQueue(q, s))),
    ...(s.topologies ?? []).map(topologyObject),
    ...s.nodes.map(node),
    ...s.jobs.flatMap((j) => exportJob(j, s.profile, classes)),
  ];
  const header = [
    `# Scenario "${oneLine(s.name)}" (profile ${s.profile}) as Kubernetes objects, exported by Preemption Lab.`,
    `# ${s.profile === 'kai' ? 'KAI-Scheduler' : 'Volcano'} Queues, the scheduler ConfigMap, Nodes, and one PodGroup with its Pods per job.`,
    '# The ConfigMap preemption-lab-scenario and the preemption-lab.dev/ annotations carry what these objects',
    '# cannot (run, events, expectations, submit and start times, runtimes); a cluster ignores them.',
  ].join('\n');
  return `${header}\n${docs.map(emitYaml).join('---\n')}`;
}

/** KAI's Topology CRD (KAI pkg/apis/kai/v1alpha1/topology_types.go @d5bc503). */
function topologyObject(t: TopologySpec): Data {
  return {
    apiVersion: 'kai.scheduler/v1alpha1',
    kind: 'Topology',
    metadata: { name: t.name },
    spec: { levels: t.levels.map((l) => ({ ...l })) },
  };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 120);

function isDefaultClass(c: PriorityClass, s: Scenario): boolean {
  return CATALOGUE[s.profile].defaultPriorityClasses.some(
    (d) => d.name === c.name && d.value === c.value && d.preemptionPolicy === c.preemptionPolicy,
  );
}

/** The top-level fields no object holds, in the scenario format itself. */
function carrierConfigMap(s: Scenario): Data {
  // Nodes, queues and jobs are objects of their own: serialising them here too would only cost time.
  const serialised = parse(serialiseScenario({ ...s, nodes: [], queues: [], jobs: [] })) as Data;
  const carried: Data = {};
  for (const [key, value] of Object.entries(serialised)) {
    if (!TOP_LEVEL_AS_OBJECTS.has(key)) carried[key] = value;
  }
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: LAB_CONFIGMAP },
    data: { [LAB_CONFIGMAP_KEY]: emitYaml(carried) },
  };
}

function priorityClass(c: PriorityClass): Data {
  return {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: c.name },
    value: c.value,
    preemptionPolicy: c.preemptionPolicy,
  };
}

/** KAI's scheduler config (`config.yaml`) or Volcano's `volcano-scheduler.conf`: actions string and tiers. */
function schedulerConfigMap(config: SchedulerConfig, s: Scenario): Data {
  const conf: Data = {
    actions: config.actions.join(', '),
    tiers: config.tiers.map((tier) => ({
      plugins: tier.plugins.map((p) => {
        const out: Data = { name: p.name };
        if (Object.keys(p.arguments).length > 0) out.arguments = p.arguments;
        for (const [flag, value] of Object.entries(p.flags)) out[flag] = value;
        return out;
      }),
    })),
  };
  // Real KAI reads the tumbling start only as a timestamp: t=0 is written as TIME_ZERO_ISO (decision 0248).
  if (config.usage !== undefined) conf.usageDBConfig = usageDBConfigData(config.usage, 'timestamp');
  // The period and KAI's consolidation and staleness knobs are command-line flags upstream, not config.
  const carried: Data = { schedulePeriod: formatDuration(config.schedulePeriodMs) };
  if (config.maxConsolidationPreemptees !== DEFAULT_MAX_CONSOLIDATION_PREEMPTEES)
    carried.maxConsolidationPreemptees = config.maxConsolidationPreemptees;
  if (config.stalenessGracePeriodMs !== DEFAULT_STALENESS_GRACE_PERIOD_MS)
    carried.stalenessGracePeriod = formatDuration(config.stalenessGracePeriodMs);
  // KAI --stuck-in-releasing-threshold (§23.4): a scheduler flag, carried as a lab annotation like the above.
  if (config.stuckInReleasingThresholdMs !== undefined)
    carried.stuckInReleasingThreshold = formatDuration(config.stuckInReleasingThresholdMs);
  const kai = s.profile === 'kai';
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: kai ? 'scheduler-config' : 'volcano-scheduler-configmap',
      namespace: kai ? 'kai-scheduler' : 'volcano-system',
      annotations: labAnnotations(carried),
    },
    data: { [kai ? KAI_CONF_KEYS[0] : VOLCANO_CONF_KEY]: emitYaml(conf) },
  };
}

/** Every resource's quota, limit and over-quota weight, in full: the CRD has no defaults (an omitted limit is 0). */
function scenarioResources(q: QueueSpec): Data {
  const out: Data = {};
  for (const r of QUEUE_RESOURCE_NAMES) out[r] = { ...q.resources[r] };
  return out;
}

function kaiQueue(q: QueueSpec): Data {
  const spec: Data = {};
  if (q.parent !== null) spec.parentQueue = q.parent;
  spec.priority = q.priority;
  if (q.preemptMinRuntimeMs !== null) spec.preemptMinRuntime = formatDuration(q.preemptMinRuntimeMs);
  if (q.reclaimMinRuntimeMs !== null) spec.reclaimMinRuntime = formatDuration(q.reclaimMinRuntimeMs);
  const resources: Data = {};
  let exact = true;
  for (const r of QUEUE_RESOURCE_NAMES) {
    const { quota, limit, overQuotaWeight } = q.resources[r];
    // KAI units (reference/kai-scheduler.md §2.1): GPU devices, CPU millicores, memory MB (10^6 bytes).
    const entry = { quota: toKaiUnits(r, quota), limit: toKaiUnits(r, limit), overQuotaWeight };
    exact &&= fromKaiUnits(r, entry.quota) === quota && fromKaiUnits(r, entry.limit) === limit;
    resources[r] = entry;
  }
  spec.resources = resources;
  const carried: Data = {};
  // An amount whose KAI-unit spelling does not convert back exactly travels in scenario units too.
  if (!exact) carried.resources = scenarioResources(q);
  if (q.weight !== DEFAULT_QUEUE_WEIGHT) carried.weight = q.weight;
  for (const key of ['capability', 'deserved', 'guarantee'] as const) {
    const list = q[key];
    if (list !== null) carried[key] = { ...list };
  }
  if (q.state !== DEFAULT_QUEUE_STATE) carried.state = q.state;
  if (!q.reclaimable) carried.reclaimable = false;
  const doc = queueDocument('scheduling.run.ai/v2', q.name, spec, carried, null);
  // Node pools (§24): the shard lists the queue by this label.
  if (q.nodePool !== undefined) (doc.metadata as Data).labels = { [NODE_POOL_LABEL_KEY]: q.nodePool };
  return doc;
}

function volcanoQueue(q: QueueSpec, s: Scenario): Data {
  // kube-batch's Queue has no reclaimable (decision 0250): writing the default would import as refused.
  const spec: Data =
    s.profile === 'kube-batch' ? { weight: q.weight } : { weight: q.weight, reclaimable: q.reclaimable };
  if (q.parent !== null) spec.parent = q.parent;
  if (q.priority !== CATALOGUE[s.profile].defaultQueuePriority) spec.priority = q.priority;
  if (q.capability !== null) spec.capability = resourceList(q.capability);
  if (q.deserved !== null) spec.deserved = resourceList(q.deserved);
  if (q.guarantee !== null) spec.guarantee = { resource: resourceList(q.guarantee) };
  const carried: Data = {};
  const kaiDefaults = QUEUE_RESOURCE_NAMES.every((r) =>
    (['quota', 'limit', 'overQuotaWeight'] as const).every(
      (f) => q.resources[r][f] === DEFAULT_QUEUE_RESOURCE[f],
    ),
  );
  if (!kaiDefaults) carried.resources = scenarioResources(q);
  if (q.preemptMinRuntimeMs !== null) carried.preemptMinRuntime = formatDuration(q.preemptMinRuntimeMs);
  if (q.reclaimMinRuntimeMs !== null) carried.reclaimMinRuntime = formatDuration(q.reclaimMinRuntimeMs);
  const status = q.state === DEFAULT_QUEUE_STATE ? null : { state: q.state };
  return queueDocument('scheduling.volcano.sh/v1beta1', q.name, spec, carried, status);
}

function queueDocument(
  apiVersion: string,
  name: string,
  spec: Data,
  carried: Data,
  status: Data | null,
): Data {
  const metadata: Data = { name };
  if (Object.keys(carried).length > 0) metadata.annotations = labAnnotations(carried);
  const out: Data = { apiVersion, kind: 'Queue', metadata, spec };
  if (status !== null) out.status = status;
  return out;
}

/** A Node's capacity as both capacity and allocatable (the sandbox reserves nothing for the system). */
function node(n: NodeSpec): Data {
  const resources = resourceList(n.resources, (v) => Number.isFinite(v));
  const metadata: Data = { name: n.name };
  const labels: Record<string, string> = { ...n.labels };
  if (n.gpuMemoryMiB !== undefined) labels[GPU_MEMORY_LABEL] = String(n.gpuMemoryMiB);
  if (Object.keys(labels).length > 0) metadata.labels = labels;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata,
    status: { capacity: resources, allocatable: { ...resources } },
  };
}
