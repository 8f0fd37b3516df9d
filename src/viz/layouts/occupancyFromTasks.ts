/**
 * The cluster map's occupancy arrays (protocol/clusterOccupancy.ts) built on the page from a snapshot's tasks,
 * for a map drawn without the worker's arrays: the SVG/PNG export and tests. The worker builds the same arrays
 * in `worker/clusterOccupancyOf.ts` (viz may not import the protocol at run time, nor the worker);
 * `app/clusterMapWithWorker.test.ts` checks that both give the same map at every session of every gallery
 * scenario (decisions 0300, 0334).
 *
 * Counted: Running, Pipelined and Releasing tasks that have a node of `nodes`; a task with no GPU device
 * counts for its node's bars only; a device index the node does not have is not drawn.
 */
import type { JobState, NodeState, TaskState } from '../../engine/model/snapshot';
import type { ClusterOccupancy } from '../../protocol/clusterOccupancy';
import { CELL_PIPELINED, CELL_RELEASING, CELL_RUNNING } from './clusterSessionCells';

const CODE_OF_STATUS: Readonly<Record<string, number>> = {
  Running: CELL_RUNNING,
  Pipelined: CELL_PIPELINED,
  Releasing: CELL_RELEASING,
};

export function occupancyFromTasks(
  nodes: readonly NodeState[],
  tasks: readonly TaskState[],
  jobs: readonly JobState[],
): ClusterOccupancy {
  const deviceStart = new Int32Array(nodes.length + 1);
  const nodeAt = new Map<string, number>();
  nodes.forEach((n, i) => {
    nodeAt.set(n.name, i);
    deviceStart[i + 1] = deviceStart[i]! + Math.max(0, n.gpuDevices);
  });
  const jobAt = new Map(jobs.map((j, i) => [j.name, i]));
  const gpulessTasks = new Int32Array(nodes.length);
  // Every (device, task) pair in task order; a stable counting sort by device then gives each device's list.
  const pairs: { device: number; task: number; share: number }[] = [];
  tasks.forEach((t, task) => {
    const n = t.node === null ? undefined : nodeAt.get(t.node);
    if (n === undefined || CODE_OF_STATUS[t.status] === undefined) return;
    if (t.gpus.length === 0) gpulessTasks[n]!++;
    const devices = deviceStart[n + 1]! - deviceStart[n]!;
    for (const g of t.gpus)
      if (g.index >= 0 && g.index < devices)
        pairs.push({ device: deviceStart[n]! + g.index, task, share: g.share });
  });
  const devices = deviceStart[nodes.length]!;
  const segmentStart = new Int32Array(devices + 1);
  for (const p of pairs) segmentStart[p.device + 1]!++;
  for (let d = 0; d < devices; d++) segmentStart[d + 1]! += segmentStart[d]!;
  const fill = segmentStart.slice(0, devices);
  const segmentTask = new Int32Array(pairs.length);
  const segmentJob = new Int32Array(pairs.length);
  const segmentState = new Uint8Array(pairs.length);
  const segmentShare = new Float64Array(pairs.length);
  for (const p of pairs) {
    const k = fill[p.device]!++;
    const t = tasks[p.task]!;
    segmentTask[k] = p.task;
    segmentJob[k] = jobAt.get(t.job) ?? -1;
    segmentState[k] = CODE_OF_STATUS[t.status]!;
    segmentShare[k] = p.share;
  }
  return { deviceStart, segmentStart, segmentTask, segmentJob, segmentState, segmentShare, gpulessTasks };
}
