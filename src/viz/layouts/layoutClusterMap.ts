/**
 * Cluster map layout: every node is a group of GPU cells (one per device index) in a grid sorted by node
 * name, with cpu/memory bars where the scenario declares those capacities. A cell holds one segment per
 * task on that device; fractional shares are partial fills.
 *
 * Positions depend only on node names, device counts and the viewport, never on allocations, so cells do
 * not move between sessions.
 */
import type { ResourceName } from '../../engine/model/resources';
import { type JobState, type NodeState, type TaskState } from '../../engine/model/snapshot';
import { protectionsOf, reclaimProtections, type ProtectionState } from '../../engine/model/protection';
import type { ClusterOccupancy, SegmentCode } from '../../protocol/clusterOccupancy';
import { CELL_IDLE, sessionCellsOf, type ClusterSessionCells } from './clusterSessionCells';
import { compareNames } from './compareNames';
import { occupancyFromTasks } from './occupancyFromTasks';
import type { Size } from './fitTransform';
import { formatBytes, formatNumber } from './formatSpan';
import { groupClusterNodes, type ClusterNodeGroups } from './groupClusterNodes';
import {
  groupedHeight,
  nodeIndexAt,
  placeClusterGroups,
  type ClusterGridSection,
  type ClusterGroupFrame,
  type FrameMetrics,
} from './placeClusterGroups';
import { truncateText } from './textWidth';

/** What a GPU cell shows overall. */
export type CellState = 'idle' | 'running' | 'pipelined' | 'releasing';

/** The state of one task on a device. */
export type SegmentState = Exclude<CellState, 'idle'>;

/** Node resources that can be drawn as bars. */
export type NodeBarResource = Extract<ResourceName, 'cpu' | 'memory'>;

/** Min-runtime protection left on a running task's job at the cursor. */
export interface CellProtection {
  kind: 'preempt' | 'reclaim';
  untilMs: number;
  durationMs: number;
  remainingMs: number;
  /** Remaining / duration, in (0, 1]. */
  fraction: number;
}

/** One task's share of one device, in map coordinates. */
export interface CellSegment {
  task: string;
  job: string;
  /** The job's queue (for colour); null when the job is unknown. */
  queue: string | null;
  state: SegmentState;
  share: number;
  x: number;
  y: number;
  width: number;
  height: number;
  protection: CellProtection | null;
  /**
   * Pipelined segments fill from the top; `isOverlay` is set when they overlap running or releasing
   * segments (a task waiting for a release on the same device).
   */
  isOverlay: boolean;
}

/** One GPU device. */
export interface ClusterCell {
  /** `node#index`, stable across sessions. */
  key: string;
  node: string;
  index: number;
  x: number;
  y: number;
  /** Drawn size (the grid pitch minus the gutter). */
  size: number;
  state: CellState;
  /** Share of the device held by running and releasing tasks. */
  usedShare: number;
  segments: CellSegment[];
  /**
   * The job that reserved this idle device during the session (decision 0274), else null. The engine gives
   * a count of GPUs per node, not device numbers (Volcano counts GPUs as a scalar): the node's first idle
   * devices carry it, a fractional total rounded up to whole devices.
   */
  reservedFor: string | null;
  /** The queue of `reservedFor` (its colour), null when unknown. */
  reservedQueue: string | null;
}

/** A cpu or memory bar under a node's cells. */
export interface NodeResourceBar {
  resource: NodeBarResource;
  x: number;
  y: number;
  width: number;
  height: number;
  capacity: number;
  used: number;
  releasing: number;
  usedWidth: number;
  /** Releasing part, drawn after the used part. */
  releasingWidth: number;
  text: string;
}

/** One node group. */
export interface ClusterNodeGeometry {
  name: string;
  /** Position in name order (also the grid slot). */
  order: number;
  /** Truncated name, or null when labels are hidden at this size. */
  label: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  labelX: number;
  labelY: number;
  gpuDevices: number;
  cells: ClusterCell[];
  bars: NodeResourceBar[];
  /** Tasks on the node that use no GPU (drawn only in the bars). */
  gpulessTasks: number;
}

