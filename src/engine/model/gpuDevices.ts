/**
 * How many GPU devices a task's request is spread over. A GPU-memory request on several devices (KAI
 * `gpu-fraction-num-devices` with `gpu-memory`, #1370) holds `count` devices with `resources.gpu / count`
 * each (KAI pkg/scheduler/gpu_sharing/gpuSharing.go:46-63 @d5bc503 takes `GetNumOfGpuDevices()` GPU groups);
 * every other request is one fraction of one device or whole devices, which `count = 1` leaves as before.
 */
import type { Resources } from './resources';
import type { NodeSpec, TaskSpec } from './scenario';

/** One GPU device a task holds: its index on the node and the share of it (1 = the whole device). */
export interface GpuSlot {
  index: number;
  share: number;
}

export function gpuDeviceCount(spec: Pick<TaskSpec, 'gpuMemoryDevices'>): number {
  return spec.gpuMemoryDevices ?? 1;
}

/**
 * A node's device memory as KAI computes with it: its `nvidia.com/gpu.memory` label floored to whole hundreds of
 * MiB (`getNodeGpuMemory`, pkg/scheduler/api/node_info/node_info.go:673 @d5bc503: "so there will not be 2 jobs
 * that get same bytes"; node_info_test.go:922-928 reads 4096 as 4000). A 40960 MiB device is a 40900 MiB one,
 * so two 20480 MiB requests no longer share it. `gpuMemoryMiB` keeps the label as written (the scenario's text,
 * its export); every figure the engine derives from it reads this. Undefined when the node states none.
 */
export function deviceMemoryMiB(node: Pick<NodeSpec, 'gpuMemoryMiB'> | undefined): number | undefined {
  const label = node?.gpuMemoryMiB;
  return label === undefined ? undefined : label - (label % 100);
}

/** " (its 4096 MiB label floored to whole hundreds, as KAI does)" where the floor changed the figure, else ''. */
export function flooredNote(node: Pick<NodeSpec, 'gpuMemoryMiB'> | undefined): string {
  const device = deviceMemoryMiB(node);
  return device === undefined || device === node?.gpuMemoryMiB
    ? ''
    : ` (its ${node?.gpuMemoryMiB} MiB label floored to whole hundreds, as KAI does)`;
}

/**
 * The GPU a task counts once it is on a node. A GPU-memory request of `m` MiB on `count` devices counts
 * `count × m / D` with the node's own device memory D (KAI pkg/scheduler/api/node_info/node_info.go:727
 * `GetRequiredInitQuota`, :648-653 `getResourceGpuPortion` @d5bc503), so on a cluster with mixed device
 * memories the same request is a different fraction on each node (decision 0328). Any other request, or a node
 * that states no device memory (one with unconstrained GPUs), keeps `resources.gpu`.
 */
export function gpuOnNode(
  spec: Pick<TaskSpec, 'gpuMemoryMiB' | 'gpuMemoryDevices' | 'resources'>,
  node: Pick<NodeSpec, 'gpuMemoryMiB'> | undefined,
): number {
  const mib = spec.gpuMemoryMiB;
  const device = deviceMemoryMiB(node);
  if (mib === undefined || device === undefined) return spec.resources.gpu;
  return (gpuDeviceCount(spec) * mib) / device;
}

/**
 * The GPU a placed task counts to its queue. A GPU-memory request's portion of one device is rounded up to the
 * hundredth (KAI api/node_info/gpu_sharing_node_info.go:355-358 `getGpuMemoryFractionalOnNode`
 * `ceil(m / D × 100) / 100`, read by `getResourceGpuPortion`, node_info.go:648-653 @d5bc503), and the queue
 * counts `count` such portions: the task's accepted GPU (`setAcceptedResources`, node_info.go:742-744, 755,
 * with `GPUs()`' fixed-point product, resource_info/gpu_resource_requirment.go:224-226, 266-270) that
 * proportion adds to and takes from the queue (proportion.go:235, 367, 459, 483), and the per-node capacity
 * check's `GetRequiredInitQuota` (node_info.go:722-730). 350 MiB of a 600 MiB device counts 0.59 GPU.
 * The node itself keeps the exact share (`gpuOnNode`): upstream fits a shared device by its MiB
 * (UsedSharedGPUsMemory, gpu_sharing_node_info.go:100), so three 200 MiB tasks fill a 600 MiB device.
 */
export function gpuQuotaOnNode(
  spec: Pick<TaskSpec, 'gpuMemoryMiB' | 'gpuMemoryDevices' | 'resources'>,
  node: Pick<NodeSpec, 'gpuMemoryMiB'> | undefined,
): number {
  const mib = spec.gpuMemoryMiB;
  const device = deviceMemoryMiB(node);
  if (mib === undefined || device === undefined) return spec.resources.gpu;
  const portion = Math.ceil((mib / device) * 100) / 100;
  return (Math.round(portion * 100) * gpuDeviceCount(spec)) / 100;
}

/** A task's resources on a node: `resources` with `gpu` as `gpuOnNode` counts it there. */
export function resourcesOnNode(
  spec: Pick<TaskSpec, 'gpuMemoryMiB' | 'gpuMemoryDevices' | 'resources'>,
  node: Pick<NodeSpec, 'gpuMemoryMiB'> | undefined,
): Resources {
  const gpu = gpuOnNode(spec, node);
  return gpu === spec.resources.gpu ? spec.resources : { ...spec.resources, gpu };
}
