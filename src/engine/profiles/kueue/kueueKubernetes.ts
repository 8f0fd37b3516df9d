/**
 * Kueue's Kubernetes objects (docs/scenario-format.md §12.2/§13, additions; decision 0294). Kueue admits
 * Workloads and leaves pod placement to kube-scheduler, so exported pods keep `default-scheduler` and carry
 * the LocalQueue label `kueue.x-k8s.io/queue-name` (kueue pkg/controller/constants/constants.go:23
 * @ff69552e); its configuration is `controller_manager_config.yaml` in ConfigMap `kueue-manager-config`,
 * namespace `kueue-system` (config/components/manager/kustomization.yaml:9-10, config/default/
 * kustomization.yaml:2,9 @ff69552e).
 *
 * The `kueue:` block is written as ResourceFlavors, Cohorts and ClusterQueues with one LocalQueue per
 * ClusterQueue and namespace (exportKueueObjects.ts) and read back by readKueueObjects.ts; a job is a
 * Workload with its Pods as a plain pod group.
 */
import type { ProfileKubernetes } from '../../framework/ProfileModule';
import { UnsupportedError } from '../../framework/UnsupportedError';
import { exportKueueBlock, exportKueueJob, kueueConfiguration } from './exportKueueObjects';
import {
  GROUP_NAME_LABEL,
  GROUP_TOTAL_COUNT_ANNOTATION,
  KUEUE_API_VERSION,
  KUEUE_GROUP,
  QUEUE_NAME_LABEL,
} from './kueueNames';
import { readKueueObjects } from './readKueueObjects';

const CONFIG_KEY = 'controller_manager_config.yaml';

export const kueueKubernetes: ProfileKubernetes = {
  title: 'Kueue',
  schedulerName: 'default-scheduler',
  podGroupApiVersion: KUEUE_API_VERSION,
  configMap: { name: 'kueue-manager-config', namespace: 'kueue-system', key: CONFIG_KEY },
  // Its own API group, and a batch Job or Pod submitted to a LocalQueue (Kueue's job integrations).
  claims: (apiVersion, kind, labels) =>
    apiVersion.startsWith(KUEUE_GROUP) ||
    (typeof labels[QUEUE_NAME_LABEL] === 'string' &&
      ((kind === 'Job' && apiVersion === 'batch/v1') || (kind === 'Pod' && apiVersion === 'v1'))),
  readsConfigKey: (key) => key === CONFIG_KEY,
  // Cohorts are named objects of the block; there is no implicit root queue.
  rootQueue: null,
  clusterImport: false,
  // The cards are derived from the block, whose objects `objects.exportBlock` writes instead.
  exportQueue: (queue) => {
    throw new UnsupportedError(
      `Kueue queue card ${queue.name} is derived from the kueue block; the block's objects are exported instead.`,
    );
  },
  podMarks: (job) => ({
    // Each ClusterQueue has a LocalQueue of its name in every namespace a job uses (exportKueueObjects.ts).
    labels: { [QUEUE_NAME_LABEL]: job.queue, [GROUP_NAME_LABEL]: job.name },
    annotations: { [GROUP_TOTAL_COUNT_ANNOTATION]: String(job.tasks.length) },
    taskPriorityLabel: null,
  }),
  objects: {
    read: readKueueObjects,
    exportBlock: exportKueueBlock,
    exportJob: exportKueueJob,
    configuration: kueueConfiguration,
    // The Configuration's fair sharing is the block's (configuration_types.go:92-93 @ff69552e); its
    // admission fair sharing (:95-96) is read only to be listed as not mapped, with the reason (decision 0324).
    configurationKeys: ['fairSharing', 'admissionFairSharing'],
  },
};
