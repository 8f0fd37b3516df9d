/**
 * Builds the cluster map's occupancy arrays (protocol/clusterOccupancy.ts, decision 0300) from one session's
 * snapshot, in the worker: the engine stays pure, the page gets one set of typed arrays per session instead
 * of grouping tens of thousands of tasks by node and device itself.
 *
 * The same tasks count as in `layoutClusterMap` without occupancy: Running, Pipelined and Releasing tasks that
 * have a node; a task with no GPU device counts for its node's bars only. Segments keep task order (the
 * layout orders stacked shares itself, so the stacking rule is written once).
 */
import type { SessionSnapshot } from '../engine/model/snapshot';
import {
  SEGMENT_PIPELINED,
  SEGMENT_RELEASING,
  SEGMENT_RUNNING,
  type ClusterOccupancy,
} from '../protocol/clusterOccupancy';

export function clusterOccupancyOf(
  snapshot: Pick<SessionSnapshot, 'nodes' | 'tasks' | 'jobs'>,
): ClusterOccupancy {
  const { nodes, tasks, jobs } = snapshot;
  const nodeIndex = new Map<string, number>();
  const deviceStart = new Int32Array(nodes.length + 1);
  for (let n = 0; n < nodes.length; n++) {
    nodeIndex.set(nodes[n]!.name, n);
    deviceStart[n + 1] = deviceStart[n]! + Math.max(0, nodes[n]!.gpuDevices);
  }
  const devices = deviceStart[nodes.length]!;
  const jobIndex = new Map<string, number>();
  jobs.forEach((j, i) => jobIndex.set(j.name, i));
  const gpulessTasks = new Int32Array(nodes.length);

  // Two passes: count segments per device, then fill them in task order.
  const counts = new Int32Array(devices + 1);
  const drawn: number[] = [];
  for (let t = 0; t < tasks.length; t++) {
    const task = tasks[t]!;
    if (task.node === null || stateOf(task.status) === 0) continue;
    const n = nodeIndex.get(task.node);
    if (n === undefined) continue;
    if (task.gpus.length === 0) {
      gpulessTasks[n]!++;
      continue;
    }
    drawn.push(t);
    for (const g of task.gpus) {
      // A device index the node does not have is not drawn (no cell for it), as without occupancy.
      if (g.index >= 0 && g.index < deviceStart[n + 1]! - deviceStart[n]!)
        counts[deviceStart[n]! + g.index]!++;
    }
  }
  const segmentStart = new Int32Array(devices + 1);
  for (let d = 0; d < devices; d++) segmentStart[d + 1] = segmentStart[d]! + counts[d]!;
  const segments = segmentStart[devices]!;
  const segmentTask = new Int32Array(segments);
  const segmentJob = new Int32Array(segments);
  const segmentState = new Uint8Array(segments);
  const segmentShare = new Float64Array(segments);
  const next = segmentStart.slice(0, devices);
  for (const t of drawn) {
    const task = tasks[t]!;
    const n = nodeIndex.get(task.node!)!;
    const first = deviceStart[n]!;
    const count = deviceStart[n + 1]! - first;
    for (const g of task.gpus) {
      if (g.index < 0 || g.index >= count) continue;
      const k = next[first + g.index]!++;
      segmentTask[k] = t;
      segmentJob[k] = jobIndex.get(task.job) ?? -1;
      segmentState[k] = stateOf(task.status);
      segmentShare[k] = g.share;
    }
  }
  return { deviceStart, segmentStart, segmentTask, segmentJob, segmentState, segmentShare, gpulessTasks };
}

function stateOf(status: string): number {
  if (status === 'Running') return SEGMENT_RUNNING;
  if (status === 'Pipelined') return SEGMENT_PIPELINED;
  if (status === 'Releasing') return SEGMENT_RELEASING;
  return 0;
}