/** Options of {@link layoutClusterMap}. */
export interface ClusterMapOptions {
  /** Jobs of the snapshot: queue per task (for colour) and protection. */
  jobs?: readonly JobState[];
  /** Cursor time (usually `SessionSnapshot.timeMs`); without it no protection is shown. */
  cursorMs?: number | null;
  /** Which protection the rings show; `either` shows whichever lasts longer. Default `either`. */
  protection?: 'preempt' | 'reclaim' | 'either';
  /** Node bars: `auto` (default) draws cpu/memory where some node declares a finite capacity. */
  resources?: 'auto' | readonly NodeBarResource[];
  /** Cells per row inside a node (default 8). */
  cellsPerRow?: number;
  minCellSize?: number;
  maxCellSize?: number;
  /** Node name labels: `auto` shows them when cells are at least 14 px (or when `labelFontSize` is set). */
  labels?: 'auto' | boolean;
  /** Node label size (px), e.g. from the app's text-size setting; default 9-11 px from the cell size. */
  labelFontSize?: number;
  /** Frame nodes by pool and topology level (issue 21); absent or null = one plain grid. */
  groups?: ClusterNodeGroups | null;
  /** Placements Volcano jobs reserved during the session (the engine's `JobAttempt.reserved`, decision 0274). */
  reservations?: readonly ClusterReservation[];
  /**
   * The worker's occupancy arrays for these `nodes`, `tasks` and `jobs` (`SessionView.occupancy`, decision
   * 0300): read instead of grouping every task by node and device here. Ignored when it does not match `nodes`.
   */
  occupancy?: ClusterOccupancy;
}

/** One reserved placement as the engine recorded it: `gpu` GPUs of `node` held for `job` until the session closed. */
export interface ClusterReservation {
  job: string;
  task: string;
  node: string;
  gpu: number;
}

/** Output of {@link layoutClusterMap}. */
export interface ClusterMapLayout {
  size: Size;
  /** Content size; `height` exceeds `size.height` when even the smallest cells do not fit. */
  width: number;
  height: number;
  /** Grid pitch of a cell. */
  cellSize: number;
  cellsPerRow: number;
  cellRows: number;
  /** Node-group grid. */
  columns: number;
  originX: number;
  originY: number;
  groupWidth: number;
  groupHeight: number;
  gap: number;
  padding: number;
  labelHeight: number;
  labelFontSize: number;
  /**
   * Every node as an object, in grid order, built on first read (the export, tests). The screen reads the
   * arrays below and makes an object of the one node or cell under the pointer or focus (decision 0334).
   */
  readonly nodes: ClusterNodeGeometry[];
  /** Every cell, in node order then device index, built on first read like `nodes`. */
  readonly cells: ClusterCell[];
  readonly byNode: ReadonlyMap<string, ClusterNodeGeometry>;
  /** Cell by `node#index` (built on first use). */
  byCell: Pick<ReadonlyMap<string, ClusterCell>, 'get'>;
  /** The nodes with nothing on them (positions, labels, idle cells), kept with the geometry: the base picture. */
  baseNodes: readonly ClusterNodeGeometry[];
  /** The caller's nodes; grid slot -> index into them. */
  nodeStates: readonly NodeState[];
  order: Int32Array;
  /** Per grid slot, its first cell; length slots + 1. */
  cellStart: Int32Array;
  /** Per cell: its grid slot and top-left corner; every cell is `cellInner` square. */
  cellSlot: Int32Array;
  cellX: Float64Array;
  cellY: Float64Array;
  cellInner: number;
  /** The session: states, segments and rings as typed arrays (decision 0334). */
  session: ClusterSessionCells;
  /** Cells reserved during the session (decision 0274): cell index -> job and its queue. */
  reserved: ReadonlyMap<number, { job: string; queue: string | null }>;
  /** Node bars: offset of the first below a node's top, width, height and pitch. */
  barOffsetY: number;
  barWidth: number;
  barHeight: number;
  barPitch: number;
  resources: NodeBarResource[];
  /** Group frames, outermost first within each group (empty without groups). */
  frames: ClusterGroupFrame[];
  /** The grids the node boxes sit in, top to bottom (one without groups). */
  sections: ClusterGridSection[];
  /** Caption size of the frames (px). */
  frameFontSize: number;
  /**
   * Equal for two layouts with the same positions, labels and frames (the same nodes, viewport and options):
   * what does not change between sessions can be drawn once and kept (decision 0276).
   */
  geometry: number;
}

