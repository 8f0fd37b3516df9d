/**
 * How many GPU devices a task's request is spread over. A GPU-memory request on several devices (KAI
 * `gpu-fraction-num-devices` with `gpu-memory`, #1370) holds `count` devices with `resources.gpu / count`
 * each (KAI pkg/scheduler/gpu_sharing/gpuSharing.go:46-63 @d5bc503 takes `GetNumOfGpuDevices()` GPU groups);
 * every other request is one fraction of one device or whole devices, which `count = 1` leaves as before.
 */
import type { TaskSpec } from './scenario';

/** One GPU device a task holds: its index on the node and the share of it (1 = the whole device). */
export interface GpuSlot {
  index: number;
  share: number;
}

export function gpuDeviceCount(spec: Pick<TaskSpec, 'gpuMemoryDevices'>): number {
  return spec.gpuMemoryDevices ?? 1;
}
