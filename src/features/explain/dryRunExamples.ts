/**
 * Starting texts for the dry run: one scenario job (format §5), and the shared shape of a PodGroup + Pods
 * example (format §12) that PodGroup-based profiles fill with their own marks (their UI modules'
 * `kubernetesExample`; Kueue's is a labelled Job). The job goes in the loaded scenario's first leaf queue so
 * that either runs as it is.
 */

/** A name as YAML text: plain when it is a Kubernetes-style name, else quoted (names are never markup). */
export function yamlName(name: string): string {
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

/**
 * How a PodGroup-based scheduler's objects name a job's group and queue (format §12): its PodGroup's API
 * version, the pod annotation naming the group, the pod label naming the queue (null: the PodGroup's
 * `spec.queue` only) and its scheduler name. Each profile's UI module supplies its own.
 */
export interface PodGroupMarks {
  readonly apiVersion: string;
  readonly groupAnnotation: string;
  readonly queueLabel: string | null;
  readonly schedulerName: string;
}

/** One job as a PodGroup with two Pods, as `kubectl get -o yaml` writes them, marked as `marks` says. */
export function podGroupExample(queue: string, marks: PodGroupMarks): string {
  const q = yamlName(queue);
  const pod = (i: number) => [
    '---',
    'apiVersion: v1',
    'kind: Pod',
    'metadata:',
    `  name: my-new-job-${i}`,
    '  namespace: default',
    '  annotations:',
    `    ${marks.groupAnnotation}: my-new-job`,
    ...(marks.queueLabel === null ? [] : ['  labels:', `    ${marks.queueLabel}: ${q}`]),
    'spec:',
    `  schedulerName: ${marks.schedulerName}`,
    '  containers:',
    '    - name: main',
    '      image: trainer',
    '      resources:',
    '        limits:',
    '          nvidia.com/gpu: 1',
  ];
  return [
    '# A PodGroup and its Pods, as `kubectl get -o yaml` writes them (docs/scenario-format.md §12).',
    `apiVersion: ${marks.apiVersion}`,
    'kind: PodGroup',
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