/** The occupancy's segment codes (protocol/clusterOccupancy.ts). */
const STATE_OF_CODE: Record<SegmentCode, SegmentState> = { 1: 'running', 2: 'pipelined', 3: 'releasing' };

interface Metrics {
  s: number;
  padding: number;
  labelHeight: number;
  barHeight: number;
  barGap: number;
  gap: number;
  groupWidth: number;
  groupHeight: number;
  columns: number;
  rows: number;
  contentHeight: number;
}

function metricsFor(
  s: number,
  n: number,
  cellsPerRow: number,
  cellRows: number,
  barCount: number,
  labels: 'auto' | boolean,
  width: number,
  labelFontSize: number | undefined,
): Metrics {
  const padding = Math.max(1, Math.round(s * 0.2));
  const showLabels = labels === 'auto' ? s >= 14 || labelFontSize !== undefined : labels;
  const labelHeight = !showLabels
    ? 0
    : labelFontSize !== undefined
      ? Math.ceil(labelFontSize * 1.3) + 3
      : Math.max(11, Math.min(15, Math.round(s * 0.6)));
  const barHeight = Math.max(2, Math.round(s * 0.22));
  const barGap = barCount > 0 ? Math.max(1, Math.round(s * 0.1)) : 0;
  const gap = Math.max(3, Math.round(s * 0.4));
  const groupWidth = cellsPerRow * s + 2 * padding;
  const groupHeight = 2 * padding + labelHeight + cellRows * s + barCount * (barHeight + barGap);
  const columns = Math.max(1, Math.min(n, Math.floor((width + gap) / (groupWidth + gap))));
  const rows = Math.ceil(n / columns);
  const contentHeight = rows * (groupHeight + gap) - gap;
  return {
    s,
    padding,
    labelHeight,
    barHeight,
    barGap,
    gap,
    groupWidth,
    groupHeight,
    columns,
    rows,
    contentHeight,
  };
}

function protectionOf(
  job: JobState | undefined,
  kind: 'preempt' | 'reclaim' | 'either',
  cursorMs: number | null,
): CellProtection | null {
  if (job === undefined || cursorMs === null) return null;
  const candidates: ['preempt' | 'reclaim', ProtectionState | null][] = [];
  if (kind !== 'reclaim') candidates.push(['preempt', protectionsOf(job).preemptProtection]);
  // Under lca reclaim protection depends on the reclaimer: the longest one against a waiting reclaimer.
  if (kind !== 'preempt')
    for (const p of reclaimProtections(protectionsOf(job).reclaimProtection)) candidates.push(['reclaim', p]);
  let best: CellProtection | null = null;
  for (const [k, p] of candidates) {
    if (p === null || p.protectedUntilMs === null) continue;
    const durationMs = p.resolution.durationMs;
    const remainingMs = p.protectedUntilMs - cursorMs;
    // Strict, as upstream: at exactly lastStart + duration the job is no longer protected.
    if (durationMs <= 0 || remainingMs <= 0) continue;
    if (best === null || remainingMs > best.remainingMs) {
      best = {
        kind: k,
        untilMs: p.protectedUntilMs,
        durationMs,
        remainingMs,
        fraction: Math.min(1, remainingMs / durationMs),
      };
    }
  }
  return best;
}

/**
 * What does not change from one session to the next: node order, positions, labels, group frames and an
 * idle cell per device. At 4,000 nodes (32,000 cells) building it took most of a session change's main-thread
 * time (issue 22, decision 0276), so it is kept for the next call with the same nodes, viewport and options.
 */
