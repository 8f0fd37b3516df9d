/**
 * A `profile: kueue` scenario's objects as a cluster holds them (docs/scenario-format.md §13, addition;
 * decision 0294), at kueue.x-k8s.io/v1beta2 (@ff69552e), in the shapes readKueueObjects.ts reads back:
 *
 * - one ResourceFlavor per flavor, one Cohort per declared cohort (an implicit one is created by Kueue
 *   when a ClusterQueue names it), one ClusterQueue per ClusterQueue with every policy written out and
 *   `namespaceSelector: {}` (every namespace; null would admit none, clusterqueue_types.go:111-113);
 * - one LocalQueue of the ClusterQueue's name per ClusterQueue in `default` and in every other namespace
 *   a job of that queue uses (a scenario job names its ClusterQueue directly, §27.3);
 * - per job a Workload (spec.queueName, spec.podSets by request shape, spec.priorityClassRef to its
 *   PriorityClass and spec.priority; workload_types.go:39-57) and its Pods as a plain pod group
 *   (pod-group-name label, pod-group-total-count annotation; pkg/controller/jobs/pod/constants/
 *   constants.go:27,29).
 */
import type { KubeData } from '../../framework/ProfileModule';
import type { ResourceName } from '../../model/resources';
import type { JobSpec, Scenario, TaskSpec } from '../../model/scenario';
import { PLACEHOLDER_IMAGE, resourceList } from '../../scenario/exporters/exportWorkloads';
import { formatKubernetesQuantity } from '../../scenario/exporters/formatKubernetesQuantity';
import { KUEUE_API_VERSION } from './kueueNames';
import { isKueueSpec, type ClusterQueueSpec, type ResourceGroupSpec } from './spec';

/** A resource's name in a Kubernetes resource list (the scenario's `gpu` is the NVIDIA device plugin's). */
const kubeName = (r: ResourceName): string => (r === 'gpu' ? 'nvidia.com/gpu' : r);

function object(kind: string, name: string, spec: KubeData, namespace?: string): KubeData {
  const metadata: KubeData = namespace === undefined ? { name } : { name, namespace };
  return { apiVersion: KUEUE_API_VERSION, kind, metadata, spec };
}

function resourceGroups(groups: readonly ResourceGroupSpec[]): KubeData[] {
  return groups.map((g) => ({
    coveredResources: g.coveredResources.map(kubeName),
    flavors: g.flavors.map((f) => ({
      name: f.name,
      resources: f.resources.map((q) => {
        const out: KubeData = {
          name: kubeName(q.name),
          nominalQuota: formatKubernetesQuantity(q.name, q.nominalQuota),
        };
        if (q.borrowingLimit !== null)
          out.borrowingLimit = formatKubernetesQuantity(q.name, q.borrowingLimit);
        if (q.lendingLimit !== null) out.lendingLimit = formatKubernetesQuantity(q.name, q.lendingLimit);
        return out;
      }),
    })),
  }));
}

/** `spec.fairSharing.weight` (fairsharing_types.go:25-40), left out at its default of 1 (:37). */
function writeWeight(spec: KubeData, weight: number): void {
  if (weight !== 1) spec.fairSharing = { weight };
}

function clusterQueue(q: ClusterQueueSpec): KubeData {
  const spec: KubeData = {};
  if (q.cohort !== null) spec.cohortName = q.cohort;
  spec.namespaceSelector = {};
  spec.queueingStrategy = q.queueingStrategy;
  spec.resourceGroups = resourceGroups(q.resourceGroups);
  const bwc: KubeData = { policy: q.preemption.borrowWithinCohort.policy };
  if (q.preemption.borrowWithinCohort.maxPriorityThreshold !== null)
    bwc.maxPriorityThreshold = q.preemption.borrowWithinCohort.maxPriorityThreshold;
  spec.preemption = {
    withinClusterQueue: q.preemption.withinClusterQueue,
    reclaimWithinCohort: q.preemption.reclaimWithinCohort,
    borrowWithinCohort: bwc,
  };
  const fungibility: KubeData = {
    whenCanBorrow: q.flavorFungibility.whenCanBorrow,
    whenCanPreempt: q.flavorFungibility.whenCanPreempt,
  };
  if (q.flavorFungibility.preference !== null) fungibility.preference = q.flavorFungibility.preference;
  spec.flavorFungibility = fungibility;
  writeWeight(spec, q.fairWeight);
  return object('ClusterQueue', q.name, spec);
}

