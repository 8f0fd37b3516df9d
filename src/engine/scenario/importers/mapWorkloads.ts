/**
 * Workloads: `PodGroup` (KAI scheduling.run.ai/v2alpha2, Volcano scheduling.volcano.sh/v1beta1), Volcano
 * `Job` (batch.volcano.sh/v1alpha1) and plain `Pod`s. A pod that names a pod group is a task of that
 * group's job; any other pod is a job of one task.
 */
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';
import { addAmounts, readResourceList, type Amounts } from './resourceAmounts';

/** Labels a pod names its queue with (KAI, then the older run.ai label). */
export const QUEUE_LABELS = ['kai.scheduler/queue', 'runai/queue'] as const;
/** Annotations a pod names its pod group with (KAI, Volcano). */
export const GROUP_ANNOTATIONS = ['pod-group-name', 'scheduling.k8s.io/group-name'] as const;
/** KAI GPU sharing: a fraction of one device. */
export const GPU_FRACTION_ANNOTATION = 'gpu-fraction';

/** Sum of the containers' requests of a pod spec at `path` (e.g. `spec`, `spec.tasks.0.template.spec`). */
function podRequests(t: FieldTracker, path: string): Amounts {
  const containers = t.peek(`${path}.containers`);
  let total: Amounts = {};
  if (!Array.isArray(containers)) return total;
  containers.forEach((_, i) => {
    total = addAmounts(total, readResourceList(t, `${path}.containers.${i}.resources.requests`) ?? {});
    // Names and images are how the pod runs, not how it is scheduled.
    t.use(`${path}.containers.${i}.name`);
    t.use(`${path}.containers.${i}.image`);
  });
  return total;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Annotations Volcano's sla plugin reads from a job (its PodGroup carries the Job's annotations). */
export const SLA_ANNOTATIONS = ['sla-waiting-time', 'volcano.sh/sla-waiting-time'] as const;
/** Volcano's pod label that keeps a pod from being preempted or reclaimed when `"false"`. */
export const PREEMPTABLE_LABEL = 'volcano.sh/preemptable';
/** KAI's pod label for the task's own priority (task order inside a job; reference/kai-scheduler.md). */
export const KAI_TASK_PRIORITY_LABEL = 'kai.scheduler/task-priority';
const POD_GROUP_PHASES = new Set(['Pending', 'Inqueue', 'Running']);

export function mapPodGroup(t: FieldTracker): Data {
  const job: Data = { name: String(t.get('metadata.name')), tasks: [] };
  const queue = t.get('spec.queue');
  if (typeof queue === 'string') job.queue = queue;
  const minMember = num(t.get('spec.minMember'));
  if (minMember !== null) job.minAvailable = minMember;
  const priorityClassName = t.get('spec.priorityClassName');
  if (typeof priorityClassName === 'string') job.priorityClassName = priorityClassName;
  const preemptibility = t.get('spec.preemptibility');
  if (preemptibility === 'preemptible' || preemptibility === 'non-preemptible')
    job.preemptibility = preemptibility;
  const minResources = readResourceList(t, 'spec.minResources');
  if (minResources !== null) job.minResources = minResources;
  const namespace = t.get('metadata.namespace');
  if (typeof namespace === 'string' && namespace !== 'default') job.namespace = namespace;
  const annotations = t.peek('metadata.annotations');
  for (const key of SLA_ANNOTATIONS) {
    if (isData(annotations) && typeof annotations[key] === 'string') {
      job.annotations = { ...(job.annotations as Data | undefined), [key]: annotations[key] };
      t.use(['metadata', 'annotations', key]);
    }
  }
  // A Volcano PodGroup's phase (Pending, Inqueue, Running) is where the enqueue action left it.
  const phase = t.peek('status.phase');
  if (typeof phase === 'string' && POD_GROUP_PHASES.has(phase)) {
    t.use('status.phase');
    job.phase = phase;
  }
  return job;
}

export interface MappedPod {
  task: Data;
  /** The pod group it belongs to, if it names one. */
  group: string | null;
  queue: string | null;
  priorityClassName: string | null;
  namespace: string | null;
}

