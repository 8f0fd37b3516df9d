/**
 * One session of the cluster map as typed arrays (issue 22, decision 0334): per GPU cell its state and used
 * share, per segment (a task's share of a device) its task, job, state, share, vertical extent, overlay flag
 * and protection ring. At 4,000 nodes a session change built an object per busy cell and per segment (4,280
 * at the benchmark's last session) and their garbage; the arrays are what painting, the legend and the
 * transition diff read, and only the cell or node under the pointer or the focus becomes an object.
 *
 * Cells are numbered in grid order (slot by slot, then device index), as `ClusterMapLayout.cells`. Segments of
 * cell `c` are `segStart[c]` … `segStart[c + 1] - 1`, stacked: running, then releasing, then pipelined, each by
 * job then task name, so shares do not swap places between sessions.
 */
import type { JobState, TaskState } from '../../engine/model/snapshot';
import type { ClusterOccupancy } from '../../protocol/clusterOccupancy';
import { compareNames } from './compareNames';

/** A cell or segment state code: the occupancy's codes (protocol/clusterOccupancy.ts), 0 for an idle cell. */
export const CELL_IDLE = 0;
export const CELL_RUNNING = 1;
export const CELL_PIPELINED = 2;
export const CELL_RELEASING = 3;

/** The session's cells and segments; read only (layouts share nothing mutable). */
export interface ClusterSessionCells {
  /** The snapshot's tasks and jobs the segment indices point into. */
  tasks: readonly TaskState[];
  jobs: readonly JobState[];
  /** Per cell: a state code (idle, running, pipelined, releasing). */
  cellState: Uint8Array;
  /** Per cell: share of the device held by running and releasing tasks. */
  cellUsed: Float64Array;
  /** Per cell, its first segment; length cells + 1. */
  segStart: Int32Array;
  /** Per segment: index into `tasks`. */
  segTask: Int32Array;
  /** Per segment: index into `jobs`, -1 when the snapshot has no such job. */
  segJob: Int32Array;
  /** Per segment: state code (never idle). */
  segState: Uint8Array;
  /** Per segment: the share drawn (the engine's share, at least 0). */
  segShare: Float64Array;
  /** Per segment: top and height in map coordinates (x and width are the cell's). */
  segY: Float64Array;
  segH: Float64Array;
  /** Per segment: 1 when a pipelined share overlaps running or releasing ones (drawn on top). */
  segOverlay: Uint8Array;
  /** Per segment: the protection ring's remaining fraction in (0, 1], 0 for no ring (only running tasks). */
  segRing: Float64Array;
  /** Per grid slot: Running, Pipelined or Releasing tasks on the node that use no GPU. */
  gpuless: Int32Array;
}

/** Stacking rank of a state code: running, releasing, pipelined. */
const RANK = [0, 0, 2, 1];

/** Where the session's cells are: the geometry's grid order and cell positions. */
export interface CellGrid {
  /** Grid slot -> index into the caller's nodes (and the occupancy's). */
  order: Int32Array;
  /** Per slot, its first cell; length slots + 1. */
  cellStart: Int32Array;
  cellY: Float64Array;
  /** Drawn cell size (pitch minus gutter). */
  inner: number;
}

/**
 * Reads `occ` into the grid's cell order, stacks each device's segments and resolves their rings.
 * `ringOf(job)` is the protection ring fraction of a job index (0 for none); it is asked once per job.
 */