interface ClusterGeometry {
  key: string;
  /** Told apart from every other geometry built in this page (`ClusterMapLayout.geometry`). */
  id: number;
  groups: ClusterNodeGroups | null;
  /** Grid slot -> index into the caller's `nodes`. */
  order: Int32Array;
  m: Metrics;
  gridWidth: number;
  originX: number;
  placed: ReturnType<typeof placeClusterGroups>;
  boxX: Float64Array;
  boxY: Float64Array;
  rowCells: number;
  cellRows: number;
  gutter: number;
  inner: number;
  labelFontSize: number;
  frameFontSize: number;
  resources: NodeBarResource[];
  labelsOf: (string | null)[];
  /** Cells in grid order: per slot its first cell, per cell its slot and corner (decision 0334). */
  cellStart: Int32Array;
  cellSlot: Int32Array;
  cellX: Float64Array;
  cellY: Float64Array;
  /** Node name -> grid slot. */
  slotOf: Map<string, number>;
  /** Per grid slot, the node's devices with nothing on them (shared by every session that leaves them idle). */
  idleCells: ClusterCell[][];
  /** Per grid slot, the node with nothing on it (no bars, no tasks), shared the same way. */
  idleNodes: ClusterNodeGeometry[];
}

/** Everything the geometry depends on, as one string (names in the caller's order, devices, options). */
function geometryKey(nodes: readonly NodeState[], size: Size, options: ClusterMapOptions): string {
  const parts = [
    size.width,
    size.height,
    options.cellsPerRow ?? '',
    options.minCellSize ?? '',
    options.maxCellSize ?? '',
    String(options.labels ?? ''),
    options.labelFontSize ?? '',
    Array.isArray(options.resources) ? options.resources.join(',') : (options.resources ?? ''),
  ].join('|');
  let out = parts;
  for (const n of nodes)
    out += `\u0000${n.name}\u0000${n.gpuDevices}${Number.isFinite(n.capacity.cpu) && n.capacity.cpu > 0 ? 'c' : ''}${Number.isFinite(n.capacity.memory) && n.capacity.memory > 0 ? 'm' : ''}`;
  return out;
}

/** One geometry kept: a session change finds the previous session's. */
let kept: ClusterGeometry | null = null;
let lastId = 0;

function geometryOf(nodes: readonly NodeState[], size: Size, options: ClusterMapOptions): ClusterGeometry {
  const key = geometryKey(nodes, size, options);
  const groups = options.groups ?? null;
  if (kept !== null && kept.key === key && kept.groups === groups) return kept;
  kept = buildGeometry(nodes, size, options, key);
  return kept;
}