export function mapPod(t: FieldTracker): MappedPod {
  const name = String(t.get('metadata.name'));
  const labels = t.peek('metadata.labels');
  const annotations = t.peek('metadata.annotations');
  const label = (key: string) =>
    isData(labels) && typeof labels[key] === 'string' ? (labels[key] as string) : null;
  const annotation = (key: string) =>
    isData(annotations) && typeof annotations[key] === 'string' ? (annotations[key] as string) : null;
  let queue: string | null = null;
  for (const key of QUEUE_LABELS) {
    if (queue === null && label(key) !== null) {
      queue = label(key);
      t.use(['metadata', 'labels', key]);
    }
  }
  let group: string | null = null;
  for (const key of GROUP_ANNOTATIONS) {
    if (group === null && annotation(key) !== null) {
      group = annotation(key);
      t.use(['metadata', 'annotations', key]);
    }
  }
  const resources = podRequests(t, 'spec');
  const fraction = annotation(GPU_FRACTION_ANNOTATION);
  if (fraction !== null) {
    const value = Number(fraction);
    if (Number.isFinite(value) && value > 0 && value < 1) {
      resources.gpu = value;
      t.use(['metadata', 'annotations', GPU_FRACTION_ANNOTATION]);
    } else {
      t.explain(
        `metadata.annotations.${GPU_FRACTION_ANNOTATION}`,
        'a GPU fraction is a number between 0 and 1',
      );
    }
  }
  const task: Data = { name, resources };
  const nodeName = t.get('spec.nodeName');
  const phase = t.get('status.phase');
  if (typeof nodeName === 'string' && nodeName !== '' && phase === 'Running') {
    task.status = 'Running';
    task.node = nodeName;
  }
  const priority = num(t.get('spec.priority'));
  if (priority !== null) task.priority = priority;
  // KAI orders a job's tasks by this label, not by the pod's priority: it wins when both are given.
  const taskPriority = label(KAI_TASK_PRIORITY_LABEL);
  if (taskPriority !== null && /^-?\d+$/.test(taskPriority)) {
    task.priority = Number(taskPriority);
    t.use(['metadata', 'labels', KAI_TASK_PRIORITY_LABEL]);
  }
  const nodeSelector = t.get('spec.nodeSelector');
  if (isData(nodeSelector)) task.nodeSelector = nodeSelector;
  const preemptionPolicy = t.get('spec.preemptionPolicy');
  if (preemptionPolicy === 'Never' || preemptionPolicy === 'PreemptLowerPriority')
    task.preemptionPolicy = preemptionPolicy;
  const preemptable = label(PREEMPTABLE_LABEL);
  if (preemptable === 'true' || preemptable === 'false') {
    task.preemptable = preemptable === 'true';
    t.use(['metadata', 'labels', PREEMPTABLE_LABEL]);
  }
  const priorityClassName = t.get('spec.priorityClassName');
  const namespace = t.get('metadata.namespace');
  t.use('spec.schedulerName');
  return {
    task,
    group,
    queue,
    priorityClassName: typeof priorityClassName === 'string' ? priorityClassName : null,
    namespace: typeof namespace === 'string' ? namespace : null,
  };
}

/** A Volcano Job: one job whose tasks are each task template's replicas, named `<job>-<task>-<i>` as Volcano names pods. */
export function mapVolcanoJob(t: FieldTracker): Data {
  const name = String(t.get('metadata.name'));
  const job: Data = { name };
  const queue = t.get('spec.queue');
  job.queue = typeof queue === 'string' ? queue : 'default';
  const minAvailable = num(t.get('spec.minAvailable'));
  if (minAvailable !== null) job.minAvailable = minAvailable;
  const priorityClassName = t.get('spec.priorityClassName');
  if (typeof priorityClassName === 'string') job.priorityClassName = priorityClassName;
  const annotations = t.peek('metadata.annotations');
  if (isData(annotations) && typeof annotations['sla-waiting-time'] === 'string') {
    job.annotations = { 'sla-waiting-time': annotations['sla-waiting-time'] };
    t.use(['metadata', 'annotations', 'sla-waiting-time']);
  }
  t.use('spec.schedulerName');
  const tasks: Data[] = [];
  const specs = t.peek('spec.tasks');
  if (Array.isArray(specs)) {
    specs.forEach((spec: unknown, i) => {
      if (!isData(spec)) return;
      const taskName = typeof spec.name === 'string' ? spec.name : `task${i}`;
      t.use(`spec.tasks.${i}.name`);
      const replicas = num(t.get(`spec.tasks.${i}.replicas`)) ?? 1;
      const resources = podRequests(t, `spec.tasks.${i}.template.spec`);
      for (let r = 0; r < replicas; r++)
        tasks.push({ name: `${name}-${taskName}-${r}`, resources: { ...resources } });
    });
  }
  job.tasks = tasks;
  return job;
}
