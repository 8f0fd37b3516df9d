/**
 * Jobs (pod groups) and tasks (pods) as one session sees them. Statuses change only through a Statement.
 */
import type { OperationCause } from './Statement';
import { deviceMemoryMiB, gpuDeviceCount, gpuOnNode, gpuQuotaOnNode } from '../../../model/gpuDevices';
import type { Resources } from '../../../model/resources';
import type { JobSpec, TaskSpec } from '../../../model/scenario';
import type { GpuMemoryRange } from './gpuMemoryRange';
import type { GpuSlot, NodeInfo } from './NodeInfo';
import type { QueueInfo } from './QueueInfo';
import { buildSubGroupTree, isSatisfied, podSetsOf, type SubGroupSetNode } from './subGroupTree';

/** In-session task status. `Allocated` is placed in this session (bound when the session commits). */
export type SessionTaskStatus = 'Pending' | 'Allocated' | 'Pipelined' | 'Running' | 'Releasing' | 'Succeeded';

export class TaskInfo {
  readonly name: string;
  readonly spec: TaskSpec;
  readonly job: JobInfo;
  /**
   * The request before placement. A GPU-memory request counts `count × m / D_min` GPU here, the cluster's
   * smallest device memory (KAI podgroup_info/allocation_info.go:180-181, plugins/proportion/proportion.go:374
   * @d5bc503): queue order, pending usage, reclaimer shares. Once placed, `reqOn(node)` is what it holds.
   */
  readonly req: Resources;
  /**
   * The request the job-level queue capacity check counts: a GPU-memory request at the largest device memory,
   * the smallest fraction it can be (KAI plugins/proportion/capacity_policy/capacity_policy.go:80-83
   * @d5bc503). Also the least any node can need, so the free-node index may look it up as a superset.
   */
  readonly capacityReq: Resources;
  /** Devices `req.gpu` is spread over (a GPU-memory request on several devices, §23.3); otherwise 1. */
  readonly gpuDevices: number;
  status: SessionTaskStatus;
  node: NodeInfo | null;
  gpus: GpuSlot[];
  /** For a victim moved to another node: the node (and devices) it is still releasing. */
  movedFrom: { node: NodeInfo; gpus: GpuSlot[] } | null = null;
  /** Where the task was when the session opened (to tell an un-evict from a move). */
  readonly openStatus: SessionTaskStatus;
  readonly openNode: NodeInfo | null;
  /**
   * The node this task was pipelined to at the end of the previous session (it is Pending again now):
   * the capacity it was promised there was still being released then. See `allocate`.
   */
  promisedNode: NodeInfo | null = null;
  /**
   * The statement operation that last moved the task in this session (read through Session.causeOf). A
   * field rather than a session map: victim simulations set and restore it millions of times (issue 13).
   */
  cause: OperationCause | null = null;
  /** Index among the session's tasks (set by openSession): a cheap identity for memo keys. */
  position = -1;
  /**
   * KAI `StuckInReleasing` (#1578, §23.4): a terminating pod (status Releasing here, as both are in the same
   * status groups, pod_status.go:70-74 @d5bc503) whose resources count as used on its node, not releasing.
   */
  stuck = false;
  /**
   * KAI `IsVirtualStatus` for an eviction (pod_info.go:104, set by statement.go:122, cleared when the
   * statement commits, :151): Releasing because a statement of this session evicted it and the action has
   * not kept that statement yet. Such a task still counts as to allocate in queue order (ShouldAllocate
   * with isRealAllocation false, pod_info.go:585-588).
   */
  virtuallyEvicted = false;

  constructor(
    spec: TaskSpec,
    job: JobInfo,
    status: SessionTaskStatus,
    node: NodeInfo | null,
    gpus: GpuSlot[],
    gpuMemory: GpuMemoryRange | null = null,
  ) {
    this.name = spec.name;
    this.spec = spec;
    this.job = job;
    const mib = spec.gpuMemoryMiB;
    if (mib !== undefined && gpuMemory !== null) {
      // count × m / D (KAI resource_info/gpu_resource_requirment.go:231-236 @d5bc503) at the two divisors.
      this.req = { ...spec.resources, gpu: gpuOnNode(spec, { gpuMemoryMiB: gpuMemory.minMiB }) };
      this.capacityReq = { ...spec.resources, gpu: gpuOnNode(spec, { gpuMemoryMiB: gpuMemory.maxMiB }) };
    } else {
      this.req = spec.resources;
      this.capacityReq = spec.resources;
    }
    this.gpuDevices = gpuDeviceCount(spec);
    this.status = status;
    this.node = node;
    this.gpus = gpus;
    this.openStatus = status;
    this.openNode = node;
  }