function buildGeometry(
  nodes: readonly NodeState[],
  size: Size,
  options: ClusterMapOptions,
  key: string,
): ClusterGeometry {
  const cellsPerRow = Math.max(1, Math.floor(options.cellsPerRow ?? 8));
  const minCell = options.minCellSize ?? 6;
  const maxCell = Math.max(minCell, options.maxCellSize ?? 36);
  const labels = options.labels ?? 'auto';
  const groups = options.groups ?? null;
  const depth = groups === null ? 0 : groups.captions.length;
  // Grouped: by pool and level values, then name; otherwise by name alone (positions never follow allocations).
  const grouping =
    groups === null || depth === 0
      ? null
      : groupClusterNodes(
          nodes.map((n) => n.name),
          groups,
        );
  const orderList =
    grouping === null
      ? nodes.map((_, i) => i).sort((a, b) => compareNames(nodes[a]!.name, nodes[b]!.name))
      : grouping.order.filter((i) => nodes[i] !== undefined);
  const order = Int32Array.from(orderList);
  const sorted = orderList.map((i) => nodes[i]!);
  const roots = grouping?.roots ?? [];
  const resources: NodeBarResource[] =
    options.resources === undefined || options.resources === 'auto'
      ? (['cpu', 'memory'] as const).filter((r) =>
          sorted.some((n) => Number.isFinite(n.capacity[r]) && n.capacity[r] > 0),
        )
      : [...options.resources];
  const maxDevices = sorted.reduce((m, n) => Math.max(m, n.gpuDevices), 0);
  const rowCells = Math.min(cellsPerRow, Math.max(1, maxDevices));
  const cellRows = Math.ceil(maxDevices / rowCells);
  const count = Math.max(1, sorted.length);

  // The largest whole-pixel cell that fits the viewport; whole pixels keep canvas edges crisp.
  const fontSize = options.labelFontSize;
  // Frame captions: a step above node labels and at least 14 px, readable from the back of a room;
  // frames nest by `inset` per level.
  const frameFontSize = Math.max(14, Math.round((fontSize ?? 12) * 1.15));
  const frameOf = (s: number): FrameMetrics => ({
    inset: Math.max(4, Math.round(s * 0.25)),
    header: Math.ceil(frameFontSize * 1.3) + 4,
    fontSize: frameFontSize,
  });
  const widthAt = (s: number): number => Math.max(1, size.width - 2 * depth * frameOf(s).inset);
  const metricsAt = (s: number): Metrics => {
    const mm = metricsFor(s, count, rowCells, cellRows, resources.length, labels, widthAt(s), fontSize);
    return roots.length === 0 ? mm : { ...mm, contentHeight: groupedHeight(roots, count, mm, frameOf(s)) };
  };
  let m = metricsAt(minCell);
  for (let s = Math.floor(maxCell); s >= minCell; s--) {
    const candidate = metricsAt(s);
    // Both ways: one node wider than the panel (Elastic's four GPUs on the stage) was cut off at the right,
    // because a single column always "fits" the width (issue 22).
    if (candidate.contentHeight <= size.height && candidate.groupWidth <= widthAt(s)) {
      m = candidate;
      break;
    }
  }
  const frame = frameOf(m.s);
  const gridWidth = m.columns * (m.groupWidth + m.gap) - m.gap + 2 * depth * frame.inset;
  const originX = Math.max(0, Math.floor((size.width - gridWidth) / 2));
  const placed = placeClusterGroups(roots, sorted.length, depth, originX, m, frame);
  // Each node's box origin, from the grid section that holds it.
  const boxX = new Float64Array(sorted.length);
  const boxY = new Float64Array(sorted.length);
  for (const sec of placed.sections)
    for (let i = 0; i < sec.count; i++) {
      boxX[sec.first + i] = sec.x + (i % sec.columns) * (m.groupWidth + m.gap);
      boxY[sec.first + i] = sec.y + Math.floor(i / sec.columns) * (m.groupHeight + m.gap);
    }
  const gutter = m.s >= 8 ? 1 : 0;
  const inner = m.s - gutter;
  const labelFontSize = fontSize ?? Math.max(9, Math.min(11, m.labelHeight - 3));
  const labelsOf: (string | null)[] = [];
  const cellStart = new Int32Array(sorted.length + 1);
  sorted.forEach((n, slot) => (cellStart[slot + 1] = cellStart[slot]! + n.gpuDevices));
  const cellSlot = new Int32Array(cellStart[sorted.length]!);
  const cellX = new Float64Array(cellSlot.length);
  const cellY = new Float64Array(cellSlot.length);
  const slotOf = new Map<string, number>();
  const idleCells: ClusterCell[][] = [];
  const idleNodes: ClusterNodeGeometry[] = [];
  sorted.forEach((n, slot) => {
    const x = boxX[slot] ?? originX;
    const y = boxY[slot] ?? 0;
    const cellsX = x + m.padding;
    const cellsY = y + m.padding + m.labelHeight;
    const label =
      m.labelHeight > 0 ? truncateText(n.name, m.groupWidth - 2 * m.padding, labelFontSize) : null;
    labelsOf.push(label);
    slotOf.set(n.name, slot);
    const cells: ClusterCell[] = [];
    for (let index = 0; index < n.gpuDevices; index++) {
      const c = cellStart[slot]! + index;
      cellSlot[c] = slot;
      cellX[c] = cellsX + (index % rowCells) * m.s;
      cellY[c] = cellsY + Math.floor(index / rowCells) * m.s;
      cells.push({
        key: `${n.name}#${index}`,
        node: n.name,
        index,
        x: cellX[c],
        y: cellY[c],
        size: inner,
        state: 'idle',
        usedShare: 0,
        segments: [],
        reservedFor: null,
        reservedQueue: null,
      });
    }
    idleCells.push(cells);
    idleNodes.push({
      name: n.name,
      order: slot,
      label,
      x,
      y,
      width: m.groupWidth,
      height: m.groupHeight,
      labelX: cellsX,
      labelY: y + m.padding + m.labelHeight - 3,
      gpuDevices: n.gpuDevices,
      cells,
      bars: [],
      gpulessTasks: 0,
    });
  });
  return {
    key,
    id: ++lastId,
    groups,
    order,
    m,
    gridWidth,
    originX,
    placed,
    boxX,
    boxY,
    rowCells,
    cellRows,
    gutter,
    inner,
    labelFontSize,
    frameFontSize,
    resources,
    labelsOf,
    cellStart,
    cellSlot,
    cellX,
    cellY,
    slotOf,
    idleCells,
    idleNodes,
  };
}

