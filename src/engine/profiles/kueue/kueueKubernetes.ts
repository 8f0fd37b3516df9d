/**
 * Kueue's Kubernetes names (docs/scenario-format.md §12/§13, §27.6). Kueue admits Workloads and leaves pod
 * placement to kube-scheduler, so exported pods would keep `default-scheduler` and carry the LocalQueue
 * label `kueue.x-k8s.io/queue-name` (kueue pkg/controller/constants/constants.go:23 @ff69552e); its
 * configuration is `controller_manager_config.yaml` in ConfigMap `kueue-manager-config`, namespace
 * `kueue-system` (config/components/manager/kustomization.yaml:9-10, config/default/kustomization.yaml:2,9
 * @ff69552e). The mapping of the `kueue:` block to ResourceFlavor, Cohort, ClusterQueue and LocalQueue
 * objects is not implemented: export refuses with a sentence (UnsupportedError, reported by the CLI and
 * the editor without a trace) and no imported object is claimed as Kueue's.
 */
import type { ProfileKubernetes } from '../../framework/ProfileModule';
import { UnsupportedError } from '../../framework/UnsupportedError';

const REFUSAL =
  'Kubernetes export of profile kueue (its ResourceFlavors, Cohorts and ClusterQueues) is not implemented yet.';

export const kueueKubernetes: ProfileKubernetes = {
  title: 'Kueue',
  schedulerName: 'default-scheduler',
  podGroupApiVersion: 'kueue.x-k8s.io/v1beta1',
  configMap: {
    name: 'kueue-manager-config',
    namespace: 'kueue-system',
    key: 'controller_manager_config.yaml',
  },
  // Kueue objects are not imported yet (§27.6): a kueue.x-k8s.io document is not taken as this profile's.
  claims: () => false,
  exportQueue: () => {
    throw new UnsupportedError(REFUSAL);
  },
  podMarks: () => {
    throw new UnsupportedError(REFUSAL);
  },
};