  /** Per device memory (MiB) → the request on a node with it; made on first use (a few sizes per cluster). */
  private onDevice: Map<number, Resources> | null = null;

  /**
   * What the task needs and holds on `node`: a GPU-memory request counts `count × m / D_node` there (KAI
   * api/node_info/node_info.go:727 GetRequiredInitQuota @d5bc503), in placement, node accounting, queue
   * allocation, eviction and victim simulations. Every other request is `req` on every node.
   * On a node that states no device memory (a node that omits `gpu`, which takes every GPU request, §3) a
   * memory request holds the scenario's figure (`resources.gpu`, m / D_min over all the scenario's nodes),
   * as the snapshot and the device numbering count it: what a placed task holds depends on its node only
   * (GetRequiredInitQuota reads the node, node_info.go:722-730), never on which other nodes the session has.
   */
  reqOn(node: NodeInfo): Resources {
    const device = deviceMemoryMiB(node.spec);
    if (this.spec.gpuMemoryMiB === undefined) return this.req;
    if (device === undefined) return this.spec.resources;
    this.onDevice ??= new Map();
    let r = this.onDevice.get(device);
    if (r === undefined) {
      r = { ...this.spec.resources, gpu: gpuOnNode(this.spec, node.spec) };
      this.onDevice.set(device, r);
    }
    return r;
  }

  /** Per device memory (MiB) → what the queue counts for the task on a node with it (`quotaOn`). */
  private quotaOnDevice: Map<number, Resources> | null = null;

  /**
   * What the task counts to its queue once placed on `node`: a GPU-memory request's portion rounded up to the
   * hundredth (`gpuQuotaOnNode`, KAI gpu_sharing_node_info.go:355-358 via setAcceptedResources and
   * GetRequiredInitQuota, node_info.go:722-745 @d5bc503): the queue's allocation, the allocate and deallocate
   * handlers, victims' freed share and the per-node capacity check. The node's own accounting and device
   * picking keep `reqOn` (upstream fits shared devices by MiB). Every other request is `reqOn(node)`.
   */
  quotaOn(node: NodeInfo): Resources {
    const device = deviceMemoryMiB(node.spec);
    if (this.spec.gpuMemoryMiB === undefined || device === undefined) return this.reqOn(node);
    this.quotaOnDevice ??= new Map();
    let r = this.quotaOnDevice.get(device);
    if (r === undefined) {
      const gpu = gpuQuotaOnNode(this.spec, node.spec);
      const exact = this.reqOn(node);
      // The same object as `reqOn` when rounding changes nothing, so callers comparing amounts see no move.
      r = gpu === exact.gpu ? exact : { ...this.spec.resources, gpu };
      this.quotaOnDevice.set(device, r);
    }
    return r;
  }

  /** What the task counts to its queue where it is now (`quotaOn` its node), or `req` when it is on none. */
  get heldQuota(): Resources {
    return this.node === null ? this.req : this.quotaOn(this.node);
  }

  /**
   * False when `node`'s devices are smaller than the per-device memory asked: KAI's portion `m / D_node` is
   * then above 1 and not whole (node_info.go:655-658 isValidGpuPortion, :359 @d5bc503), so no device takes it.
   */
  fitsDevicesOf(node: NodeInfo): boolean {
    const mib = this.spec.gpuMemoryMiB;
    const device = deviceMemoryMiB(node.spec);
    return mib === undefined || device === undefined || mib <= device;
  }

  /** What the task holds where it is now (`reqOn` its node), or `req` when it is on none. */
  get held(): Resources {
    return this.node === null ? this.req : this.reqOn(this.node);
  }
}