/** `node#index` -> cell, built on the first look-up (only tests and tools look cells up by key). */
class CellIndex {
  private map: Map<string, ClusterCell> | null = null;
  constructor(private readonly cells: () => readonly ClusterCell[]) {}
  get(key: string): ClusterCell | undefined {
    if (this.map === null) this.map = new Map(this.cells().map((c) => [c.key, c]));
    return this.map.get(key);
  }
}

/** What making a node or cell object needs beyond the layout's own fields. */
interface LayoutInternals {
  kind: 'preempt' | 'reclaim' | 'either';
  cursorMs: number | null;
  /** Slots of nodes with reservations (their node objects are copies even when no idle device was left). */
  reservedSlots: ReadonlySet<number>;
}
const internals = new WeakMap<ClusterMapLayout, LayoutInternals>();

/**
 * Lays out `nodes` and the GPU devices `tasks` hold on them: the kept geometry, plus the session's cells as
 * typed arrays (decision 0334). Node and cell objects are made only when read.
 *
 * @param size - the viewport; cells take the largest size (within the options' bounds) that fits it.
 */
export function layoutClusterMap(
  nodes: readonly NodeState[],
  tasks: readonly TaskState[],
  size: Size,
  options: ClusterMapOptions = {},
): ClusterMapLayout {
  const geo = geometryOf(nodes, size, options);
  const { m, rowCells, cellRows, gutter, inner, resources } = geo;
  const jobs = options.jobs ?? [];
  // The worker's arrays when they match these nodes; otherwise the same arrays built here (export, tests).
  const occ =
    options.occupancy !== undefined && options.occupancy.deviceStart.length === nodes.length + 1
      ? options.occupancy
      : occupancyFromTasks(nodes, tasks, jobs);
  const kind = options.protection ?? 'either';
  const cursorMs = options.cursorMs ?? null;
  const session = sessionCellsOf(
    { order: geo.order, cellStart: geo.cellStart, cellY: geo.cellY, inner },
    occ,
    tasks,
    jobs,
    (j) => protectionOf(jobs[j], kind, cursorMs)?.fraction ?? 0,
  );
  const { reserved, reservedSlots } = reservedCells(geo, session, options.reservations ?? [], jobs);

  const fields = {
    size,
    width: Math.max(size.width, geo.gridWidth),
    height: Math.max(0, m.contentHeight),
    cellSize: m.s,
    cellsPerRow: rowCells,
    cellRows,
    columns: m.columns,
    originX: geo.originX,
    originY: 0,
    groupWidth: m.groupWidth,
    groupHeight: m.groupHeight,
    gap: m.gap,
    padding: m.padding,
    labelHeight: m.labelHeight,
    labelFontSize: geo.labelFontSize,
    baseNodes: geo.idleNodes,
    nodeStates: nodes,
    order: geo.order,
    cellStart: geo.cellStart,
    cellSlot: geo.cellSlot,
    cellX: geo.cellX,
    cellY: geo.cellY,
    cellInner: inner,
    session,
    reserved,
    barOffsetY: m.padding + m.labelHeight + cellRows * m.s + m.barGap,
    barWidth: rowCells * m.s - gutter,
    barHeight: m.barHeight,
    barPitch: m.barHeight + m.barGap,
    resources: [...resources],
    frames: geo.placed.frames,
    sections: geo.placed.sections,
    frameFontSize: geo.frameFontSize,
    geometry: geo.id,
  };
  let nodeObjects: ClusterNodeGeometry[] | null = null;
  let cellObjects: ClusterCell[] | null = null;
  let byNode: Map<string, ClusterNodeGeometry> | null = null;
  const layout = fields as unknown as ClusterMapLayout;
  const nodesOf = (): ClusterNodeGeometry[] =>
    (nodeObjects ??= geo.idleNodes.map((_, slot) => clusterNodeAt(layout, slot)!));
  // Enumerable getters: a copy or a deep comparison of a layout reads them like plain fields.
  Object.defineProperties(layout, {
    nodes: { enumerable: true, get: nodesOf },
    cells: { enumerable: true, get: () => (cellObjects ??= nodesOf().flatMap((n) => n.cells)) },
    byNode: { enumerable: true, get: () => (byNode ??= new Map(nodesOf().map((n) => [n.name, n]))) },
    byCell: { enumerable: true, writable: true, value: new CellIndex(() => layout.cells) },
  });
  internals.set(layout, { kind, cursorMs, reservedSlots });
  return layout;
}

