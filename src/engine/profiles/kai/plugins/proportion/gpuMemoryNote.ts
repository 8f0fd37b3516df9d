/**
 * Trace text for GPU-memory requests (§23.3): the queue capacity check counts `m` MiB as `m / D` GPU
 * (KAI plugins/proportion/capacity_policy/capacity_policy.go:71-87 @d5bc503, #1668/#1792), so a refusal
 * says how the memory was counted: "20000 MiB = 0.5 GPU of 40000 MiB devices", and for a request on several
 * devices (count × m / D, KAI resource_info/gpu_resource_requirment.go:231-236 @d5bc503)
 * "2 × 20000 MiB = 0.5 GPU of 80000 MiB devices". With mixed device memories (decision 0328) it also says
 * which D: the job-level check's "…of 80000 MiB devices (the largest in the cluster)", and the per-node
 * check's "…of 40000 MiB devices on node n3". D is the floored device memory (`deviceMemoryMiB`): a node
 * labelled 40970 MiB reads "…of 40900 MiB devices on node n3 (its 40970 MiB label floored …)".
 */
import { deviceMemoryMiB, flooredNote } from '../../../../model/gpuDevices';
import type { TaskInfo } from '../../framework/JobInfo';
import type { GpuMemoryRange } from '../../framework/gpuMemoryRange';
import type { NodeInfo } from '../../framework/NodeInfo';

/** How one task's GPU-memory request counts as `gpu` GPU, or null for a task that asks for GPUs. */
export function describeGpuMemory(task: TaskInfo, gpu = task.req.gpu, deviceMiB?: number): string | null {
  const mib = task.spec.gpuMemoryMiB;
  if (mib === undefined || gpu <= 0) return null;
  const count = task.gpuDevices;
  // A rounded portion (the per-node check, `quotaOn`) no longer gives back D, so the caller passes it.
  const device = deviceMiB ?? Math.round((count * mib) / gpu);
  const asked = count > 1 ? `${count} × ${mib} MiB` : `${mib} MiB`;
  return `${asked} = ${Math.round(gpu * 1000) / 1000} GPU of ${device} MiB devices`;
}

/**
 * " (GPU memory: …)" for the distinct conversions among `tasks` in the job-level check (at the largest device
 * memory); empty when none asks for GPU memory.
 */
export function gpuMemoryNote(tasks: readonly TaskInfo[], range: GpuMemoryRange | null = null): string {
  // Asked on every capacity check, victim simulations included: no allocation when nothing asks for memory.
  if (!tasks.some((t) => t.spec.gpuMemoryMiB !== undefined)) return '';
  const which = range?.mixed === true ? ' (the largest in the cluster)' : '';
  const seen = new Set<string>();
  for (const t of tasks) {
    const text = describeGpuMemory(t, t.capacityReq.gpu);
    if (text !== null) seen.add(text + which);
  }
  return seen.size === 0 ? '' : ` GPU memory counted as GPU: ${[...seen].join('; ')}.`;
}

/** The per-node check's note: the task's request as the fraction it is of `node`'s devices. */
export function gpuMemoryNodeNote(task: TaskInfo, node: NodeInfo): string {
  const text = describeGpuMemory(task, task.quotaOn(node).gpu, deviceMemoryMiB(node.spec));
  // A label that is not whole hundreds says where the figure came from (node_info.go:673 @d5bc503).
  return text === null
    ? ''
    : ` GPU memory counted as GPU: ${text} on node ${node.name}${flooredNote(node.spec)}.`;
}