export function sessionCellsOf(
  grid: CellGrid,
  occ: ClusterOccupancy,
  tasks: readonly TaskState[],
  jobs: readonly JobState[],
  ringOf: (job: number) => number,
): ClusterSessionCells {
  const { order, cellStart, cellY, inner } = grid;
  const slots = order.length;
  const cells = cellStart[slots]!;
  const segStart = new Int32Array(cells + 1);
  for (let slot = 0; slot < slots; slot++) {
    const ni = order[slot]!;
    const first = occ.deviceStart[ni]!;
    const c0 = cellStart[slot]!;
    for (let c = c0; c < cellStart[slot + 1]!; c++) {
      const d = first + (c - c0);
      // A device the occupancy does not have (it was built for other nodes) holds nothing.
      const count = d < occ.deviceStart[ni + 1]! ? occ.segmentStart[d + 1]! - occ.segmentStart[d]! : 0;
      segStart[c + 1] = segStart[c]! + count;
    }
  }
  const segments = segStart[cells]!;
  const out: ClusterSessionCells = {
    tasks,
    jobs,
    cellState: new Uint8Array(cells),
    cellUsed: new Float64Array(cells),
    segStart,
    segTask: new Int32Array(segments),
    segJob: new Int32Array(segments),
    segState: new Uint8Array(segments),
    segShare: new Float64Array(segments),
    segY: new Float64Array(segments),
    segH: new Float64Array(segments),
    segOverlay: new Uint8Array(segments),
    segRing: new Float64Array(segments),
    gpuless: new Int32Array(slots),
  };
  // A job's ring, asked once: NaN until known.
  const rings = new Float64Array(jobs.length).fill(NaN);
  for (let slot = 0; slot < slots; slot++) {
    const ni = order[slot]!;
    out.gpuless[slot] = occ.gpulessTasks[ni]!;
    const first = occ.deviceStart[ni]!;
    const c0 = cellStart[slot]!;
    for (let c = c0; c < cellStart[slot + 1]!; c++) {
      const a = segStart[c]!;
      const b = segStart[c + 1]!;
      if (a === b) continue;
      const from = occ.segmentStart[first + (c - c0)]!;
      for (let k = a; k < b; k++) {
        out.segTask[k] = occ.segmentTask[from + k - a]!;
        out.segJob[k] = occ.segmentJob[from + k - a]!;
        out.segState[k] = occ.segmentState[from + k - a]!;
        out.segShare[k] = occ.segmentShare[from + k - a]!;
      }
      if (b - a > 1) stackInPlace(out, a, b);
      stackCell(out, c, a, b, cellY[c]!, inner);
      for (let k = a; k < b; k++) {
        const j = out.segJob[k]!;
        if (out.segState[k] !== CELL_RUNNING || j < 0) continue;
        if (Number.isNaN(rings[j]!)) rings[j] = ringOf(j);
        out.segRing[k] = rings[j]!;
      }
    }
  }
  return out;
}

/** Stacking order of two segments: state, then job and task name (compared as before: decision 0276). */
function before(o: ClusterSessionCells, k: number, l: number): number {
  const a = o.tasks[o.segTask[k]!]!;
  const b = o.tasks[o.segTask[l]!]!;
  return (
    RANK[o.segState[k]!]! - RANK[o.segState[l]!]! ||
    compareNames(a.job, b.job) ||
    compareNames(a.name, b.name)
  );
}

/** Insertion sort of one device's few segments, moving every per-segment field together. */
function stackInPlace(o: ClusterSessionCells, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) {
    for (let k = i; k > a && before(o, k - 1, k) > 0; k--) {
      swap(o.segTask, k);
      swap(o.segJob, k);
      swap(o.segState, k);
      swap(o.segShare, k);
    }
  }
}

function swap(arr: Int32Array | Uint8Array | Float64Array, k: number): void {
  const t = arr[k]!;
  arr[k] = arr[k - 1]!;
  arr[k - 1] = t;
}

/**
 * Heights and tops of one cell's stacked segments: running and releasing shares fill from the bottom,
 * pipelined ones from the top, and a pipelined share that reaches into the used part is an overlay.
 */
function stackCell(o: ClusterSessionCells, c: number, a: number, b: number, cy: number, inner: number): void {
  let used = 0;
  let state = CELL_PIPELINED;
  for (let k = a; k < b; k++) {
    const s = o.segState[k]!;
    if (s !== CELL_PIPELINED) used += o.segShare[k]!;
    if (s === CELL_RUNNING) state = CELL_RUNNING;
    else if (s === CELL_RELEASING && state !== CELL_RUNNING) state = CELL_RELEASING;
  }
  o.cellUsed[c] = used;
  o.cellState[c] = state;
  let fromBottom = 0;
  let fromTop = 0;
  for (let k = a; k < b; k++) {
    const share = Math.max(0, o.segShare[k]!);
    o.segShare[k] = share;
    const h = Math.min(1, share) * inner;
    o.segH[k] = h;
    if (o.segState[k] === CELL_PIPELINED) {
      o.segY[k] = cy + fromTop;
      fromTop += h;
      o.segOverlay[k] = fromTop > inner - Math.min(inner, used * inner) + 1e-6 ? 1 : 0;
    } else {
      fromBottom = Math.min(inner, fromBottom + h);
      o.segY[k] = cy + inner - fromBottom;
    }
  }
}
