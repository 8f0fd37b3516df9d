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
import type { NodeSpec, PriorityClass, Scenario, SchedulerConfig } from '../../model/scenario';
import type { TopologySpec } from '../../model/topology';
import { catalogueOf, moduleOf } from '../../registry';
import { UnsupportedError } from '../../framework/UnsupportedError';
import { LAB_CONFIGMAP, LAB_CONFIGMAP_KEY } from '../importers/labCarrier';
import {
  DEFAULT_MAX_CONSOLIDATION_PREEMPTEES,
  DEFAULT_STALENESS_GRACE_PERIOD_MS,
} from '../normaliseScheduler';
import { serialiseScenario } from '../serialiseScenario';
import { expandScenario } from '../workload/expandScenario';
import { emitYaml } from './emitYaml';
import { exportJob, labAnnotations, resourceList } from './exportWorkloads';
import { schedulingShard } from './schedulingShardObject';

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
  'nodePools',
]);

export function exportKubernetesYaml(scenario: Scenario): string {
  // A cluster holds the jobs a workload generated, not the generator (§19): they are exported as PodGroups.
  const s = expandScenario(scenario).scenario;
  const classes = new Map(s.priorityClasses.map((c) => [c.name, c]));
  const kube = moduleOf(s.profile).kubernetes;
  // A profile's own block (decision 0281) is exported only by the profile's objects hook (decision 0294).
  if (s.profileBlock !== undefined && kube.objects === undefined)
    throw new UnsupportedError(
      `Kubernetes export of profile ${s.profile} (its ${s.profileBlock.key} objects) is not implemented.`,
    );
  const docs: Data[] = [
    carrierConfigMap(s),
    ...s.priorityClasses.filter((c) => !isDefaultClass(c, s)).map(priorityClass),
    schedulerConfigMap(s.scheduler, s),
    // A profile with its own objects (Kueue's flavors, cohorts and ClusterQueues) writes its block; the
    // queue cards derived from it are not objects of their own.
    ...(kube.objects?.exportBlock(s) ?? s.queues.map((q) => kube.exportQueue(q, s))),
    ...(s.topologies ?? []).map(topologyObject),
    ...(s.nodePools ?? []).map(schedulingShard),
    ...s.nodes.map(node),
    ...s.jobs.flatMap((j) => exportJob(j, s.profile, classes)),
  ];
  const header = [
    `# Scenario "${oneLine(s.name)}" (profile ${s.profile}) as Kubernetes objects, exported by Preemption Lab.`,
    `# ${kube.title} Queues, the scheduler ConfigMap, Nodes, and one PodGroup with its Pods per job.`,
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
  return catalogueOf(s.profile).defaultPriorityClasses.some(
    (d) => d.name === c.name && d.value === c.value && d.preemptionPolicy === c.preemptionPolicy,
  );
}

/** The top-level fields no object holds, in the scenario format itself. */
function carrierConfigMap(s: Scenario): Data {
  // Nodes, queues and jobs are objects of their own: serialising them here too would only cost time.
  const serialised = parse(serialiseScenario({ ...s, nodes: [], queues: [], jobs: [] })) as Data;
  const carried: Data = {};
  // A profile block its objects hold (decision 0294) is not carried twice.
  const objectsBlock = moduleOf(s.profile).kubernetes.objects === undefined ? null : s.profileBlock?.key;
  for (const [key, value] of Object.entries(serialised)) {
    if (!TOP_LEVEL_AS_OBJECTS.has(key) && key !== objectsBlock) carried[key] = value;
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
  // A profile without actions or tiers (Kueue) writes its own configuration document.
  const own = moduleOf(s.profile).kubernetes.objects?.configuration(s);
  const conf: Data = own ?? {
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
  // KAI --use-scheduling-signatures (decision 0353): a scheduler flag too.
  if (config.useSchedulingSignatures === true) carried.useSchedulingSignatures = true;
  const map = moduleOf(s.profile).kubernetes.configMap;
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: map.name, namespace: map.namespace, annotations: labAnnotations(carried) },
    data: { [map.key]: emitYaml(conf) },
  };
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
