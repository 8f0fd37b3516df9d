/**
 * GPU-memory requests and device memory (§23.3, addition): KAI's `gpu-memory` pod annotation (a request in
 * MiB on one device, instead of a GPU count) and a node's per-device memory (KAI node_info
 * `MemoryOfEveryGpuOnNode`). Only the `kai` profile has them; another profile refuses the field rather than
 * ignore it.
 *
 * Upstream converts a request of `m` MiB on `count` devices to `count × m / D` GPU, with three divisors D
 * (KAI pkg/scheduler/api/resource_info/gpu_resource_requirment.go:230 @d5bc503 `GpuMemoryAsGpuFraction`):
 * the smallest device memory of the cluster for queue order, reclaimer shares and pending usage
 * (plugins/proportion/proportion.go:103,374 @d5bc503, #1792), the largest for the queue capacity check
 * (plugins/proportion/capacity_policy/capacity_policy.go:71-87 @d5bc503, #1792) and the node's own for
 * placement (api/node_info/node_info.go:727 @d5bc503, #1370). Every GPU node declares its `gpuMemory`; with
 * one device memory the three divisors are equal (decision 0209), with mixed ones the engine uses each where
 * upstream does (decision 0328). A request on several devices
 * (`gpuMemoryDevices`, KAI `gpu-fraction-num-devices`) counts `count × m / D` and holds `count` devices
 * with `m / D` each (decision 0257).
 */
import { deviceMemoryMiB, flooredNote } from '../model/gpuDevices';
import type { NodeSpec, Scenario, TaskSpec } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';
import { accepts } from '../registry';

interface GpuMemoryRequests {
  gpu?: number | undefined;
  gpuMemory?: number | undefined;
  gpuMemoryDevices?: number | undefined;
}

function refuseOutsideKai(field: FieldPath, ctx: NormaliseContext): boolean {
  if (accepts(ctx.profile, 'gpuMemory')) return false;
  ctx.sink.report(
    'invalid-value',
    field,
    `gpuMemory is KAI's GPU-memory request (gpu-memory annotation); profile ${ctx.profile} has no such resource`,
    'Remove the field, or use profile kai.',
  );
  return true;
}

/**
 * Sets `task.gpuMemoryMiB` from the task's own request, else the job's when the task does not write its own
 * `gpu` (either of the task's own replaces the job's GPU request). A GPU count and a GPU-memory request in the
 * same resources exclude each other, as KAI's annotations do.
 */
export function applyTaskGpuMemory(
  task: TaskSpec,
  own: GpuMemoryRequests,
  job: GpuMemoryRequests,
  ownPath: FieldPath,
  jobPath: FieldPath,
  ctx: NormaliseContext,
): void {
  const fromOwn = own.gpuMemory !== undefined;
  const mib = own.gpuMemory ?? (own.gpu === undefined ? job.gpuMemory : undefined);
  if (refuseLoneDevices(own, ownPath, ctx)) return;
  // The job's resources are read once per task: report a fault there once (first task), skip it for all.
  if (
    job.gpuMemoryDevices !== undefined &&
    (!accepts(ctx.profile, 'gpuMemory') || job.gpuMemory === undefined)
  ) {
    if (task.index === 0) refuseLoneDevices(job, jobPath, ctx);
    return;
  }
  if (mib === undefined) return;
  const where = fromOwn ? ownPath : jobPath;
  if (refuseOutsideKai([...where, 'gpuMemory'], ctx)) return;
  // The task's own request replaces the job's, as for every other resource: its gpuMemory overrides a job `gpu`.
  if (fromOwn && own.gpu === undefined) task.resources.gpu = 0;
  if (task.resources.gpu > 0) {
    ctx.sink.report(
      'invalid-value',
      [...where, 'gpuMemory'],
      `task ${JSON.stringify(task.name)} asks for both gpu (${task.resources.gpu}) and gpuMemory (${mib} MiB); a request is one or the other`,
      'Keep gpu for whole GPUs or a fraction, or gpuMemory for MiB of one device.',
    );
    return;
  }
  task.gpuMemoryMiB = mib;
  // The device count goes with the memory it multiplies: the task's own resources, else the job's.
  const devices = fromOwn ? own.gpuMemoryDevices : job.gpuMemoryDevices;
  if (devices !== undefined && devices > 1) task.gpuMemoryDevices = devices;
}

