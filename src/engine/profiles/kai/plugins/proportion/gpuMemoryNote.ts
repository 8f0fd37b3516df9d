/**
 * Trace text for GPU-memory requests (§23.3): the queue capacity check counts `m` MiB as `m / D` GPU
 * (KAI plugins/proportion/capacity_policy/capacity_policy.go:71-87 @d5bc503, #1668/#1792), so a refusal
 * says how the memory was counted: "20480 MiB = 0.5 GPU of 40960 MiB devices", and for a request on several
 * devices (count × m / D, KAI resource_info/gpu_resource_requirment.go:231-236 @d5bc503)
 * "2 × 20480 MiB = 0.5 GPU of 81920 MiB devices".
 */
import type { TaskInfo } from '../../framework/JobInfo';

/** How one task's GPU-memory request counts as GPU, or null for a task that asks for GPUs. */
export function describeGpuMemory(task: TaskInfo): string | null {
  const mib = task.spec.gpuMemoryMiB;
  const gpu = task.req.gpu;
  if (mib === undefined || gpu <= 0) return null;
  const count = task.gpuDevices;
  const device = Math.round((count * mib) / gpu);
  const asked = count > 1 ? `${count} × ${mib} MiB` : `${mib} MiB`;
  return `${asked} = ${Math.round(gpu * 1000) / 1000} GPU of ${device} MiB devices`;
}

/** " (GPU memory: …)" for the distinct conversions among `tasks`; empty when none asks for GPU memory. */
export function gpuMemoryNote(tasks: readonly TaskInfo[]): string {
  // Asked on every capacity check, victim simulations included: no allocation when nothing asks for memory.
  if (!tasks.some((t) => t.spec.gpuMemoryMiB !== undefined)) return '';
  const seen = new Set<string>();
  for (const t of tasks) {
    const text = describeGpuMemory(t);
    if (text !== null) seen.add(text);
  }
  return seen.size === 0 ? '' : ` GPU memory counted as GPU: ${[...seen].join('; ')}.`;
}
