/**
 * Workloads: `PodGroup` (KAI scheduling.run.ai/v2alpha2, Volcano scheduling.volcano.sh/v1beta1), Volcano
 * `Job` (batch.volcano.sh/v1alpha1) and plain `Pod`s. A pod that names a pod group is a task of that
 * group's job; any other pod is a job of one task.
 */
import { readNodePoolLabel } from './readNodePoolLabel';
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';
import type { ImportBudget } from './ImportBudget';
import { MAX_IMPORT_REPLICAS } from './importLimits';
import { podResources } from './podResources';
import { readResourceList } from './resourceAmounts';
import { readMinTaskMember, readPodRole, templateMinimum } from './mapTaskRoles';
import { mapPodGroupSubGroups, mapPodSubGroup } from './mapSubGroups';
import { mapPodGroupSegments } from './mapSegments';
import { mapTopologyConstraint } from './mapTopology';
import { mapPodGroupPreemptionDelay, podPreemptionDelay } from './mapPreemptionDelay';
import { mapPodGpuMemory } from './mapGpuMemory';

/** Labels a pod names its queue with (KAI, then the older run.ai label). */
export const QUEUE_LABELS = ['kai.scheduler/queue', 'runai/queue'] as const;
/** Annotations a pod names its pod group with (KAI, Volcano). */
export const GROUP_ANNOTATIONS = ['pod-group-name', 'scheduling.k8s.io/group-name'] as const;
/** KAI GPU sharing: a fraction of one device. */
export const GPU_FRACTION_ANNOTATION = 'gpu-fraction';

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
  readNodePoolLabel(t, job);
  const queue = t.get('spec.queue');
  if (typeof queue === 'string') job.queue = queue;
  // KAI ignores minMember once spec.subGroups define pod sets (job_info.go:280 @d5bc503).
  const hasSubGroups = mapPodGroupSubGroups(t, job);
  mapPodGroupSegments(t, job); // §21: segments replace the subgroups they expanded into
  const minMember = num(t.get('spec.minMember'));
  if (minMember !== null && !hasSubGroups) job.minAvailable = minMember;
  const priorityClassName = t.get('spec.priorityClassName');
  if (typeof priorityClassName === 'string') job.priorityClassName = priorityClassName;
  const preemptibility = t.get('spec.preemptibility');
  if (preemptibility === 'preemptible' || preemptibility === 'non-preemptible')
    job.preemptibility = preemptibility;
  const minResources = readResourceList(t, 'spec.minResources');
  if (minResources !== null) job.minResources = minResources;
  readMinTaskMember(t, job);
  const topologyConstraint = mapTopologyConstraint(t);
  if (topologyConstraint !== null) job.topologyConstraint = topologyConstraint;
  const namespace = t.get('metadata.namespace');
  if (typeof namespace === 'string' && namespace !== 'default') job.namespace = namespace;
  const annotations = t.peek('metadata.annotations');
  for (const key of SLA_ANNOTATIONS) {
    if (isData(annotations) && typeof annotations[key] === 'string') {
      job.annotations = { ...(job.annotations as Data | undefined), [key]: annotations[key] };
      t.use(['metadata', 'annotations', key]);
    }
  }
  mapPodGroupPreemptionDelay(t, job);
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
  /** KAI `kai.scheduler/preemption-delay` (§23): applies when the pod is a job of its own. */
  preemptionDelay: string | null;
  /** Phase `Failed`: the import leaves it out (decision 0345). */
  failed: boolean;
}

export function mapPod(t: FieldTracker, errors: string[]): MappedPod {
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
  const resources = podResources(t, 'spec', errors);
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
  mapPodGpuMemory(t, resources);
  const task: Data = { name, resources };
  mapPodSubGroup(t, labels, task);
  const nodeName = t.get('spec.nodeName');
  const phase = t.get('status.phase');
  if (typeof nodeName === 'string' && nodeName !== '' && phase === 'Running') {
    task.status = 'Running';
    task.node = nodeName;
  } else if (phase === 'Succeeded') {
    // A pod that finished stays in its pod group and counts there (KAI cluster_info.go:456-467 lists every pod
    // of the group, pod_info.go:496-497 gives it Succeeded @d5bc503); it holds nothing on the node it ran on,
    // so its nodeName (read above) is set aside (decision 0330). Before, it became Pending and ran again.
    task.status = 'Succeeded';
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
  readPodRole(t, task);
  const priorityClassName = t.get('spec.priorityClassName');
  const namespace = t.get('metadata.namespace');
  t.use('spec.schedulerName');
  return {
    task,
    group,
    queue,
    priorityClassName: typeof priorityClassName === 'string' ? priorityClassName : null,
    namespace: typeof namespace === 'string' ? namespace : null,
    preemptionDelay: podPreemptionDelay(t),
    failed: phase === 'Failed',
  };
}

/**
 * A Volcano Job: one job whose tasks are each task template's replicas, named `<job>-<task>-<i>` as Volcano
 * names pods. Every task template's `replicas` is checked, and the job's tasks taken from the import's
 * budget, before any task is made: `replicas: 1e9` used to be expanded until the heap ran out.
 */
export function mapVolcanoJob(t: FieldTracker, budget: ImportBudget, errors: string[]): Data {
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
  const templates: { taskName: string; replicas: number; resources: Data }[] = [];
  const minTaskMember: Record<string, number> = {};
  const specs = t.peek('spec.tasks');
  let total = 0;
  if (Array.isArray(specs)) {
    specs.forEach((spec: unknown, i) => {
      if (!isData(spec)) return;
      const taskName = typeof spec.name === 'string' ? spec.name : `task${i}`;
      t.use(`spec.tasks.${i}.name`);
      const raw = t.get(`spec.tasks.${i}.replicas`);
      // Volcano's replicas is an int32 of at least 0 (batch.volcano.sh/v1alpha1 TaskSpec); omitted is 1.
      const replicas = raw === undefined ? 1 : raw;
      if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
        errors.push(
          `${t.label}: spec.tasks.${i}.replicas must be a whole number of at least 0, got ${String(raw)}`,
        );
        return;
      }
      if (replicas > MAX_IMPORT_REPLICAS) {
        errors.push(
          `${t.label}: spec.tasks.${i}.replicas is at most ${MAX_IMPORT_REPLICAS} (as a scenario job's \`tasks: N\`, docs/scenario-format.md §10), got ${replicas}`,
        );
        return;
      }
      const min = templateMinimum(t, i, replicas, errors);
      if (min === null) return;
      minTaskMember[taskName] = min;
      total += replicas;
      templates.push({
        taskName,
        replicas,
        resources: podResources(t, `spec.tasks.${i}.template.spec`, errors),
      });
    });
  }
  const tasks: Data[] = [];
  if (budget.take('tasks', total, `${t.label}: spec.tasks`))
    for (const { taskName, replicas, resources } of templates)
      for (let r = 0; r < replicas; r++)
        tasks.push({ name: `${name}-${taskName}-${r}`, resources: { ...resources }, role: taskName });
  job.tasks = tasks;
  // The job controller gives the PodGroup every task's minimum (decision 0230).
  if (templates.length > 0) job.minTaskMember = minTaskMember;
  return job;
}
