/**
 * Reads the objects of a KAI snapshot as the split hands them on, one at a time, into small records (a
 * 140,000-pod snapshot keeps one task per pod, not the pods): the upstream types are those of
 * pkg/scheduler/plugins/snapshot/snapshot.go:37-55 (`rawObjects`), whose lists hold typed Go objects
 * without `apiVersion`/`kind`: the list says what an object is. Field names are the Go json tags of
 * pkg/apis/scheduling/v2/queue_types.go (Queue), v2alpha2/podgroup_types.go (PodGroup),
 * v1alpha2/bindrequest_types.go (BindRequest) and pkg/scheduler/conf/scheduler_conf.go (config, params).
 * The existing Kubernetes mappers (mapQueues, mapWorkloads, mapNodes, mapPriorityClass) do the mapping.
 */
import { FieldTracker, isData, type Data } from '../FieldTracker';
import { mapNode } from '../mapNodes';
import { mapPriorityClass } from '../mapPriorityClass';
import { mapKaiQueue } from '../mapQueues';
import { mapPod, mapPodGroup, QUEUE_LABELS } from '../mapWorkloads';
import { mapTopology } from '../mapTopology';
import { NowTracker, parseTimestamp } from './snapshotNow';
import type { ObjectRef } from './objectRef';
import type { SnapshotJsonSink } from './splitSnapshotJson';
import { prunePod, UnmappedCollector } from './unmappedGroups';

