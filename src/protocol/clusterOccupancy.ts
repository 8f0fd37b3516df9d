/**
 * The cluster map's per-session occupancy as compact typed arrays (issue 22, decision 0300), built by the
 * worker from the engine's snapshot and transferred (not copied) with the snapshot reply. The map reads
 * which tasks hold which device from it instead of walking every task of the session on the main thread.
 *
 * Indices: nodes as in `SessionView.nodes`, tasks as in `SessionView.tasks`, jobs as in `SessionView.jobs`.
 * Devices are numbered node by node: node `n`'s devices are `deviceStart[n]` … `deviceStart[n + 1] - 1`.
 * A device's segments (one per task on it, in task order) are `segmentStart[d]` … `segmentStart[d + 1] - 1`.
 */

/** What a task does on a device (the map's segment state); idle devices have no segment. */
export const SEGMENT_RUNNING = 1;
export const SEGMENT_PIPELINED = 2;
export const SEGMENT_RELEASING = 3;
/** The codes above as a type, so a reader that may import types only (the map) maps each of them. */
export type SegmentCode = typeof SEGMENT_RUNNING | typeof SEGMENT_PIPELINED | typeof SEGMENT_RELEASING;

export interface ClusterOccupancy {
  /** Per node, its first device; length nodes + 1. */
  deviceStart: Int32Array;
  /** Per device, its first segment; length devices + 1. */
  segmentStart: Int32Array;
  /** Per segment: the task (index into `SessionView.tasks`). */
  segmentTask: Int32Array;
  /** Per segment: the task's job (index into `SessionView.jobs`), -1 when the snapshot has no such job. */
  segmentJob: Int32Array;
  /** Per segment: a {@link SegmentCode}. */
  segmentState: Uint8Array;
  /** Per segment: the share of the device the task holds, as the engine recorded it. */
  segmentShare: Float64Array;
  /** Per node: Running, Pipelined or Releasing tasks on it that use no GPU (drawn in the bars only). */
  gpulessTasks: Int32Array;
}

/** The buffers to transfer with a message that carries `o` (they are detached on the sending side). */
export function occupancyBuffers(o: ClusterOccupancy): ArrayBuffer[] {
  return [
    o.deviceStart,
    o.segmentStart,
    o.segmentTask,
    o.segmentJob,
    o.segmentState,
    o.segmentShare,
    o.gpulessTasks,
  ].map((a) => a.buffer as ArrayBuffer);
}