/** `gpuMemoryDevices` says on how many devices `gpuMemory` is asked; without it in the same resources it means nothing. */
function refuseLoneDevices(r: GpuMemoryRequests, path: FieldPath, ctx: NormaliseContext): boolean {
  if (r.gpuMemoryDevices === undefined) return false;
  const field = [...path, 'gpuMemoryDevices'];
  if (refuseOutsideKai(field, ctx)) return true;
  if (r.gpuMemory !== undefined) return false;
  ctx.sink.report(
    'invalid-value',
    field,
    'gpuMemoryDevices is the number of devices a gpuMemory request is made on; these resources have no gpuMemory',
    'Add gpuMemory (MiB per device) next to it, or remove it.',
  );
  return true;
}

/** Sets `node.gpuMemoryMiB` for every node of an entry; the node must have a finite number of GPUs. */
export function applyNodeGpuMemory(
  nodes: NodeSpec[],
  mib: number | undefined,
  path: FieldPath,
  ctx: NormaliseContext,
): void {
  if (mib === undefined) return;
  const field = [...path, 'resources', 'gpuMemory'];
  if (refuseOutsideKai(field, ctx)) return;
  const gpu = nodes[0]?.resources.gpu ?? 0;
  if (!Number.isFinite(gpu) || gpu < 1) {
    ctx.sink.report(
      'invalid-value',
      field,
      'gpuMemory is the memory of each GPU device; the node must also state gpu (1 or more)',
    );
    return;
  }
  for (const node of nodes) node.gpuMemoryMiB = mib;
}

/** KAI leaves devices of this much memory or less out of the cluster's min and max (cluster_info.go:291). */
const DEFAULT_GPU_MEMORY_MIB = 100;

/**
 * The cross-check: every GPU node states its device memory, every GPU-memory request fits the largest, and each
 * such task's `resources.gpu` is set to `count × m / D_min`, what it counts before placement (the session
 * recomputes it over its own nodes; placed, it counts its node's `m / D_node`, decision 0328). Nodes added by
 * events count too.
 */