/**
 * The node in grid slot `slot` as an object: the kept idle node when nothing is on it, else a copy with its
 * cells, bars and GPU-less task count.
 */
export function clusterNodeAt(layout: ClusterMapLayout, slot: number): ClusterNodeGeometry | undefined {
  const idle = layout.baseNodes[slot];
  if (idle === undefined) return undefined;
  const s = layout.session;
  const a = layout.cellStart[slot]!;
  const b = layout.cellStart[slot + 1]!;
  const gpulessTasks = s.gpuless[slot]!;
  const isBusy = s.segStart[a]! < s.segStart[b]!;
  const hasReservations = internals.get(layout)?.reservedSlots.has(slot) ?? false;
  // A node with nothing on it and no bars is the same as in every other such session.
  if (!isBusy && layout.resources.length === 0 && gpulessTasks === 0 && !hasReservations) return idle;
  const cells: ClusterCell[] = [];
  for (let c = a; c < b; c++) cells.push(clusterCellAt(layout, c)!);
  return { ...idle, cells, bars: barsAt(layout, slot), gpulessTasks };
}

/** Cell `c` (grid order) as an object: the kept idle cell, a reserved copy of it, or its segments. */
export function clusterCellAt(layout: ClusterMapLayout, c: number): ClusterCell | undefined {
  const slot = layout.cellSlot[c];
  if (slot === undefined) return undefined;
  const idle = layout.baseNodes[slot]!.cells[c - layout.cellStart[slot]!]!;
  const s = layout.session;
  const a = s.segStart[c]!;
  const b = s.segStart[c + 1]!;
  if (a === b) {
    const r = layout.reserved.get(c);
    return r === undefined ? idle : { ...idle, reservedFor: r.job, reservedQueue: r.queue };
  }
  const { kind, cursorMs } = internals.get(layout) ?? { kind: 'either', cursorMs: null };
  const segments: CellSegment[] = [];
  for (let k = a; k < b; k++) {
    const task = s.tasks[s.segTask[k]!]!;
    const job = s.jobs[s.segJob[k]!];
    const state = STATE_OF_CODE[s.segState[k] as SegmentCode];
    segments.push({
      task: task.name,
      job: task.job,
      queue: job?.queue ?? null,
      state,
      share: s.segShare[k]!,
      x: idle.x,
      y: s.segY[k]!,
      width: layout.cellInner,
      height: s.segH[k]!,
      protection: state === 'running' ? protectionOf(job, kind, cursorMs) : null,
      isOverlay: s.segOverlay[k] === 1,
    });
  }
  return {
    ...idle,
    state: STATE_OF_CODE[s.cellState[c] as SegmentCode],
    usedShare: s.cellUsed[c]!,
    segments,
  };
}

/** Scale of a node's bar for `r` (px per unit), 0 when the capacity is not finite and positive. */
function barScale(n: NodeState, r: NodeBarResource, width: number): number {
  const capacity = n.capacity[r];
  return Number.isFinite(capacity) && capacity > 0 ? width / capacity : 0;
}

/** Width of the used part of node `n`'s bar for `r`. */
export function barUsedWidth(n: NodeState, r: NodeBarResource, width: number): number {
  return Math.min(width, Math.max(0, n.used[r] * barScale(n, r, width)));
}

/** Width of the releasing part of node `n`'s bar for `r`, drawn after the used part. */
export function barReleasingWidth(n: NodeState, r: NodeBarResource, width: number): number {
  return Math.min(width - barUsedWidth(n, r, width), Math.max(0, n.releasing[r] * barScale(n, r, width)));
}

