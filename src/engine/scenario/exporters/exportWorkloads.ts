/**
 * Jobs as the objects a cluster holds: one `PodGroup` per job (KAI scheduling.run.ai/v2alpha2, Volcano
 * scheduling.volcano.sh/v1beta1) and one `Pod` per task, in the shapes `importers/mapWorkloads.ts` reads.
 * What a cluster object has no field for (submit and start times, runtime, a raw job priority, task labels)
 * travels in `preemption-lab.dev/` annotations (labCarrier.ts).
 */
import { NODE_POOL_LABEL_KEY } from '../../model/nodePool';
import { GPU_DEVICES_ANNOTATION, GPU_MEMORY_ANNOTATION } from '../importers/mapGpuMemory';
import { formatDuration } from '../../model/duration';
import type { Resources } from '../../model/resources';
import type { JobSpec, PriorityClass, Profile, TaskSpec } from '../../model/scenario';
import { catalogueOf, moduleOf } from '../../registry';
import { encodeLabValue, LAB_PREFIX } from '../importers/labCarrier';
import { GPU_FRACTION_ANNOTATION, PREEMPTABLE_LABEL, SLA_ANNOTATIONS } from '../importers/mapWorkloads';
import { defaultPreemptible } from '../normaliseJob';
import { exportPodRole } from '../importers/mapTaskRoles';
import { formatKubernetesQuantity } from './formatKubernetesQuantity';
import { SUBGROUP_LABEL } from '../importers/mapSubGroups';
import { subGroupData } from '../serialiseSubGroups';

/** Writes the job's §22 fields into a PodGroup spec (same shape as the scenario's); true if it has subgroups. */
function exportSubGroups(job: JobSpec, spec: Data): boolean {
  Object.assign(spec, subGroupData(job));
  return (job.subGroups?.length ?? 0) > 0;
}
import { topologyConstraintData } from '../serialiseTopology';
import { segmentAnnotations } from '../importers/mapSegments';

type Data = Record<string, unknown>;

/** The image of an exported pod: it only holds its requests, as the pause container does. */
export const PLACEHOLDER_IMAGE = 'registry.k8s.io/pause:3.9';

/** `preemption-lab.dev/<field>` annotations for the given scenario fields. */
export function labAnnotations(fields: Data): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) out[`${LAB_PREFIX}${key}`] = encodeLabValue(value);
  return out;
}

/** A resource list (`nvidia.com/gpu`, `cpu`, `memory`, `pods`) of the amounts that are set. */
export function resourceList(r: Partial<Resources>, keep: (v: number) => boolean = () => true): Data {
  const out: Data = {};
  if (r.gpu !== undefined && keep(r.gpu)) out['nvidia.com/gpu'] = formatKubernetesQuantity('gpu', r.gpu);
  if (r.cpu !== undefined && keep(r.cpu)) out.cpu = formatKubernetesQuantity('cpu', r.cpu);
  if (r.memory !== undefined && keep(r.memory)) out.memory = formatKubernetesQuantity('memory', r.memory);
  if (r.pods !== undefined && keep(r.pods)) out.pods = formatKubernetesQuantity('pods', r.pods);
  return out;
}

/** The PodGroup and Pods of one job. */
export function exportJob(
  job: JobSpec,
  profile: Profile,
  classes: ReadonlyMap<string, PriorityClass>,
): Data[] {
  // A profile with objects of its own (Kueue's Workload) writes the job; its Pods are the shared ones.
  const objects = moduleOf(profile).kubernetes.objects;
  if (objects !== undefined) {
    const carried = jobCarried(job, profile, classes);
    if (Object.keys(job.annotations).length > 0) carried.annotations = { ...job.annotations };
    return objects.exportJob(job, { annotations: labAnnotations(carried), pod: (t) => pod(t, job, profile) });
  }
  return [podGroup(job, profile, classes), ...job.tasks.map((t) => pod(t, job, profile))];
}

/** The job fields a cluster object has no field for, carried as `preemption-lab.dev/` annotations. */
function jobCarried(job: JobSpec, profile: Profile, classes: ReadonlyMap<string, PriorityClass>): Data {
  const carried: Data = {};
  // As serialiseScenario writes it: a raw priority when there is no class, or it differs from the class.
  if (job.priorityClassName !== null) {
    if (classes.get(job.priorityClassName)?.value !== job.priority) carried.priority = job.priority;
  } else if (catalogueOf(profile).defaultJobClass !== null || job.priority !== 0) {
    carried.priority = job.priority;
  }
  if (job.submitAtMs !== 0) carried.submitAt = formatDuration(job.submitAtMs);
  const runsAtStart = job.tasks.some((t) => t.status === 'Running');
  if (job.startedAtMs !== null && job.startedAtMs !== (runsAtStart ? job.submitAtMs : null))
    carried.startedAt = formatDuration(job.startedAtMs);
  if (job.runtimeMs !== null) carried.runtime = formatDuration(job.runtimeMs);
  // A time relative to the run, as startedAt: a lab annotation (KAI's own is an absolute RFC 3339 time).
  if (job.lastEvictedAtMs !== undefined) carried.lastEvictedAt = formatDuration(job.lastEvictedAtMs);
  // A job with no tasks: the importer would otherwise invent minMember of them.
  if (job.tasks.length === 0) carried.tasks = 0;
  return carried;
}