export function resolveGpuMemory(scenario: Scenario, ctx: NormaliseContext): void {
  const submitted = scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []));
  const tasks = [...scenario.jobs, ...submitted].flatMap((j) => j.tasks.filter((t) => t.gpuMemoryMiB));
  if (tasks.length === 0) return;
  const added = scenario.events.flatMap((e) => (e.kind === 'addNode' ? [e.node] : []));
  // A node that omits `gpu` (unconstrained, §3) has no devices to describe; it takes the fraction as it is.
  const gpuNodes = [...scenario.nodes, ...added].filter(
    (n) => Number.isFinite(n.resources.gpu) && n.resources.gpu > 0,
  );
  // Keyed by the memory KAI computes with, the label floored to whole hundreds (`deviceMemoryMiB`).
  const memories = new Map<number, NodeSpec>();
  for (const node of gpuNodes) {
    const mib = deviceMemoryMiB(node);
    if (mib === undefined) {
      ctx.sink.report(
        'invalid-value',
        [...ctx.origins.of(node), 'resources'],
        `node ${JSON.stringify(node.name)} has GPUs but no gpuMemory, and a task requests GPU memory`,
        'Give every GPU node its per-device gpuMemory (MiB).',
      );
      return;
    }
    if (mib === 0) {
      // Floored to 0 MiB (node_info.go:673 @d5bc503), every portion m / D upstream divides by zero.
      ctx.sink.report(
        'out-of-range',
        [...ctx.origins.of(node), 'resources', 'gpuMemory'],
        `node ${JSON.stringify(node.name)} has ${node.gpuMemoryMiB} MiB devices, which KAI floors to whole hundreds of MiB: 0, so no GPU-memory request can be counted on them`,
        'Give GPU nodes 100 MiB of device memory or more.',
      );
      return;
    }
    if (!memories.has(mib)) memories.set(mib, node);
  }
  if (memories.size === 0) {
    ctx.sink.report(
      'invalid-value',
      [...ctx.origins.of(tasks[0] as TaskSpec), 'resources', 'gpuMemory'],
      'a task requests GPU memory but no node has GPUs with gpuMemory',
    );
    return;
  }
  const sizes = [...memories.keys()].sort((a, b) => a - b);
  const minMiB = sizes[0] as number;
  const maxMiB = sizes[sizes.length - 1] as number;
  if (sizes.length > 1 && minMiB <= DEFAULT_GPU_MEMORY_MIB) {
    // Upstream leaves such devices out of MinNodeGPUMemoryMiB/MaxNodeGPUMemoryMiB (cluster_info.go:291
    // @d5bc503); with one device memory the lab keeps counting on it (decision 0209), mixed it refuses it.
    const node = memories.get(minMiB) as NodeSpec;
    ctx.sink.report(
      'out-of-range',
      [...ctx.origins.of(node), 'resources', 'gpuMemory'],
      `node ${JSON.stringify(node.name)} has ${minMiB} MiB devices${flooredNote(node)}; with mixed device memories each must be above ${DEFAULT_GPU_MEMORY_MIB} MiB (KAI leaves smaller ones out of the cluster's smallest and largest)`,
    );
    return;
  }
  for (const task of tasks) {
    const mib = task.gpuMemoryMiB as number;
    const where = [...ctx.origins.of(task), 'resources', 'gpuMemory'];
    if (mib > maxMiB) {
      // KAI finds no device with that much memory (node_info.go IsTaskAllocatable); the lab says so early.
      ctx.sink.report(
        'out-of-range',
        where,
        `task ${JSON.stringify(task.name)} requests ${mib} MiB of GPU memory but ${sizes.length > 1 ? 'the largest ' : ''}devices have ${maxMiB} MiB${flooredNote(memories.get(maxMiB))}`,
      );
      continue;
    }
    // m a whole multiple k ≥ 2 of a smaller device memory D. KAI @d5bc503 accepts it there and over-commits
    // one device (decision 0346): isValidGpuPortion passes an integral portion (api/node_info/node_info.go
    // :655-658), one idle device per requested device is enough (isTaskAllocatableOnNonAllocatedResources,
    // :348-370), the task is placed as a shared-GPU task on one device group per device
    // (actions/common/allocate.go:197-198, gpu_sharing/gpuSharing.go:46-63), that device records all m MiB
    // and the node loses one whole GPU (api/node_info/gpu_sharing_node_info.go:100,126-133), while the queue
    // counts k GPU (GetRequiredInitQuota, node_info.go:722-730). The lab's placement takes `m / D` devices
    // for both, so it refuses the request rather than place it differently.
    const multiple = sizes.find((d) => mib > d && mib % d === 0);
    if (multiple !== undefined) {
      ctx.sink.report(
        'invalid-value',
        where,
        `task ${JSON.stringify(task.name)} requests ${mib} MiB, exactly ${mib / multiple} devices of ${multiple} MiB on node ${JSON.stringify((memories.get(multiple) as NodeSpec).name)}; KAI would place it on one device there (over-committing its memory) and count ${mib / multiple} GPU to the queue, which the lab does not model`,
        'Ask for a GPU memory that is not a whole multiple of a smaller device memory.',
      );
      continue;
    }
    // count × m / D (KAI gpu_resource_requirment.go:231-236 @d5bc503) at the smallest device memory
    // (allocation_info.go:180-181, proportion.go:374 @d5bc503); with one device memory, the same for all
    // three upstream divisors. Placement spreads it over `count` devices of its node (NodeInfo.pickGpus).
    task.resources.gpu = ((task.gpuMemoryDevices ?? 1) * mib) / minMiB;
  }
}
