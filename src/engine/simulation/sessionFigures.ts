/**
 * The whole-cluster figures of one session, computed once by the engine so that every summary on screen
 * (cluster map, stage, decision log) shows the same number (decision 0273). Two moments: the tasks' state
 * after the session, and what Volcano jobs reserved during it (released when it closed, decision 0274).
 */
import type { NodeState, SessionFigures, TaskState } from '../model/snapshot';
import type { SessionTrace, TaskStatus } from '../model/trace';

export function sessionFigures(
  tasks: readonly TaskState[],
  nodes: readonly NodeState[],
  trace: SessionTrace,
  gpuOf: (task: TaskState) => number,
): SessionFigures {
  const count: Record<TaskStatus, number> = {
    Pending: 0,
    Pipelined: 0,
    Running: 0,
    Releasing: 0,
    Succeeded: 0,
  };
  const gpus = { running: 0, pipelined: 0, releasing: 0 };
  for (const t of tasks) {
    count[t.status]++;
    if (t.node === null) continue;
    // A pod terminating within the threshold frees its GPUs, as the node bars count it (§23.4).
    const freeing = t.status === 'Releasing' || t.terminating?.status === 'Releasing';
    const g = gpuOf(t);
    if (freeing) gpus.releasing += g;
    else if (t.status === 'Running') gpus.running += g;
    else if (t.status === 'Pipelined') gpus.pipelined += g;
  }
  let total = 0;
  for (const n of nodes) total += Number.isFinite(n.capacity.gpu) ? n.capacity.gpu : n.gpuDevices;
  const reserved = { gpus: 0, tasks: 0, jobs: [] as string[] };
  for (const a of trace.attempts) {
    if (a.outcome !== 'reserved' || a.reserved === undefined) continue;
    for (const r of a.reserved) reserved.gpus += r.gpu;
    reserved.tasks += a.reserved.length;
    if (!reserved.jobs.includes(a.job)) reserved.jobs.push(a.job);
  }
  return {
    gpus: {
      total: round(total),
      running: round(gpus.running),
      pipelined: round(gpus.pipelined),
      releasing: round(gpus.releasing),
      idle: round(Math.max(0, total - gpus.running - gpus.releasing)),
    },
    tasks: count,
    reserved: { ...reserved, gpus: round(reserved.gpus) },
  };
}

/** Fractional GPUs summed in floating point: 0.1 + 0.2 must read 0.3, the same on every screen. */
function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