/** The cpu/memory bars of the node in `slot`. */
function barsAt(layout: ClusterMapLayout, slot: number): NodeResourceBar[] {
  const n = layout.nodeStates[layout.order[slot]!]!;
  const idle = layout.baseNodes[slot]!;
  return layout.resources.map((r, i) => {
    const used = n.used[r];
    const releasing = n.releasing[r];
    const capacity = n.capacity[r];
    const fmt = r === 'memory' ? formatBytes : formatNumber;
    return {
      resource: r,
      x: idle.labelX,
      y: idle.y + layout.barOffsetY + i * layout.barPitch,
      width: layout.barWidth,
      height: layout.barHeight,
      capacity,
      used,
      releasing,
      usedWidth: barUsedWidth(n, r, layout.barWidth),
      releasingWidth: barReleasingWidth(n, r, layout.barWidth),
      text: `${r} ${fmt(used)}/${fmt(capacity)}${releasing > 0 ? ` (${fmt(releasing)} releasing)` : ''}`,
    };
  });
}

/** What lies under a point of the map. */
export interface ClusterHit {
  node: ClusterNodeGeometry;
  cell: ClusterCell | null;
  segment: CellSegment | null;
}

/** The node, cell and segment under (`px`, `py`) in map coordinates, found by grid arithmetic (O(1)). */
export function hitTestClusterMap(layout: ClusterMapLayout, px: number, py: number): ClusterHit | null {
  const index = nodeIndexAt(layout.sections, layout, px, py - layout.originY);
  const node = index === null ? undefined : clusterNodeAt(layout, index);
  if (node === undefined) return null;
  if (px < node.x || px >= node.x + node.width || py < node.y || py >= node.y + node.height) return null;
  const s = layout.cellSize;
  const cellsX = node.x + layout.padding;
  const cellsY = node.y + layout.padding + layout.labelHeight;
  const cx = Math.floor((px - cellsX) / s);
  const cy = Math.floor((py - cellsY) / s);
  if (cx < 0 || cx >= layout.cellsPerRow || cy < 0 || cy >= layout.cellRows)
    return { node, cell: null, segment: null };
  const cell = node.cells[cy * layout.cellsPerRow + cx];
  if (cell === undefined) return { node, cell: null, segment: null };
  // Overlays (pipelined) are drawn on top, so they win.
  const inside = (g: CellSegment): boolean => py >= g.y && py < g.y + g.height;
  const segment =
    cell.segments.find((g) => g.isOverlay && inside(g)) ??
    cell.segments.find((g) => !g.isOverlay && inside(g)) ??
    null;
  return { node, cell, segment };
}

/**
 * The devices Volcano jobs reserved (decision 0274): per node, its first idle devices, job by job in the order
 * the engine reserved them. The engine gives a count of GPUs per node, not device numbers; a fractional
 * total is rounded up to whole devices.
 */
function reservedCells(
  geo: ClusterGeometry,
  session: ClusterSessionCells,
  reservations: readonly ClusterReservation[],
  jobs: readonly JobState[],
): { reserved: Map<number, { job: string; queue: string | null }>; reservedSlots: Set<number> } {
  const reserved = new Map<number, { job: string; queue: string | null }>();
  const reservedSlots = new Set<number>();
  if (reservations.length === 0) return { reserved, reservedSlots };
  const byNode = new Map<string, Map<string, number>>();
  for (const r of reservations) {
    let byJob = byNode.get(r.node);
    if (byJob === undefined) byNode.set(r.node, (byJob = new Map()));
    byJob.set(r.job, (byJob.get(r.job) ?? 0) + r.gpu);
  }
  const jobMap = new Map(jobs.map((j) => [j.name, j]));
  for (const [node, byJob] of byNode) {
    const slot = geo.slotOf.get(node);
    if (slot === undefined) continue;
    reservedSlots.add(slot);
    const end = geo.cellStart[slot + 1]!;
    let c = geo.cellStart[slot]!;
    for (const [job, gpu] of byJob) {
      for (let left = Math.ceil(gpu - 1e-9); left > 0; left--) {
        while (c < end && session.cellState[c] !== CELL_IDLE) c++;
        if (c >= end) break;
        reserved.set(c++, { job, queue: jobMap.get(job)?.queue ?? null });
      }
    }
  }
  return { reserved, reservedSlots };
}