export class JobInfo {
  readonly name: string;
  readonly spec: JobSpec;
  readonly queue: QueueInfo;
  readonly tasks: TaskInfo[] = [];
  /** Last fresh start (KAI last-start-timestamp); null = never started. */
  startedAtMs: number | null;
  /** KAI stale-podgroup-timestamp: since when the job has run below minAvailable. */
  staleSinceMs: number | null = null;
  /** KAI last-eviction-timestamp (`framework/statement.go` commitEvict, #1886); null = never evicted. */
  lastEvictedAtMs: number | null = null;
  /** Bumped whenever a task of the job changes status (lets plugins cache per-job figures). */
  version = 0;
  readonly counts: Record<SessionTaskStatus, number> = {
    Pending: 0,
    Allocated: 0,
    Pipelined: 0,
    Running: 0,
    Releasing: 0,
    Succeeded: 0,
  };

  constructor(spec: JobSpec, queue: QueueInfo, startedAtMs: number | null) {
    this.name = spec.name;
    this.spec = spec;
    this.queue = queue;
    this.startedAtMs = startedAtMs;
  }

  get priority(): number {
    return this.spec.priority;
  }

  get minAvailable(): number {
    return Math.max(this.spec.minAvailable, 1);
  }

  get preemptible(): boolean {
    return this.spec.preemptible;
  }

  /** KAI: elastic iff fewer minAvailable than pods (pods of any status). */
  get isElastic(): boolean {
    // KAI job_info.go:486: with subgroups, elastic iff some pod set has fewer minMember than pods.
    const tree = this.subGroupTree;
    if (tree !== null) return podSetsOf(tree).some((ps) => ps.minMember < ps.tasks.length);
    return this.spec.minAvailable < this.tasks.length;
  }

  /** Tasks holding resources now: Allocated and Running (KAI "active allocated"). */
  get activeAllocated(): number {
    return this.counts.Allocated + this.counts.Running;
  }

  /**
   * A running job: some task was already bound when the session opened (in a session, `Running` only
   * comes from the snapshot). Only running jobs are victims of reclaim, preempt and consolidation (KAI's
   * victims are running jobs' active tasks); a job that allocate placed in this session has not started
   * yet, and evicting or moving it would undo a bind that never happened (issue 8: consolidation moved
   * such gangs every session, so they never ran while their start time kept advancing). A running job
   * that allocate grew in this session is left alone for the rest of it too: its new tasks have never run,
   * and taking the job (or moving it whole) would take them with it (found by the property tests).
   */
  get isRunningJob(): boolean {
    return this.counts.Running > 0 && this.counts.Allocated === 0;
  }

  /** Active-used: allocated, pipelined or still releasing (minruntime's elastic count). */
  get activeUsed(): number {
    return this.counts.Allocated + this.counts.Running + this.counts.Pipelined + this.counts.Releasing;
  }

  /**
   * KAI `PodGroupInfo.IsReadyForScheduling`: its alive tasks (Pending, Allocated, Pipelined, Running; not
   * Releasing or Succeeded) reach minAvailable. Allocate, preempt and reclaim order only such jobs
   * (`JobsOrderInitOptions{FilterUnready: true}` in each action's Execute), so a gang that an earlier action
   * of the session evicted below its minimum is not topped up one task at a time (found by npm run fuzz,
   * issue 18).
   */
  get isReadyForScheduling(): boolean {
    // KAI job_info.go:479 asks the subgroup tree (subgroupset.go:104, podset.go:94): alive tasks per pod set.
    const tree = this.subGroupTree;
    if (tree !== null) return isSatisfied(tree, aliveCount);
    const c = this.counts;
    return c.Pending + c.Allocated + c.Pipelined + c.Running >= this.minAvailable;
  }

  /** Tasks placed or promised: what gang satisfaction counts. */
  get placed(): number {
    return this.counts.Allocated + this.counts.Running + this.counts.Pipelined;
  }

  private tree: SubGroupSetNode | null | undefined;

  /**
   * The job's subgroup tree (§22), or null when the spec has none. Built on first use, once openSession has
   * given the job all its tasks (a job's task list does not change within a session).
   */
  get subGroupTree(): SubGroupSetNode | null {
    if (this.tree === undefined) this.tree = buildSubGroupTree(this.spec, this.tasks);
    return this.tree;
  }

  get pendingTasks(): TaskInfo[] {
    return this.tasks.filter((t) => t.status === 'Pending');
  }
}

/** KAI aliveStatuses (pod_status.go:72): Pending, Allocated, Pipelined, Running (Gated is not modelled). */
function aliveCount(ps: { tasks: readonly TaskInfo[] }): number {
  let n = 0;
  for (const t of ps.tasks) if (t.status !== 'Releasing' && t.status !== 'Succeeded') n++;
  return n;
}
