/**
 * Volcano's and kube-batch's Kubernetes objects (docs/scenario-format.md §12/§13): the `Queue`
 * (scheduling.volcano.sh/v1beta1, volcano staging/src/volcano.sh/apis/pkg/apis/scheduling/v1beta1/types.go
 * @ed72c7c8), `PodGroup`, the `volcano-scheduler.conf` ConfigMap and the pod's group annotation.
 */
import type { KubeData, ProfileKubernetes } from '../../../framework/ProfileModule';
import { formatDuration } from '../../../model/duration';
import { QUEUE_RESOURCE_NAMES } from '../../../model/resources';
import type { JobSpec, QueueSpec, Scenario } from '../../../model/scenario';
import { resourceList } from '../../../scenario/exporters/exportWorkloads';
import { queueDocument, scenarioResources } from '../../../scenario/exporters/queueDocument';
import { VOLCANO_CONF_KEY } from '../../../scenario/importers/mapSchedulerConfig';
import { GROUP_ANNOTATIONS } from '../../../scenario/importers/mapWorkloads';
import { DEFAULT_QUEUE_RESOURCE, DEFAULT_QUEUE_STATE } from '../../../scenario/normaliseQueue';
import type { Dialect } from '../framework/Session';
import { catalogueOfDialect } from '../catalogue';

function volcanoQueue(q: QueueSpec, dialect: Dialect): KubeData {
  // kube-batch's Queue has no reclaimable (decision 0250): writing the default would import as refused.
  const spec: KubeData =
    dialect === 'kube-batch' ? { weight: q.weight } : { weight: q.weight, reclaimable: q.reclaimable };
  if (q.parent !== null) spec.parent = q.parent;
  if (q.priority !== catalogueOfDialect(dialect).defaultQueuePriority) spec.priority = q.priority;
  if (q.capability !== null) spec.capability = resourceList(q.capability);
  if (q.deserved !== null) spec.deserved = resourceList(q.deserved);
  if (q.guarantee !== null) spec.guarantee = { resource: resourceList(q.guarantee) };
  const carried: KubeData = {};
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

const VOLCANO_GROUP = 'scheduling.volcano.sh/';
const VOLCANO_BATCH_GROUP = 'batch.volcano.sh/';

/** The Kubernetes mapping of one dialect (kube-batch exports Volcano's objects, without what it lacks). */
export function volcanoKubernetes(dialect: Dialect): ProfileKubernetes {
  return {
    // kube-batch's objects are Volcano's (its API group became Volcano's): the export says so.
    title: 'Volcano',
    schedulerName: 'volcano',
    podGroupApiVersion: 'scheduling.volcano.sh/v1beta1',
    // A getter: the importers' constants are read when asked, not while the registry's modules load.
    get configMap() {
      return { name: 'volcano-scheduler-configmap', namespace: 'volcano-system', key: VOLCANO_CONF_KEY };
    },
    // Its Queue and PodGroup (scheduling.volcano.sh) and its batch Job (batch.volcano.sh).
    claims: (apiVersion: string) =>
      apiVersion.startsWith(VOLCANO_GROUP) || apiVersion.startsWith(VOLCANO_BATCH_GROUP),
    readsConfigKey: (key: string) => key === VOLCANO_CONF_KEY,
    // The queue controller writes `parent: root` on every queue that has none (settleRootParents.ts); only
    // Volcano's capacity plugin with `enableHierarchy` reads it (kube-batch has no queue tree).
    rootQueue: { name: 'root', treePlugin: dialect === 'volcano' ? 'capacity' : null },
    clusterImport: false,
    exportQueue: (queue: QueueSpec, _scenario: Scenario) => volcanoQueue(queue, dialect),
    podMarks: (job: JobSpec) => ({
      labels: {},
      annotations: { [GROUP_ANNOTATIONS[1]]: job.name },
      taskPriorityLabel: null,
    }),
  };
}
