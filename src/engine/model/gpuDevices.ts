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
  const device = node?.gpuMemoryMiB;
  if (mib === undefined || device === undefined) return spec.resources.gpu;
  return (gpuDeviceCount(spec) * mib) / device;
}

/** A task's resources on a node: `resources` with `gpu` as `gpuOnNode` counts it there. */
export function resourcesOnNode(
  spec: Pick<TaskSpec, 'gpuMemoryMiB' | 'gpuMemoryDevices' | 'resources'>,
  node: Pick<NodeSpec, 'gpuMemoryMiB'> | undefined,
): Resources {
  const gpu = gpuOnNode(spec, node);
  return gpu === spec.resources.gpu ? spec.resources : { ...spec.resources, gpu };
}
