/**
 * What changed on the cluster map between two sessions, for brief transitions: new placements, evictions
 * (a task turning Releasing), vacated devices (a task gone: completed or released) and protection running
 * out on a task that keeps running.
 */
import {
  CELL_IDLE,
  CELL_PIPELINED,
  CELL_RELEASING,
  CELL_RUNNING,
  type ClusterSessionCells,
} from './clusterSessionCells';
import type { ClusterMapLayout } from './layoutClusterMap';

/** Kind of change on one segment. */
export type CellChangeKind = 'placed' | 'evicted' | 'vacated' | 'protectionEnded';

/** One change, with the geometry to animate (from the new layout, or the old one for `vacated`). */
export interface CellChange {
  kind: CellChangeKind;
  cell: string;
  task: string;
  job: string;
  queue: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when both layouts put every node and cell in the same place. */
export function isSameGrid(a: ClusterMapLayout, b: ClusterMapLayout): boolean {
  if (a.geometry === b.geometry) return true;
  if (a.cellSize !== b.cellSize || a.columns !== b.columns || a.originX !== b.originX) return false;
  if (a.baseNodes.length !== b.baseNodes.length || a.cellsPerRow !== b.cellsPerRow) return false;
  for (let i = 0; i < a.baseNodes.length; i++) {
    const na = a.baseNodes[i];
    const nb = b.baseNodes[i];
    if (na === undefined || nb === undefined || na.name !== nb.name || na.gpuDevices !== nb.gpuDevices)
      return false;
  }
  return true;
}

/** Change `kind` of segment `k` on cell `c` of `layout`, with that layout's geometry. */
function change(kind: CellChangeKind, layout: ClusterMapLayout, c: number, k: number): CellChange {
  const s = layout.session;
  const slot = layout.cellSlot[c]!;
  const task = s.tasks[s.segTask[k]!]!;
  const job = s.segJob[k]!;
  return {
    kind,
    cell: layout.baseNodes[slot]!.cells[c - layout.cellStart[slot]!]!.key,
    task: task.name,
    job: task.job,
    queue: job < 0 ? null : (s.jobs[job]?.queue ?? null),
    x: layout.cellX[c]!,
    y: s.segY[k]!,
    width: layout.cellInner,
    height: s.segH[k]!,
  };
}

/** The segment of cell `c` in `in_` that holds the task named like segment `k` of `of`, or -1. */
function sameTask(of: ClusterSessionCells, k: number, in_: ClusterSessionCells, c: number): number {
  const name = of.tasks[of.segTask[k]!]!.name;
  for (let l = in_.segStart[c]!; l < in_.segStart[c + 1]!; l++)
    if (in_.tasks[in_.segTask[l]!]!.name === name) return l;
  return -1;
}

/**
 * Changes from `prev` to `next`, read from both sessions' arrays cell by cell (decision 0334). Returns nothing
 * when the grids differ (a resize or a node added), since the old geometry would then point at the wrong place.
 */
export function diffClusterMap(prev: ClusterMapLayout | null, next: ClusterMapLayout): CellChange[] {
  if (prev === null || !isSameGrid(prev, next)) return [];
  const out: CellChange[] = [];
  const before = prev.session;
  const after = next.session;
  const cells = next.cellSlot.length;
  for (let c = 0; c < cells; c++) {
    for (let k = after.segStart[c]!; k < after.segStart[c + 1]!; k++) {
      const state = after.segState[k];
      const old = sameTask(after, k, before, c);
      const was = old < 0 ? CELL_IDLE : before.segState[old];
      if (old < 0) {
        if (state !== CELL_RELEASING) out.push(change('placed', next, c, k));
      } else if (was === CELL_PIPELINED && state === CELL_RUNNING) {
        out.push(change('placed', next, c, k));
      } else if (was !== CELL_RELEASING && state === CELL_RELEASING) {
        out.push(change('evicted', next, c, k));
      } else if (before.segRing[old]! > 0 && after.segRing[k] === 0 && state === CELL_RUNNING) {
        out.push(change('protectionEnded', next, c, k));
      }
    }
  }
  for (let c = 0; c < cells; c++)
    for (let k = before.segStart[c]!; k < before.segStart[c + 1]!; k++)
      if (sameTask(before, k, after, c) < 0) out.push(change('vacated', prev, c, k));
  return out;
}
