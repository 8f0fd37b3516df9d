/**
 * KAI GPU-memory objects (§23.3): the pod annotation `gpu-memory` (MiB on one device; KAI
 * pkg/common/constants/constants.go:58 @d5bc503) and the node label `nvidia.com/gpu.memory` (MiB per
 * device, KAI pkg/scheduler/api/node_info/node_info.go:50 @d5bc503), so an imported cluster keeps them.
 */
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';
import { moduleOf, type Profile } from '../../registry';

export const GPU_MEMORY_ANNOTATION = 'gpu-memory';
export const GPU_MEMORY_LABEL = 'nvidia.com/gpu.memory';
/** KAI pkg/common/constants/constants.go:60 @d5bc503: the number of devices a fractional request is made on. */
export const GPU_DEVICES_ANNOTATION = 'gpu-fraction-num-devices';

const wholeMiB = (v: unknown): number | null =>
  typeof v === 'string' && /^[1-9]\d{0,6}$/.test(v) ? Number(v) : null;

/** Moves a pod's `gpu-memory` annotation into the task's resources; a bad value is explained. */
export function mapPodGpuMemory(t: FieldTracker, resources: Record<string, number>): void {
  const annotations = t.peek('metadata.annotations');
  const raw = isData(annotations) ? annotations[GPU_MEMORY_ANNOTATION] : undefined;
  if (raw === undefined) return;
  const mib = wholeMiB(raw);
  if (mib === null) {
    t.explain(`metadata.annotations.${GPU_MEMORY_ANNOTATION}`, 'GPU memory is a whole number of MiB');
    return;
  }
  resources.gpuMemory = mib;
  t.use(['metadata', 'annotations', GPU_MEMORY_ANNOTATION]);
  // The device count with a memory request (#1370); with a gpu-fraction it stays unmapped (not modelled).
  const count = isData(annotations) ? annotations[GPU_DEVICES_ANNOTATION] : undefined;
  if (count === undefined) return;
  if (typeof count !== 'string' || !/^[1-9]\d{0,2}$/.test(count)) {
    t.explain(`metadata.annotations.${GPU_DEVICES_ANNOTATION}`, 'the device count is a whole number from 1');
    return;
  }
  resources.gpuMemoryDevices = Number(count);
  t.use(['metadata', 'annotations', GPU_DEVICES_ANNOTATION]);
}

/** KAI api/node_info/node_info.go:54 @d5bc503 `TibInMib`: a label of this many or more is bytes, not MiB. */
const TIB_IN_MIB = 1024 * 1024;

/**
 * The node label as KAI reads it (`getNodeGpuMemory`, node_info.go:661-673 @d5bc503): a whole number of MiB,
 * or, from 1 TiB-in-MiB up, a byte count (a GPU feature discovery bug, NVIDIA/gpu-feature-discovery#26)
 * converted to whole MiB (`convertBytesToMib`, :680-682; node_info_test.go:930-935 reads 4295000001 as
 * 4096 MiB, then 4000). The floor to whole hundreds is the engine's (`deviceMemoryMiB`), so a MiB label keeps
 * its written value. Null for anything but a whole number (one too large for a device is the field's range error).
 */
function labelMiB(v: unknown): number | null {
  if (typeof v !== 'string' || !/^[1-9]\d{0,15}$/.test(v)) return null;
  const n = Number(v);
  return n < TIB_IN_MIB ? n : Math.floor(n / TIB_IN_MIB);
}

/**
 * For a profile that reads `gpuMemory` only (KAI's field): a GPU node's `nvidia.com/gpu.memory` label becomes its
 * `gpuMemory`; the label moves into the field (export writes it back from there), so the round trip is
 * exact for a label in MiB (a label in bytes comes back in MiB). A node selector naming that label no longer
 * matches it (§23.3).
 */
export function applyNodeGpuMemoryLabels(nodes: Data[], profile: Profile): void {
  if (!moduleOf(profile).format.accepts('gpuMemory', null)) return;
  for (const node of nodes) {
    const labels = node.labels;
    const resources = node.resources;
    if (!isData(labels) || !isData(resources)) continue;
    const mib = labelMiB(labels[GPU_MEMORY_LABEL]);
    if (mib === null || typeof resources.gpu !== 'number' || resources.gpu < 1) continue;
    resources.gpuMemory = mib;
    const rest: Data = { ...labels };
    delete rest[GPU_MEMORY_LABEL];
    node.labels = rest;
  }
}
