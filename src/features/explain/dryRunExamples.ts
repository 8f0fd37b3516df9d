/**
 * Starting texts for the dry run: one scenario job (format §5) and the same job as Kubernetes PodGroup + Pods
 * (format §12), in the loaded scenario's first leaf queue so that either runs as it is.
 */
import type { Profile } from '../../engine/model/scenario';

/** A name as YAML text: plain when it is a Kubernetes-style name, else quoted (names are never markup). */
function yamlName(name: string): string {
  return /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(name) ? name : JSON.stringify(name);
}

export function scenarioJobExample(queue: string): string {
  return [
    '# One job in the scenario format (docs/scenario-format.md §5).',
    'name: my-new-job',
    `queue: ${yamlName(queue)}`,
    'tasks: 2',
    'resources: {gpu: 1}',
    '',
  ].join('\n');
}

/** KAI reads its own PodGroup and queue label; Volcano and kube-batch theirs (format §12). */
export function podGroupExample(queue: string, profile: Profile): string {
  const q = yamlName(queue);
  const isKai = profile === 'kai';
  const group = isKai
    ? ['apiVersion: scheduling.run.ai/v2alpha2', 'kind: PodGroup']
    : ['apiVersion: scheduling.volcano.sh/v1beta1', 'kind: PodGroup'];
  const pod = (i: number) => [
    '---',
    'apiVersion: v1',
    'kind: Pod',
    'metadata:',
    `  name: my-new-job-${i}`,
    '  namespace: default',
    '  annotations:',
    `    ${isKai ? 'pod-group-name' : 'scheduling.k8s.io/group-name'}: my-new-job`,
    ...(isKai ? ['  labels:', `    kai.scheduler/queue: ${q}`] : []),
    'spec:',
    `  schedulerName: ${isKai ? 'kai-scheduler' : 'volcano'}`,
    '  containers:',
    '    - name: main',
    '      image: trainer',
    '      resources:',
    '        limits:',
    '          nvidia.com/gpu: 1',
  ];
  return [
    '# A PodGroup and its Pods, as `kubectl get -o yaml` writes them (docs/scenario-format.md §12).',
    ...group,
    'metadata:',
    '  name: my-new-job',
    '  namespace: default',
    'spec:',
    '  minMember: 2',
    `  queue: ${q}`,
    ...pod(0),
    ...pod(1),
    '',
  ].join('\n');
}

/** The first leaf queue by name (a job may only be in a leaf), or a placeholder when there is no queue. */
export function firstLeafQueue(queues: readonly { name: string; parent: string | null }[]): string {
  const parents = new Set(queues.map((q) => q.parent).filter((p): p is string => p !== null));
  const leaves = queues.filter((q) => !parents.has(q.name)).map((q) => q.name);
  return [...leaves].sort()[0] ?? 'default';
}

/** The 1-based line an engine error names (`… (line 12)` or `line 12:`), to jump to; null when none. */
export function lineOfError(error: string): number | null {
  const match = /\bline (\d{1,7})\b/.exec(error);
  return match === null ? null : Number(match[1]);
}
