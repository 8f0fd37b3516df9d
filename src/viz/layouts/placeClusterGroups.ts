/**
 * Where the cluster map's node boxes go: one grid (no groups), or nested group frames, each deepest frame
 * holding a grid of its nodes (issue 21). Heights are computed from group sizes alone, so trying every cell
 * size at 4,000 nodes costs a walk over the groups, not over the nodes.
 */
import type { NodeGroupTree } from './groupClusterNodes';

/** A labelled frame around a group of nodes. */
export interface ClusterGroupFrame {
  label: string;
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
  labelX: number;
  /** Text baseline. */
  labelY: number;
  /** How many nodes it holds. */
  count: number;
}

/** A run of nodes laid out as one grid (hit testing finds the node by arithmetic inside it). */
export interface ClusterGridSection {
  x: number;
  y: number;
  columns: number;
  /** Index of its first node in the layout's node order, and how many it holds. */
  first: number;
  count: number;
}

/** Sizes shared by every node box of one layout. */
export interface GridMetrics {
  groupWidth: number;
  groupHeight: number;
  gap: number;
  columns: number;
}

/** Frame sizes: `inset` on each side of a nested frame, `header` above its content for the caption. */
export interface FrameMetrics {
  inset: number;
  header: number;
  fontSize: number;
}

const rowsOf = (count: number, columns: number): number => Math.ceil(count / columns);

function gridHeight(count: number, m: GridMetrics): number {
  return count === 0 ? 0 : rowsOf(count, m.columns) * (m.groupHeight + m.gap) - m.gap;
}

function treeHeight(g: NodeGroupTree, m: GridMetrics, f: FrameMetrics): number {
  const inner =
    g.children.length === 0
      ? gridHeight(g.count, m)
      : g.children.reduce((h, c) => h + treeHeight(c, m, f), 0) + m.gap * (g.children.length - 1);
  return f.header + inner + f.inset;
}

/** Content height of the grouped map (the flat grid when `roots` is empty). */
export function groupedHeight(
  roots: readonly NodeGroupTree[],
  count: number,
  m: GridMetrics,
  f: FrameMetrics,
): number {
  if (roots.length === 0) return gridHeight(count, m);
  return roots.reduce((h, g) => h + treeHeight(g, m, f), 0) + m.gap * (roots.length - 1);
}

/** Frames and grid sections for the groups, from (`originX`, 0); `depth` = the number of grouping levels. */
export function placeClusterGroups(
  roots: readonly NodeGroupTree[],
  count: number,
  depth: number,
  originX: number,
  m: GridMetrics,
  f: FrameMetrics,
): { frames: ClusterGroupFrame[]; sections: ClusterGridSection[] } {
  const frames: ClusterGroupFrame[] = [];
  const sections: ClusterGridSection[] = [];
  const gridWidth = m.columns * (m.groupWidth + m.gap) - m.gap;
  if (roots.length === 0) {
    sections.push({ x: originX, y: 0, columns: m.columns, first: 0, count });
    return { frames, sections };
  }
  const place = (g: NodeGroupTree, top: number): number => {
    const x = originX + g.depth * f.inset;
    const frame: ClusterGroupFrame = {
      label: g.label,
      depth: g.depth,
      x,
      y: top,
      width: gridWidth + 2 * (depth - g.depth) * f.inset,
      height: 0,
      labelX: x + Math.max(3, Math.round(f.inset / 2)),
      labelY: top + f.header - Math.max(3, Math.round(f.fontSize * 0.35)),
      count: g.count,
    };
    frames.push(frame);
    let y = top + f.header;
    if (g.children.length === 0) {
      sections.push({ x: originX + depth * f.inset, y, columns: m.columns, first: g.first, count: g.count });
      y += gridHeight(g.count, m);
    } else {
      g.children.forEach((c, i) => {
        y = place(c, y + (i > 0 ? m.gap : 0));
      });
    }
    y += f.inset;
    frame.height = y - top;
    return y;
  };
  let y = 0;
  roots.forEach((g, i) => {
    y = place(g, y + (i > 0 ? m.gap : 0));
  });
  return { frames, sections };
}

/** The node index at (`px`, `py`) by grid arithmetic inside the section under the point; null off any box. */
export function nodeIndexAt(
  sections: readonly ClusterGridSection[],
  m: Pick<GridMetrics, 'groupWidth' | 'groupHeight' | 'gap'>,
  px: number,
  py: number,
): number | null {
  const stepX = m.groupWidth + m.gap;
  const stepY = m.groupHeight + m.gap;
  // Sections are in top-to-bottom order: binary search for the last one starting at or above `py`.
  let lo = 0;
  let hi = sections.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = sections[mid];
    if (s !== undefined && s.y <= py) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const s = sections[found];
  if (s === undefined) return null;
  const col = Math.floor((px - s.x) / stepX);
  const row = Math.floor((py - s.y) / stepY);
  if (col < 0 || col >= s.columns || row < 0) return null;
  const i = row * s.columns + col;
  return i < s.count ? s.first + i : null;
}