/** The block's objects; an unread block (a scenario with errors is never exported) writes none. */
export function exportKueueBlock(scenario: Scenario): KubeData[] {
  const spec = scenario.profileBlock?.data;
  if (!isKueueSpec(spec)) return [];
  const flavors = spec.resourceFlavors.map((f) =>
    object(
      'ResourceFlavor',
      f.name,
      Object.keys(f.nodeLabels).length > 0 ? { nodeLabels: { ...f.nodeLabels } } : {},
    ),
  );
  const cohorts = spec.cohorts
    .filter((c) => c.declared)
    .map((c) => {
      const s: KubeData = {};
      if (c.parent !== null) s.parentName = c.parent;
      if (c.resourceGroups.length > 0) s.resourceGroups = resourceGroups(c.resourceGroups);
      writeWeight(s, c.fairWeight);
      return object('Cohort', c.name, s);
    });
  // LocalQueues: every ClusterQueue in `default`, and in each other namespace a job of it is in.
  const localQueues = new Set(spec.clusterQueues.map((q) => `default/${q.name}`));
  for (const job of scenario.jobs) localQueues.add(`${job.namespace}/${job.queue}`);
  const queues = [...localQueues].map((key) => {
    const slash = key.indexOf('/');
    const name = key.slice(slash + 1);
    return object('LocalQueue', name, { clusterQueue: name }, key.slice(0, slash));
  });
  return [...flavors, ...cohorts, ...spec.clusterQueues.map(clusterQueue), ...queues];
}

/** A task's requests as a pod set groups them (same requests, same pod set). */
function requestsOf(task: TaskSpec): KubeData {
  return resourceList(
    { gpu: task.resources.gpu, cpu: task.resources.cpu, memory: task.resources.memory },
    (v) => v !== 0,
  );
}

/** The job's Workload and Pods. */
export function exportKueueJob(
  job: JobSpec,
  parts: { readonly annotations: Record<string, string>; pod(task: TaskSpec): KubeData },
): KubeData[] {
  // Pod sets by request shape, in task order (upstream allows 18; the Pods are what the import reads).
  const sets = new Map<string, { requests: KubeData; count: number }>();
  for (const task of job.tasks) {
    const requests = requestsOf(task);
    const key = JSON.stringify(requests);
    const set = sets.get(key);
    if (set === undefined) sets.set(key, { requests, count: 1 });
    else set.count++;
  }
  const podSets = [...sets.values()].map((s, i) => ({
    name: i === 0 ? 'main' : `main-${i}`,
    count: s.count,
    template: {
      spec: {
        containers: [
          {
            name: 'main',
            image: PLACEHOLDER_IMAGE,
            ...(Object.keys(s.requests).length > 0 ? { resources: { requests: s.requests } } : {}),
          },
        ],
      },
    },
  }));
  const spec: KubeData = { queueName: job.queue, podSets };
  if (job.priorityClassName !== null)
    spec.priorityClassRef = {
      group: 'scheduling.k8s.io',
      kind: 'PriorityClass',
      name: job.priorityClassName,
    };
  spec.priority = job.priority;
  const workload = object('Workload', job.name, spec, job.namespace);
  if (Object.keys(parts.annotations).length > 0)
    (workload.metadata as KubeData).annotations = { ...parts.annotations };
  return [workload, ...job.tasks.map((t) => parts.pod(t))];
}

/**
 * Kueue's Configuration (config/components/manager/controller_manager_config.yaml:1-2 @ff69552e) with the
 * block's `fairSharing` (apis/config/v1beta2/configuration_types.go:92-93,742-766: present = on).
 */
export function kueueConfiguration(scenario: Scenario): KubeData {
  const out: KubeData = { apiVersion: 'config.kueue.x-k8s.io/v1beta2', kind: 'Configuration' };
  const spec = scenario.profileBlock?.data;
  if (isKueueSpec(spec) && spec.fairSharing !== null)
    out.fairSharing = { preemptionStrategies: [...spec.fairSharing.preemptionStrategies] };
  return out;
}
