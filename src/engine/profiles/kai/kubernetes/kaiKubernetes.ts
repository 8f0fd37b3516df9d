/**
 * KAI's Kubernetes objects (docs/scenario-format.md §12/§13): its `Queue` (scheduling.run.ai/v2, KAI
 * pkg/apis/scheduling/v2/queue_types.go @d5bc503), `PodGroup` (scheduling.run.ai/v2alpha2), the scheduler
 * ConfigMap, and the pod labels and annotations that name a pod's queue and group.
 */
import type { KubeData, ProfileKubernetes } from '../../../framework/ProfileModule';
import { formatDuration } from '../../../model/duration';
import { NODE_POOL_LABEL_KEY } from '../../../model/nodePool';
import { QUEUE_RESOURCE_NAMES } from '../../../model/resources';
import type { JobSpec, QueueSpec } from '../../../model/scenario';
import { queueDocument, scenarioResources } from '../../../scenario/exporters/queueDocument';
import { fromKaiUnits, toKaiUnits } from '../../../scenario/importers/mapQueues';
import { KAI_CONF_KEYS } from '../../../scenario/importers/mapSchedulerConfig';
import { KAI_TOPOLOGY_GROUP } from '../../../scenario/importers/mapTopology';
import {
  GROUP_ANNOTATIONS,
  KAI_TASK_PRIORITY_LABEL,
  QUEUE_LABELS,
} from '../../../scenario/importers/mapWorkloads';
import { DEFAULT_QUEUE_STATE, DEFAULT_QUEUE_WEIGHT } from '../../../scenario/normaliseQueue';

const KAI_GROUP = 'scheduling.run.ai/';

function kaiQueue(q: QueueSpec): KubeData {
  const spec: KubeData = {};
  if (q.parent !== null) spec.parentQueue = q.parent;
  spec.priority = q.priority;
  if (q.preemptMinRuntimeMs !== null) spec.preemptMinRuntime = formatDuration(q.preemptMinRuntimeMs);
  if (q.reclaimMinRuntimeMs !== null) spec.reclaimMinRuntime = formatDuration(q.reclaimMinRuntimeMs);
  const resources: KubeData = {};
  let exact = true;
  for (const r of QUEUE_RESOURCE_NAMES) {
    const { quota, limit, overQuotaWeight } = q.resources[r];
    // KAI units (reference/kai-scheduler.md §2.1): GPU devices, CPU millicores, memory MB (10^6 bytes).
    const entry = { quota: toKaiUnits(r, quota), limit: toKaiUnits(r, limit), overQuotaWeight };
    exact &&= fromKaiUnits(r, entry.quota) === quota && fromKaiUnits(r, entry.limit) === limit;
    resources[r] = entry;
  }
  spec.resources = resources;
  const carried: KubeData = {};
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
  if (q.nodePool !== undefined) (doc.metadata as KubeData).labels = { [NODE_POOL_LABEL_KEY]: q.nodePool };
  return doc;
}

export const kaiKubernetes: ProfileKubernetes = {
  title: 'KAI-Scheduler',
  schedulerName: 'kai-scheduler',
  podGroupApiVersion: 'scheduling.run.ai/v2alpha2',
  // A getter: the importers' constants are read when asked, not while the registry's modules load (the
  // scenario reader and the registry import each other).
  get configMap() {
    return { name: 'scheduler-config', namespace: 'kai-scheduler', key: KAI_CONF_KEYS[0] };
  },
  // Its Queue and PodGroup (scheduling.run.ai) and its Topology (kai.scheduler).
  claims: (apiVersion: string) =>
    apiVersion.startsWith(KAI_GROUP) || apiVersion.startsWith(KAI_TOPOLOGY_GROUP),
  readsConfigKey: (key: string) => (KAI_CONF_KEYS as readonly string[]).includes(key),
  // KAI's parentQueue names a queue like any other: a KAI `root` queue is an ordinary written queue.
  rootQueue: null,
  // The cluster snapshot is KAI's own snapshot tool's output (§17); traces import onto KAI queues (§20).
  clusterImport: true,
  exportQueue: (queue: QueueSpec) => kaiQueue(queue),
  podMarks: (job: JobSpec) => ({
    labels: { [QUEUE_LABELS[0]]: job.queue },
    annotations: { [GROUP_ANNOTATIONS[0]]: job.name },
    // The task's own priority: KAI reads a label (reference/kai-scheduler.md §task order).
    taskPriorityLabel: KAI_TASK_PRIORITY_LABEL,
  }),
};
