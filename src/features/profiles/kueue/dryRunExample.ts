/**
 * Kueue's dry-run example: one batch/v1 Job submitted to a LocalQueue by its `kueue.x-k8s.io/queue-name`
 * label (kueue pkg/controller/constants/constants.go:23 @ff69552e), suspended as Kueue's webhook leaves it
 * until admission. Kueue has no PodGroup: a Job's Workload has one pod set of min(parallelism, completions)
 * pods (pkg/controller/jobs/job/job_controller.go:450-456). With no LocalQueue among the documents, the
 * profile's importer reads the label as the ClusterQueue's name (readKueueObjects.ts), so the job lands in
 * the loaded scenario's ClusterQueue.
 */
import { QUEUE_NAME_LABEL } from '../../../engine/profiles/kueue/kueueNames';
import { yamlName } from '../../explain/dryRunExamples';
import type { KubernetesJobExample } from '../ProfileUiModule';

export const KUEUE_JOB_EXAMPLE: KubernetesJobExample = {
  label: 'Job with queue label',
  text: (queue) =>
    [
      '# A batch/v1 Job submitted to Kueue by its queue-name label (docs/scenario-format.md §12.2).',
      '# Kueue admits its Workload (2 pods) against the ClusterQueue the label names.',
      'apiVersion: batch/v1',
      'kind: Job',
      'metadata:',
      '  name: my-new-job',
      '  namespace: default',
      '  labels:',
      `    ${QUEUE_NAME_LABEL}: ${yamlName(queue)}`,
      'spec:',
      '  parallelism: 2',
      '  completions: 2',
      '  suspend: true',
      '  template:',
      '    spec:',
      '      containers:',
      '        - name: main',
      '          image: trainer',
      '          resources:',
      '            requests:',
      '              nvidia.com/gpu: 1',
      '',
    ].join('\n'),
};