/** The lists of `rawObjects`, with the kind and apiVersion of what they hold (upstream snapshot.go:38-54). */
export const RAW_LISTS: Record<string, { kind: string; apiVersion: string; namespaced: boolean }> = {
  pods: { kind: 'Pod', apiVersion: 'v1', namespaced: true },
  nodes: { kind: 'Node', apiVersion: 'v1', namespaced: false },
  queues: { kind: 'Queue', apiVersion: 'scheduling.run.ai/v2', namespaced: false },
  podGroups: { kind: 'PodGroup', apiVersion: 'scheduling.run.ai/v2alpha2', namespaced: true },
  bindRequests: { kind: 'BindRequest', apiVersion: 'scheduling.run.ai/v1alpha2', namespaced: true },
  priorityClasses: { kind: 'PriorityClass', apiVersion: 'scheduling.k8s.io/v1', namespaced: false },
  configMaps: { kind: 'ConfigMap', apiVersion: 'v1', namespaced: true },
  persistentVolumes: { kind: 'PersistentVolume', apiVersion: 'v1', namespaced: false },
  persistentVolumeClaims: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespaced: true },
  csiStorageCapacities: { kind: 'CSIStorageCapacity', apiVersion: 'storage.k8s.io/v1', namespaced: true },
  storageClasses: { kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', namespaced: false },
  csiDrivers: { kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1', namespaced: false },
  resourceClaims: { kind: 'ResourceClaim', apiVersion: 'resource.k8s.io/v1', namespaced: true },
  resourceSlices: { kind: 'ResourceSlice', apiVersion: 'resource.k8s.io/v1', namespaced: false },
  deviceClasses: { kind: 'DeviceClass', apiVersion: 'resource.k8s.io/v1', namespaced: false },
  topologies: { kind: 'Topology', apiVersion: 'kai.scheduler/v1alpha1', namespaced: false },
  nodeResourceTopologies: {
    kind: 'NodeResourceTopology',
    apiVersion: 'topology.node.k8s.io/v1alpha2',
    namespaced: false,
  },
};

/** Lists read into the scenario; the others are reported whole (one group per list). */
const READ_LISTS = new Set([
  'pods',
  'nodes',
  'queues',
  'podGroups',
  'bindRequests',
  'priorityClasses',
  'topologies',
]);

/** Why a list the engine does not read is not mapped. */
const LIST_REASONS: Record<string, string> = {
  configMaps: 'config maps are not read (GPU-sharing config maps included)',
  persistentVolumes: 'volumes and their binding are not modelled',
  persistentVolumeClaims: 'volumes and their binding are not modelled',
  csiStorageCapacities: 'storage capacity is not modelled',
  storageClasses: 'volumes and their binding are not modelled',
  csiDrivers: 'storage is not modelled',
  resourceClaims: 'DRA resource claims are not modelled',
  resourceSlices: 'DRA devices are not modelled',
  deviceClasses: 'DRA devices are not modelled',
  nodeResourceTopologies: 'NUMA topology is not modelled',
};

/** KAI's default scheduler name (upstream pkg/common/constants/constants.go:20). */
export const KAI_SCHEDULER_NAME = 'kai-scheduler';
/** KAI's PodGroup annotation of the job's last start (constants.go:63; read by job_info.go:251-258). */
export const LAST_START_ANNOTATION = 'kai.scheduler/last-start-timestamp';
/** Stamped on a PodGroup at each eviction (KAI pkg/common/constants/constants.go @d5bc503, #1886). */
export const LAST_EVICTION_ANNOTATION = 'kai.scheduler/last-eviction-timestamp';
/** The `app` label of KAI's GPU-sharing reservation pods (conf/global_config.go:25, utility_pods.go:26-33). */
export const RESERVATION_APP = 'kai-resource-reservation';

export interface PodRecord {
  ref: ObjectRef;
  task: Data;
  group: string | null;
  queue: string | null;
  priorityClassName: string | null;
  /** `spec.priority` (resolved by admission from the class): a raw priority when the class is unknown. */
  priority: number | null;
  phase: string;
  nodeName: string;
  schedulerName: string;
  reservation: boolean;
  created: number | null;
  started: number | null;
  /** `metadata.deletionTimestamp`, absolute ms; null = not terminating (decision 0305). */
  deletion: number | null;
  /** `metadata.deletionGracePeriodSeconds`; null = not written (or not a whole number ≥ 0). */
  deletionGraceSeconds: number | null;
}

export interface GroupRecord {
  ref: ObjectRef;
  job: Data;
  created: number | null;
  lastStart: number | null;
  /** KAI `kai.scheduler/last-eviction-timestamp` (§23), absolute ms; null = none. */
  lastEviction: number | null;
  /** `metadata.labels` as written: the shard's selector reads them (snapshotShard.ts). */
  labels: unknown;
}

export interface BindRecord {
  node: string;
  failed: boolean;
}

export interface NodeRecord {
  ref: ObjectRef;
  node: Data;
}

const DEFAULT_TOLERATIONS = new Set(['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']);
const isDefaultToleration = (t: unknown): boolean =>
  isData(t) && typeof t.key === 'string' && DEFAULT_TOLERATIONS.has(t.key) && t.effect === 'NoExecute';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Describes a value's type for messages. */
function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/**
 * A terminating pod's deletion time and grace period (§17, decision 0305), marked used when readable: the
 * assembly maps them to the task's `deletionTimestamp` and `deletionGracePeriod`. An unreadable one stays
 * listed as unmapped.
 */
function readDeletion(t: FieldTracker): { deletion: number | null; deletionGraceSeconds: number | null } {
  const deletion = parseTimestamp(t.peek('metadata.deletionTimestamp'));
  if (deletion === null) return { deletion: null, deletionGraceSeconds: null };
  t.use('metadata.deletionTimestamp');
  const g = t.peek('metadata.deletionGracePeriodSeconds');
  const grace = typeof g === 'number' && Number.isInteger(g) && g >= 0 ? g : null;
  if (grace !== null) t.use('metadata.deletionGracePeriodSeconds');
  return { deletion, deletionGraceSeconds: grace };
}

export class SnapshotReader implements SnapshotJsonSink {
  readonly errors: string[] = [];
  readonly unmapped = new UnmappedCollector();
  readonly now = new NowTracker();
  config: Data | null = null;
  params: Data | null = null;
  readonly pods: PodRecord[] = [];
  readonly nodes: NodeRecord[] = [];
  /** Queues with their `metadata.labels` as written (the shard's selector reads them, snapshotShard.ts). */
  readonly queues: { ref: ObjectRef; queue: Data; labels: unknown }[] = [];
  readonly groups: GroupRecord[] = [];
  readonly binds = new Map<string, BindRecord>();
  readonly priorityClasses = new Map<string, Data>();
  /** KAI Topology objects, as scenario `topologies` entries. */
  readonly topologies: Data[] = [];
  /** Queues whose GPU limit is omitted: the CRD's 0 blocks GPUs (mapKaiQueue's note, rendered later). */
  readonly queuesWithoutGpuLimit: ObjectRef[] = [];
  private readonly seenTopLevel = new Set<string>();

  /** Stops reading once this many errors are known: the rest are the same mistake again. */
  private static readonly MAX_ERRORS = 100;

  private error(message: string): void {
    if (this.errors.length < SnapshotReader.MAX_ERRORS) this.errors.push(message);
  }

  topLevel(key: string, value: unknown, path: string): void {
    this.seenTopLevel.add(key);
    if (key === 'config') {
      if (value === null) return;
      if (!isData(value)) return this.error(`${path}: expected an object, got ${typeOf(value)}`);
      this.config = value;
    } else if (key === 'schedulerParams') {
      if (value === null) return;
      if (!isData(value)) return this.error(`${path}: expected an object, got ${typeOf(value)}`);
      this.params = value;
    } else if (key === 'rawObjects') {
      if (value !== null) this.error(`${path}: expected an object of lists, got ${typeOf(value)}`);
    } else if (key !== 'discovery') {
      // The discovery section (server version, API resources) has no scheduling input: set aside (§17.3).
      this.unmapped.add(`snapshot ${key}`, 'not part of KAI snapshots this version reads', null, '');
    }
  }

  rawObjects(): void {
    this.seenTopLevel.add('rawObjects');
  }

  listValue(list: string, value: unknown, path: string): void {
    // Go writes an empty list that was never made as `null` (snapshot.go:309-311).
    if (value !== null) this.error(`${path}: expected a list, got ${typeOf(value)}`);
  }

  /** The scheduler name pods of KAI carry (schedulerParams.schedulerName, default kai-scheduler). */
  get schedulerName(): string {
    return str(this.params?.schedulerName) || KAI_SCHEDULER_NAME;
  }

  item(list: string, index: number, value: unknown, path: string): void {
    if (this.errors.length >= SnapshotReader.MAX_ERRORS) return;
    const spec = RAW_LISTS[list];
    if (spec === undefined) {
      // A list a newer KAI writes: reported whole, whatever its objects look like.
      this.unmapped.add(`rawObjects.${list}`, 'a list this version does not read', null, '', 1);
      return;
    }
    if (!isData(value)) return this.error(`${path}: expected an object, got ${typeOf(value)}`);
    const metadata = value.metadata;
    if (!isData(metadata)) return this.error(`${path}.metadata: missing or not an object`);
    const name = metadata.name;
    if (typeof name !== 'string' || name === '')
      return this.error(`${path}.metadata.name: missing or not a string`);
    const apiVersion = value.apiVersion;
    // Typed Go lists usually omit apiVersion; when given, it must be the one the list holds.
    if (apiVersion !== undefined && apiVersion !== '' && apiVersion !== spec.apiVersion)
      return this.error(
        `${path}.apiVersion: ${JSON.stringify(apiVersion)} is not known for rawObjects.${list} (expected ${spec.apiVersion})`,
      );
    const namespace = spec.namespaced ? (str(metadata.namespace) ?? 'default') : null;
    const ref: ObjectRef = { kind: spec.kind, namespace, name, index };
    for (const part of ['spec', 'status'] as const)
      if (value[part] !== undefined && value[part] !== null && !isData(value[part]))
        return this.error(`${path}.${part}: expected an object, got ${typeOf(value[part])}`);
    this.considerTimes(value, ref);
    if (!READ_LISTS.has(list)) {
      this.unmapped.add(`rawObjects.${list}`, LIST_REASONS[list] ?? 'not modelled', ref, '');
      return;
    }
    if (list === 'pods') prunePod(value);
    const t = new FieldTracker(value, path);
    switch (list) {
      case 'pods':
        this.readPod(t, ref, path);
        break;
      case 'nodes':
        this.nodes.push({ ref, node: mapNode(t) });
        break;
      case 'queues': {
        const notes: string[] = [];
        this.queues.push({ ref, queue: mapKaiQueue(t, notes), labels: t.peek('metadata.labels') });
        if (notes.length > 0) this.queuesWithoutGpuLimit.push(ref);
        break;
      }
      case 'podGroups':
        this.readPodGroup(t, ref);
        break;
      case 'bindRequests':
        this.readBindRequest(t, ref);
        break;
      case 'priorityClasses':
        this.priorityClasses.set(name, mapPriorityClass(t));
        break;
      case 'topologies':
        // KAI Topology objects (§21): read as the scenario's `topologies`, with the PodGroups' constraints.
        this.topologies.push(mapTopology(t));
        break;
    }
    this.unmapped.addFields(spec.kind, ref, t.unmapped());
  }

  private readPod(t: FieldTracker, ref: ObjectRef, path: string): void {
    const containers = t.peek('spec.containers');
    if (containers !== undefined && containers !== null && !Array.isArray(containers))
      return this.error(`${path}.spec.containers: expected a list, got ${typeOf(containers)}`);
    const mapped = mapPod(t, this.errors);
    // A custom queue label (schedulerParams.queueLabelKey, scheduler_conf.go:48) names the queue instead.
    const queueKey = str(this.params?.queueLabelKey);
    let queue = mapped.queue;
    if (queueKey && !(QUEUE_LABELS as readonly string[]).includes(queueKey)) {
      const v = t.peek(['metadata', 'labels', queueKey]);
      if (typeof v === 'string') {
        queue = v;
        t.use(['metadata', 'labels', queueKey]);
      }
    }
    const labels = t.peek('metadata.labels');
    const priority = t.peek('spec.priority');
    // The tolerations admission adds to every pod (node.kubernetes.io/not-ready and /unreachable) only
    // matter on a node that is not ready: set aside (§17.3); any other toleration is listed.
    const tolerations = t.peek('spec.tolerations');
    if (Array.isArray(tolerations) && tolerations.every(isDefaultToleration)) t.use('spec.tolerations');
    // KAI orders a job's tasks by its task-priority label only (mapWorkloads.ts); spec.priority is the
    // class's value, kept apart for a class the snapshot does not define.
    if (!(isData(labels) && typeof labels['kai.scheduler/task-priority'] === 'string'))
      delete mapped.task.priority;
    this.pods.push({
      ref,
      task: mapped.task,
      group: mapped.group,
      queue,
      priorityClassName: mapped.priorityClassName,
      priority: typeof priority === 'number' && Number.isInteger(priority) ? priority : null,
      phase: str(t.get('status.phase')) ?? 'Pending',
      nodeName: str(t.get('spec.nodeName')) ?? '',
      schedulerName: str(t.get('spec.schedulerName')) || 'default-scheduler',
      reservation: isData(labels) && labels.app === RESERVATION_APP,
      created: this.time(t, 'metadata.creationTimestamp'),
      started: this.time(t, 'status.startTime'),
      ...readDeletion(t),
    });
  }

  private readPodGroup(t: FieldTracker, ref: ObjectRef): void {
    const job = mapPodGroup(t);
    // The queue label repeats spec.queue (the pod grouper writes both).
    const labels = t.peek('metadata.labels');
    if (isData(labels) && labels['kai.scheduler/queue'] === job.queue)
      t.use(['metadata', 'labels', 'kai.scheduler/queue']);
    const annotations = t.peek('metadata.annotations');
    let lastStart: number | null = null;
    if (isData(annotations) && typeof annotations[LAST_START_ANNOTATION] === 'string') {
      t.use(['metadata', 'annotations', LAST_START_ANNOTATION]);
      lastStart = this.time(t, ['metadata', 'annotations', LAST_START_ANNOTATION]);
    }
    let lastEviction: number | null = null;
    if (isData(annotations) && typeof annotations[LAST_EVICTION_ANNOTATION] === 'string') {
      lastEviction = this.time(t, ['metadata', 'annotations', LAST_EVICTION_ANNOTATION]);
      // An unreadable time is ignored by KAI too (job_info.go:259-266 @d5bc503): it stays listed unmapped.
      if (lastEviction !== null) t.use(['metadata', 'annotations', LAST_EVICTION_ANNOTATION]);
    }
    const created = this.time(t, 'metadata.creationTimestamp');
    this.groups.push({ ref, job, created, lastStart, lastEviction, labels });
  }

  private readBindRequest(t: FieldTracker, ref: ObjectRef): void {
    const pod = str(t.get('spec.podName'));
    const node = str(t.get('spec.selectedNode'));
    const phase = str(t.get('status.phase'));
    if (pod === null || node === null) return;
    // A failed bind request is ignored by KAI's cache (bindrequest_info/binrequest_info.go:16-27).
    this.binds.set(`${ref.namespace ?? ''}/${pod}`, { node, failed: phase === 'Failed' });
  }

  private time(t: FieldTracker, path: string | string[]): number | null {
    return parseTimestamp(t.peek(path));
  }

  /** Offers every timestamp of the object to the "now" tracker (snapshotNow.ts). */
  private considerTimes(obj: Data, ref: ObjectRef): void {
    const metadata = obj.metadata as Data;
    this.now.consider(metadata.creationTimestamp, ref, 'metadata.creationTimestamp');
    if (Array.isArray(metadata.managedFields))
      metadata.managedFields.forEach((m: unknown, i) => {
        if (isData(m)) this.now.consider(m.time, ref, `metadata.managedFields[${i}].time`);
      });
    const annotations = metadata.annotations;
    if (isData(annotations))
      this.now.consider(
        annotations[LAST_START_ANNOTATION],
        ref,
        `metadata.annotations.${LAST_START_ANNOTATION}`,
      );
    if (isData(annotations))
      this.now.consider(
        annotations[LAST_EVICTION_ANNOTATION],
        ref,
        `metadata.annotations.${LAST_EVICTION_ANNOTATION}`,
      );
    const status = obj.status;
    if (!isData(status)) return;
    this.now.consider(status.startTime, ref, 'status.startTime');
    if (Array.isArray(status.conditions))
      status.conditions.forEach((c: unknown, i) => {
        if (!isData(c)) return;
        this.now.consider(c.lastTransitionTime, ref, `status.conditions[${i}].lastTransitionTime`);
        this.now.consider(c.lastHeartbeatTime, ref, `status.conditions[${i}].lastHeartbeatTime`);
      });
    if (Array.isArray(status.containerStatuses))
      status.containerStatuses.forEach((c: unknown, i) => {
        const running = isData(c) && isData(c.state) && isData(c.state.running) ? c.state.running : null;
        if (running !== null)
          this.now.consider(running.startedAt, ref, `status.containerStatuses[${i}].state.running.startedAt`);
      });
  }

  /** Top-level keys met (`rawObjects` missing means this is no snapshot). */
  has(key: string): boolean {
    return this.seenTopLevel.has(key);
  }
}