function podGroup(job: JobSpec, profile: Profile, classes: ReadonlyMap<string, PriorityClass>): Data {
  const spec: Data = { queue: job.queue };
  // §22: a job with subgroups has its gang in spec.subGroups; KAI would ignore minMember beside them.
  // §21: segments keep the job's minimum in minMember (the PodGrouper's worker minAvailable, mapSegments.ts).
  if (!exportSubGroups(job, spec) || job.segments !== undefined) spec.minMember = job.minAvailable;
  if (job.priorityClassName !== null) spec.priorityClassName = job.priorityClassName;
  if (job.preemptible !== defaultPreemptible(profile, job.priority))
    spec.preemptibility = job.preemptible ? 'preemptible' : 'non-preemptible';
  if (job.minResources !== null) spec.minResources = resourceList(job.minResources);
  if (job.minTaskMember !== undefined) spec.minTaskMember = { ...job.minTaskMember };
  if (job.topologyConstraint !== undefined)
    spec.topologyConstraint = topologyConstraintData(job.topologyConstraint);
  // KAI's scheduler reads the PodGroup field (§23); the pod annotation is only the podgrouper's input.
  if (job.preemptionDelayMs !== undefined) spec.preemptionDelay = formatDuration(job.preemptionDelayMs);

  const carried = jobCarried(job, profile, classes);
  const annotations: Record<string, string> = {};
  const slaKeys: readonly string[] = SLA_ANNOTATIONS;
  for (const [key, value] of Object.entries(job.annotations))
    if (slaKeys.includes(key)) annotations[key] = value;
  // Annotations the schedulers do not read would be lost among a real PodGroup's; the map travels whole.
  if (Object.keys(job.annotations).some((k) => !slaKeys.includes(k)))
    carried.annotations = { ...job.annotations };

  const metadata: Data = { name: job.name, namespace: job.namespace };
  // Node pools (§24): the shard lists the PodGroup by this label.
  if (job.nodePool !== undefined) metadata.labels = { [NODE_POOL_LABEL_KEY]: job.nodePool };
  Object.assign(annotations, labAnnotations(carried), segmentAnnotations(job));
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  const out: Data = {
    apiVersion: moduleOf(profile).kubernetes.podGroupApiVersion,
    kind: 'PodGroup',
    metadata,
    spec,
  };
  if (job.phase !== 'Pending') out.status = { phase: job.phase };
  return out;
}

function pod(task: TaskSpec, job: JobSpec, profile: Profile): Data {
  const kube = moduleOf(profile).kubernetes;
  // The profile's group and queue marks.
  const marks = kube.podMarks(job);
  const labels: Record<string, string> = { ...marks.labels };
  const annotations: Record<string, string> = { ...marks.annotations };
  if (!task.preemptable) labels[PREEMPTABLE_LABEL] = 'false';
  // The task's own priority: a label where the profile reads one (KAI), else the pod's spec.priority.
  if (marks.taskPriorityLabel !== null && task.priority !== null)
    labels[marks.taskPriorityLabel] = String(task.priority);
  if (task.subGroup !== undefined) labels[SUBGROUP_LABEL] = task.subGroup;
  // A GPU-memory request is the gpu-memory annotation alone; its converted fraction is not written (§23.3).
  const gpu = task.gpuMemoryMiB === undefined ? task.resources.gpu : 0;
  if (task.gpuMemoryMiB !== undefined) annotations[GPU_MEMORY_ANNOTATION] = String(task.gpuMemoryMiB);
  if (task.gpuMemoryDevices !== undefined)
    annotations[GPU_DEVICES_ANNOTATION] = String(task.gpuMemoryDevices);
  const fractional = gpu > 0 && gpu < 1;
  // KAI shares a device through the gpu-fraction annotation; whole devices are an extended resource.
  if (fractional) annotations[GPU_FRACTION_ANNOTATION] = String(gpu);
  const carried: Data = {};
  if (Object.keys(task.labels).length > 0) carried.labels = task.labels;
  // A time relative to the run (§23.4), as lastEvictedAt: a lab annotation, since the pod's own
  // metadata.deletionTimestamp is an absolute time the API server sets, not one a manifest may write.
  if (task.deletionTimestampMs !== undefined)
    carried.deletionTimestamp = formatDuration(task.deletionTimestampMs);
  if (task.deletionGracePeriodMs !== undefined)
    carried.deletionGracePeriod = formatDuration(task.deletionGracePeriodMs);
  if (Object.keys(carried).length > 0) Object.assign(annotations, labAnnotations(carried));
  exportPodRole(task.role, annotations);

  const requests = resourceList(
    { gpu: fractional ? 0 : gpu, cpu: task.resources.cpu, memory: task.resources.memory },
    (v) => v !== 0,
  );
  const container: Data = { name: 'main', image: PLACEHOLDER_IMAGE };
  if (Object.keys(requests).length > 0) container.resources = { requests };
  // GPUs are an extended resource: a pod that requests them must set the same limit, or the API server
  // refuses it (kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus); the importer checks they are equal.
  if (requests['nvidia.com/gpu'] !== undefined)
    container.resources = { requests, limits: { 'nvidia.com/gpu': requests['nvidia.com/gpu'] } };
  const spec: Data = { schedulerName: kube.schedulerName };
  if (task.node !== null) spec.nodeName = task.node;
  if (job.priorityClassName !== null) spec.priorityClassName = job.priorityClassName;
  if (task.priority !== null && marks.taskPriorityLabel === null) spec.priority = task.priority;
  if (task.preemptionPolicy !== null) spec.preemptionPolicy = task.preemptionPolicy;
  if (Object.keys(task.nodeSelector).length > 0) spec.nodeSelector = { ...task.nodeSelector };
  spec.containers = [container];

  const metadata: Data = { name: task.name, namespace: job.namespace };
  if (Object.keys(labels).length > 0) metadata.labels = labels;
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  const out: Data = { apiVersion: 'v1', kind: 'Pod', metadata, spec };
  // A pod that already finished (decision 0330): the phase the importer reads back as a Succeeded task.
  if (task.status === 'Running' || task.status === 'Succeeded') out.status = { phase: task.status };
  return out;
}
