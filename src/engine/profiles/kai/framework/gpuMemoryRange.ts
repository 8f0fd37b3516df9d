/**
 * The session's smallest and largest GPU device memory (KAI `MinNodeGPUMemoryMiB` / `MaxNodeGPUMemoryMiB`,
 * pkg/scheduler/cache/cluster_info/cluster_info.go:290-297 @d5bc503), taken over the session's nodes, so a
 * node pool (shard) sees its own nodes' range, as upstream's shard snapshot does. Upstream leaves out devices of
 * 100 MiB or less (`DefaultGpuMemory`, cluster_info.go:291); the lab refuses such a node when device memories
 * are mixed (decision 0328), and with one device memory the range is that memory, as before (decision 0209).
 */
import { deviceMemoryMiB } from '../../../model/gpuDevices';
import type { NodeSpec } from '../../../model/scenario';

export interface GpuMemoryRange {
  minMiB: number;
  maxMiB: number;
  /** More than one device memory among the session's nodes. */
  mixed: boolean;
}

/** Null when no node of the session states a device memory. */
export function gpuMemoryRange(nodes: readonly { spec: NodeSpec }[]): GpuMemoryRange | null {
  let min = Infinity;
  let max = -Infinity;
  for (const n of nodes) {
    // Floored, as every figure of the node is (cluster_info.go:290-297 reads its MemoryOfEveryGpuOnNode).
    const mib = deviceMemoryMiB(n.spec);
    if (mib === undefined) continue;
    min = Math.min(min, mib);
    max = Math.max(max, mib);
  }
  return min === Infinity ? null : { minMiB: min, maxMiB: max, mixed: min !== max };
}
