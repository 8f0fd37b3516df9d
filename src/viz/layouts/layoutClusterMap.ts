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
import { compareNames } from './compareNames';
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
  nodes: ClusterNodeGeometry[];
  /** Every cell, in node order then device index (for fast painting). */
  cells: ClusterCell[];
  byNode: ReadonlyMap<string, ClusterNodeGeometry>;
  /** Cell by `node#index` (built on first use). */
  byCell: Pick<ReadonlyMap<string, ClusterCell>, 'get'>;
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

const STATE_RANK: Record<SegmentState, number> = { running: 0, releasing: 1, pipelined: 2 };
/** The occupancy's segment codes (protocol/clusterOccupancy.ts). */
const STATE_OF_CODE: Record<SegmentCode, SegmentState> = { 1: 'running', 2: 'pipelined', 3: 'releasing' };

/** One task on one device, before it is stacked. */
interface DeviceEntry {
  t: TaskState;
  share: number;
  job: JobState | undefined;
  state: SegmentState;
}

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
    const cells: ClusterCell[] = [];
    for (let index = 0; index < n.gpuDevices; index++) {
      cells.push({
        key: `${n.name}#${index}`,
        node: n.name,
        index,
        x: cellsX + (index % rowCells) * m.s,
        y: cellsY + Math.floor(index / rowCells) * m.s,
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
    idleCells,
    idleNodes,
  };
}

/** `node#index` -> cell, built on the first look-up (only tests and tools look cells up by key). */
class CellIndex {
  private map: Map<string, ClusterCell> | null = null;
  constructor(private readonly cells: readonly ClusterCell[]) {}
  get(key: string): ClusterCell | undefined {
    if (this.map === null) this.map = new Map(this.cells.map((c) => [c.key, c]));
    return this.map.get(key);
  }
}

/**
 * Lays out `nodes` and the GPU devices `tasks` hold on them.
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

  const jobList = options.jobs ?? [];
  // By name only where the tasks must be grouped here or reservations name jobs (built on first use).
  let jobMap: Map<string, JobState> | null = null;
  const jobNamed = (name: string): JobState | undefined => {
    if (jobMap === null) jobMap = new Map(jobList.map((j) => [j.name, j]));
    return jobMap.get(name);
  };
  const occ =
    options.occupancy !== undefined && options.occupancy.deviceStart.length === nodes.length + 1
      ? options.occupancy
      : null;
  const kind = options.protection ?? 'either';
  const cursorMs = options.cursorMs ?? null;

  // One protection record per job (a job's tasks share it), computed when first needed.
  const protections = new Map<string, CellProtection | null>();
  const protectionFor = (job: JobState | undefined): CellProtection | null => {
    if (job === undefined) return null;
    let p = protections.get(job.name);
    if (p === undefined) protections.set(job.name, (p = protectionOf(job, kind, cursorMs)));
    return p;
  };
  // Per node, per device index: the tasks on it (arrays, not `node#index` keys: 32,000 cells at 4,000 nodes
  // are laid out again at every session change, issue 13).
  const perDevice = new Map<string, TaskState[][]>();
  const gpuless = new Map<string, number>();
  for (const t of occ === null ? tasks : []) {
    if (t.node === null) continue;
    if (t.status !== 'Running' && t.status !== 'Pipelined' && t.status !== 'Releasing') continue;
    if (t.gpus.length === 0) {
      gpuless.set(t.node, (gpuless.get(t.node) ?? 0) + 1);
      continue;
    }
    let devices = perDevice.get(t.node);
    if (devices === undefined) perDevice.set(t.node, (devices = []));
    for (const g of t.gpus) {
      const list = devices[g.index];
      if (list === undefined) devices[g.index] = [t];
      else list.push(t);
    }
  }
  const reservedByNode = new Map<string, Map<string, number>>();
  for (const r of options.reservations ?? []) {
    let byJob = reservedByNode.get(r.node);
    if (byJob === undefined) reservedByNode.set(r.node, (byJob = new Map()));
    byJob.set(r.job, (byJob.get(r.job) ?? 0) + r.gpu);
  }

  const outNodes: ClusterNodeGeometry[] = [];
  const cells: ClusterCell[] = [];
  const byNode = new Map<string, ClusterNodeGeometry>();

  for (let slot = 0; slot < geo.order.length; slot++) {
    const ni = geo.order[slot]!;
    const n = nodes[ni]!;
    const idle = geo.idleNodes[slot]!;
    const devices = perDevice.get(n.name);
    const first = occ === null ? 0 : occ.deviceStart[ni]!;
    const isBusy =
      occ === null
        ? devices !== undefined
        : occ.segmentStart[first]! < occ.segmentStart[occ.deviceStart[ni + 1]!]!;
    const gpulessTasks = occ === null ? (gpuless.get(n.name) ?? 0) : occ.gpulessTasks[ni]!;
    // A node with nothing on it and no bars is the same as in every other such session.
    const reserved = reservedByNode.get(n.name);
    if (!isBusy && resources.length === 0 && gpulessTasks === 0 && reserved === undefined) {
      for (const c of idle.cells) cells.push(c);
      outNodes.push(idle);
      byNode.set(n.name, idle);
      continue;
    }
    const nodeCells: ClusterCell[] = [];
    for (const idleCell of idle.cells) {
      const index = idleCell.index;
      const entries = occ === null ? entriesOf(devices?.[index], index, jobNamed) : [];
      if (occ !== null) {
        const d = first + index;
        for (let k = occ.segmentStart[d]!; k < occ.segmentStart[d + 1]!; k++) {
          const job = jobList[occ.segmentJob[k]!];
          entries.push({
            t: tasks[occ.segmentTask[k]!]!,
            share: occ.segmentShare[k]!,
            job,
            state: STATE_OF_CODE[occ.segmentState[k] as SegmentCode],
          });
        }
      }
      if (entries.length === 0) {
        nodeCells.push(idleCell);
        continue;
      }
      const cx = idleCell.x;
      const cy = idleCell.y;
      // Stable stacking: state, then job and task name, so segments do not swap between sessions.
      if (entries.length > 1)
        entries.sort(
          (a, b) =>
            STATE_RANK[a.state] - STATE_RANK[b.state] ||
            compareNames(a.t.job, b.t.job) ||
            compareNames(a.t.name, b.t.name),
        );
      const segments: CellSegment[] = [];
      let fromBottom = 0;
      let fromTop = 0;
      let usedShare = 0;
      for (const e of entries) {
        if (e.state !== 'pipelined') usedShare += e.share;
      }
      for (const e of entries) {
        const share = Math.max(0, e.share);
        const h = Math.min(1, share) * inner;
        let sy: number;
        let isOverlay = false;
        if (e.state === 'pipelined') {
          sy = cy + fromTop;
          fromTop += h;
          isOverlay = fromTop > inner - Math.min(inner, usedShare * inner) + 1e-6;
        } else {
          fromBottom = Math.min(inner, fromBottom + h);
          sy = cy + inner - fromBottom;
        }
        segments.push({
          task: e.t.name,
          job: e.t.job,
          queue: e.job?.queue ?? null,
          state: e.state,
          share,
          x: cx,
          y: sy,
          width: inner,
          height: h,
          protection: e.state === 'running' ? protectionFor(e.job) : null,
          isOverlay,
        });
      }
      const state: CellState = segments.some((s) => s.state === 'running')
        ? 'running'
        : segments.some((s) => s.state === 'releasing')
          ? 'releasing'
          : 'pipelined';
      const cell: ClusterCell = {
        key: idleCell.key,
        node: idleCell.node,
        index,
        x: cx,
        y: cy,
        size: inner,
        state,
        usedShare,
        segments,
        reservedFor: null,
        reservedQueue: null,
      };
      nodeCells.push(cell);
    }

    markReserved(nodeCells, reserved, (job) => jobNamed(job)?.queue ?? null);
    for (const c of nodeCells) cells.push(c);

    const bars: NodeResourceBar[] = [];
    const cellsX = idle.labelX;
    let barY = idle.y + m.padding + m.labelHeight + cellRows * m.s + m.barGap;
    const barWidth = rowCells * m.s - gutter;
    for (const r of resources) {
      const capacity = n.capacity[r];
      const used = n.used[r];
      const releasing = n.releasing[r];
      const scale = Number.isFinite(capacity) && capacity > 0 ? barWidth / capacity : 0;
      const usedWidth = Math.min(barWidth, Math.max(0, used * scale));
      const releasingWidth = Math.min(barWidth - usedWidth, Math.max(0, releasing * scale));
      const fmt = r === 'memory' ? formatBytes : formatNumber;
      bars.push({
        resource: r,
        x: cellsX,
        y: barY,
        width: barWidth,
        height: m.barHeight,
        capacity,
        used,
        releasing,
        usedWidth,
        releasingWidth,
        text: `${r} ${fmt(used)}/${fmt(capacity)}${releasing > 0 ? ` (${fmt(releasing)} releasing)` : ''}`,
      });
      barY += m.barHeight + m.barGap;
    }

    const node: ClusterNodeGeometry = { ...idle, cells: nodeCells, bars, gpulessTasks };
    outNodes.push(node);
    byNode.set(n.name, node);
  }

  return {
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
    nodes: outNodes,
    cells,
    byNode,
    byCell: new CellIndex(cells),
    resources: [...resources],
    frames: geo.placed.frames,
    sections: geo.placed.sections,
    frameFontSize: geo.frameFontSize,
    geometry: geo.id,
  };
}

/** The tasks the layout grouped on one device (without occupancy), with their share of it. */
function entriesOf(
  onDevice: readonly TaskState[] | undefined,
  index: number,
  jobNamed: (name: string) => JobState | undefined,
): DeviceEntry[] {
  if (onDevice === undefined) return [];
  return onDevice.map((t) => {
    const share = t.gpus.find((g) => g.index === index)?.share ?? 0;
    const state: SegmentState =
      t.status === 'Running' ? 'running' : t.status === 'Pipelined' ? 'pipelined' : 'releasing';
    return { t, share, job: jobNamed(t.job), state };
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
  const node = index === null ? undefined : layout.nodes[index];
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
 * Marks a node's first idle devices as reserved, job by job in the order the engine reserved them. An idle
 * cell is shared by every session of the same geometry (decision 0276), so a reserved one is a copy.
 */
function markReserved(
  cells: ClusterCell[],
  byJob: ReadonlyMap<string, number> | undefined,
  queueOf: (job: string) => string | null,
): void {
  if (byJob === undefined) return;
  let i = 0;
  for (const [job, gpu] of byJob) {
    for (let left = Math.ceil(gpu - 1e-9); left > 0; left--) {
      while (i < cells.length && (cells[i] as ClusterCell).state !== 'idle') i++;
      const cell = cells[i];
      if (cell === undefined) return;
      cells[i++] = { ...cell, reservedFor: job, reservedQueue: queueOf(job) };
    }
  }
}
