/**
 * Turns a cluster map layout into paint operations: node frames, GPU cells (queue colour per task, partial
 * fills for fractional shares, hatching for releasing, dashed outlines for pipelined), protection rings,
 * cpu/memory bars and highlight; and, separately, the accents of one transition frame.
 *
 * Operations are emitted in layers (frames, cells, segments, hatching, outlines, rings, …). Marks within
 * a layer never overlap, so each layer is sorted by colour, which lets `drawPaintOps` draw long runs of
 * same-coloured cells as one path.
 */
import { easeCubicOut } from 'd3';
import { assertNever } from '../../common/assertNever';
import type { CellChange } from '../layouts/diffClusterMap';
import type { CellSegment, ClusterMapLayout } from '../layouts/layoutClusterMap';
import type { QueueColourScale } from '../layouts/queueColour';
import type { VizTheme } from '../theme';
import { rectOp, type PaintOp } from './paintOps';

/** What to emphasise: other jobs/queues are dimmed, the node is outlined. */
export interface ClusterEmphasis {
  selectedJob?: string | null;
  highlightedQueue?: string | null;
  /** Several queues at once (e.g. the leaves under a selected parent queue); others are dimmed. */
  highlightedQueues?: ReadonlySet<string> | null;
  highlightedNode?: string | null;
}

/** One frame of the between-sessions transition. */
export interface ClusterTransitionFrame {
  changes: readonly CellChange[];
  /** Progress in [0, 1]. */
  t: number;
}

/** Ring radius for a segment, or 0 when the segment is too small to carry a readable ring. */
export function ringRadius(g: Pick<CellSegment, 'width' | 'height'>): number {
  const r = Math.min(g.width, g.height) * 0.32;
  return r >= 2 ? r : 0;
}

/** Sort key that groups ops of one style (order inside a layer does not matter: nothing overlaps). */
function colourKey(op: PaintOp): string {
  switch (op.op) {
    case 'rect':
      return `${op.fill}|${op.stroke}|${op.alpha}|${op.lineWidth}`;
    case 'hatch':
    case 'ring':
      return `${op.stroke}|${op.alpha}|${op.lineWidth}`;
    case 'text':
      return op.fill;
    default:
      return assertNever(op);
  }
}

/** True when `a` and `b` have the same colour key (compared field by field, no strings built). */
function sameStyle(a: PaintOp, b: PaintOp): boolean {
  if (a.op !== b.op || a.alpha !== b.alpha) return false;
  switch (a.op) {
    case 'rect':
      return b.op === 'rect' && a.fill === b.fill && a.stroke === b.stroke && a.lineWidth === b.lineWidth;
    case 'hatch':
    case 'ring':
      return (b.op === 'hatch' || b.op === 'ring') && a.stroke === b.stroke && a.lineWidth === b.lineWidth;
    case 'text':
      return b.op === 'text' && a.fill === b.fill;
    default:
      return assertNever(a);
  }
}

function sortedByColour(ops: PaintOp[]): PaintOp[] {
  // Bucket by style, then order the (few) styles: the same order as a stable sort by key, without
  // sorting thousands of cells by string comparison.
  const buckets = new Map<string, PaintOp[]>();
  // Consecutive ops usually share a style: reuse the last key instead of building one per op.
  let last: PaintOp | null = null;
  let bucket: PaintOp[] = [];
  for (const op of ops) {
    if (last === null || !sameStyle(last, op)) {
      const key = colourKey(op);
      const found = buckets.get(key);
      if (found === undefined) buckets.set(key, (bucket = []));
      else bucket = found;
    }
    bucket.push(op);
    last = op;
  }
  if (buckets.size <= 1) return ops;
  const out: PaintOp[] = [];
  for (const key of [...buckets.keys()].sort()) for (const op of buckets.get(key) as PaintOp[]) out.push(op);
  return out;
}

/**
 * The layer under every session: group frames, node frames, labels and an idle square per device. It depends
 * only on the layout's geometry (`ClusterMapLayout.geometry`), so the map paints it once and keeps the picture;
 * at 4,000 nodes it is 36,000 of a session's rectangles (decision 0276).
 */
export function paintClusterBase(layout: ClusterMapLayout, theme: VizTheme): PaintOp[] {
  const labels: PaintOp[] = [];
  const frames: PaintOp[] = [];
  const idle: PaintOp[] = [];
  // Group frames (pool, topology level; issue 21): outlines under everything, outer ones thicker.
  const groupFrames: PaintOp[] = [];
  for (const g of layout.frames) {
    groupFrames.push(
      rectOp(g.x + 0.5, g.y + 0.5, g.width - 1, g.height - 1, null, {
        stroke: theme.border,
        lineWidth: g.depth === 0 ? 2 : 1,
      }),
    );
    // An empty label means the caption is drawn elsewhere (SVG text at the app's text size).
    if (g.label !== '')
      labels.push({
        op: 'text',
        x: g.labelX,
        y: g.labelY,
        text: g.label,
        fill: theme.text,
        fontSize: layout.frameFontSize,
        fontFamily: theme.fontFamily,
        alpha: 1,
      });
  }
  for (const node of layout.nodes) {
    frames.push(rectOp(node.x, node.y, node.width, node.height, theme.nodeFrame));
    if (node.label !== null) {
      labels.push({
        op: 'text',
        x: node.labelX,
        y: node.labelY,
        text: node.label,
        fill: theme.textMuted,
        fontSize: layout.labelFontSize,
        fontFamily: theme.fontFamily,
        alpha: 1,
      });
    }
    for (const cell of node.cells) idle.push(rectOp(cell.x, cell.y, cell.size, cell.size, theme.idleCell));
  }
  return [...groupFrames, ...sortedByColour(frames), ...labels, ...sortedByColour(idle)];
}

/**
 * Paint operations for `layout`; with `layers: 'session'`, only what a session changes (drawn over the
 * picture of {@link paintClusterBase}).
 */
export function paintClusterMap(
  layout: ClusterMapLayout,
  theme: VizTheme,
  colourOf: QueueColourScale,
  emphasis: ClusterEmphasis = {},
  layers: 'all' | 'session' = 'all',
): PaintOp[] {
  const s = layout.cellSize;
  const selectedJob = emphasis.selectedJob ?? null;
  const queue = emphasis.highlightedQueue ?? null;
  const queues = emphasis.highlightedQueues ?? null;
  const isDimmed = (g: CellSegment): boolean =>
    (selectedJob !== null && g.job !== selectedJob) ||
    (queue !== null && g.queue !== queue) ||
    (queues !== null && (g.queue === null || !queues.has(g.queue)));

  const hatchSpacing = Math.max(3, Math.round(s / 3.5));
  const outlineWidth = Math.max(1, Math.round(s / 12));
  const fills: PaintOp[] = [];
  const separators: PaintOp[] = [];
  const hatches: PaintOp[] = [];
  const planned: PaintOp[] = [];
  const outlines: PaintOp[] = [];
  const rings: PaintOp[] = [];
  // Bar parts overlap each other (used over track), so they are three layers.
  const barTracks: PaintOp[] = [];
  const barUsed: PaintOp[] = [];
  const barReleasing: PaintOp[] = [];
  const emphasisOps: PaintOp[] = [];
  const reservedLabels: PaintOp[] = [];

  for (const node of layout.nodes) {
    for (const cell of node.cells) {
      if (cell.reservedFor !== null) {
        // Reserved (decision 0274): a solid double outline and the letter R, not a colour alone.
        const colour = colourOf(cell.reservedQueue);
        const dim = selectedJob !== null && cell.reservedFor !== selectedJob ? theme.dimOpacity : 1;
        planned.push(rectOp(cell.x, cell.y, cell.size, cell.size, colour, { alpha: dim * 0.12 }));
        const w = outlineWidth;
        outlines.push(
          rectOp(cell.x + w / 2, cell.y + w / 2, cell.size - w, cell.size - w, null, {
            alpha: dim,
            stroke: colour,
            lineWidth: w,
          }),
        );
        if (cell.size >= 10)
          outlines.push(
            rectOp(cell.x + 2.5 * w, cell.y + 2.5 * w, cell.size - 5 * w, cell.size - 5 * w, null, {
              alpha: dim,
              stroke: colour,
              lineWidth: w,
            }),
          );
        if (cell.size >= 14) {
          const fontSize = Math.round(cell.size * 0.45);
          reservedLabels.push({
            op: 'text',
            x: cell.x + cell.size / 2 - fontSize * 0.32,
            y: cell.y + cell.size / 2 + fontSize * 0.36,
            text: 'R',
            fill: theme.text,
            fontSize,
            fontFamily: theme.fontFamily,
            alpha: dim,
          });
        }
      }
      let stacked = 0;
      for (const g of cell.segments) {
        const colour = colourOf(g.queue);
        const base = isDimmed(g) ? theme.dimOpacity : 1;
        switch (g.state) {
          case 'running':
            fills.push(rectOp(g.x, g.y, g.width, g.height, colour, { alpha: base }));
            break;
          case 'releasing':
            fills.push(rectOp(g.x, g.y, g.width, g.height, colour, { alpha: base * 0.45 }));
            hatches.push({
              op: 'hatch',
              x: g.x,
              y: g.y,
              w: g.width,
              h: g.height,
              stroke: theme.releasingHatch,
              spacing: hatchSpacing,
              lineWidth: 1,
              alpha: base * 0.9,
            });
            break;
          case 'pipelined':
            // A pale fill under a dashed outline: planned, not yet holding the device.
            planned.push(rectOp(g.x, g.y, g.width, g.height, colour, { alpha: base * 0.22 }));
            outlines.push(
              rectOp(g.x, g.y, g.width, g.height, null, {
                alpha: base,
                stroke: colour,
                lineWidth: outlineWidth,
                dash: s >= 12 ? [2, 2] : null,
              }),
            );
            break;
          default:
            assertNever(g.state);
        }
        // A hairline between stacked shares, so two tasks of one job still read as two.
        if (g.state !== 'pipelined' && stacked++ > 0 && g.height > 0) {
          separators.push(rectOp(g.x, g.y + g.height - 0.5, g.width, 1, theme.nodeFrame));
        }
        if (g.protection !== null) {
          const r = ringRadius(g);
          if (r > 0) {
            rings.push({
              op: 'ring',
              cx: g.x + g.width / 2,
              cy: g.y + g.height / 2,
              r,
              fraction: g.protection.fraction,
              stroke: theme.protection,
              // The faint full track only reads on larger cells; skipping it halves the stroking cost.
              track: r >= 4 ? theme.protectionTrack : null,
              lineWidth: Math.max(1, Math.round(r * 0.42 * 2) / 2),
              alpha: base,
            });
          }
        }
        if (selectedJob !== null && g.job === selectedJob) {
          emphasisOps.push(
            rectOp(g.x, g.y, g.width, g.height, null, {
              stroke: theme.selection,
              lineWidth: Math.max(1, s / 10),
            }),
          );
        }
      }
    }
    for (const bar of node.bars) {
      barTracks.push(rectOp(bar.x, bar.y, bar.width, bar.height, theme.idleCell));
      if (bar.usedWidth > 0) barUsed.push(rectOp(bar.x, bar.y, bar.usedWidth, bar.height, theme.textMuted));
      if (bar.releasingWidth > 0) {
        barReleasing.push(
          rectOp(bar.x + bar.usedWidth, bar.y, bar.releasingWidth, bar.height, theme.textMuted, {
            alpha: 0.4,
          }),
        );
      }
    }
    if (emphasis.highlightedNode === node.name) {
      emphasisOps.push(
        rectOp(node.x - 1, node.y - 1, node.width + 2, node.height + 2, null, {
          stroke: theme.selection,
          lineWidth: 2,
        }),
      );
    }
  }

  return [
    ...(layers === 'all' ? paintClusterBase(layout, theme) : []),
    ...sortedByColour(fills),
    ...separators,
    ...sortedByColour(hatches),
    // Pipelined segments may lie over releasing ones they wait for: drawn after them.
    ...sortedByColour(planned),
    ...sortedByColour(outlines),
    ...reservedLabels,
    ...sortedByColour(rings),
    ...barTracks,
    ...barUsed,
    ...barReleasing,
    ...emphasisOps,
  ];
}

/**
 * Accents of one transition frame, drawn over the final picture: new placements are uncovered (an idle
 * veil fades away) with a green outline, evictions flash red, vacated devices fade from the old queue
 * colour, and expiring protection rings pulse outward.
 */
export function paintTransition(
  frame: ClusterTransitionFrame,
  theme: VizTheme,
  colourOf: QueueColourScale,
): PaintOp[] {
  const e = easeCubicOut(Math.max(0, Math.min(1, frame.t)));
  if (e >= 1) return [];
  const fade = 1 - e;
  const out: PaintOp[] = [];
  for (const c of frame.changes) {
    switch (c.kind) {
      case 'placed':
        out.push(rectOp(c.x, c.y, c.width, c.height, theme.idleCell, { alpha: fade }));
        out.push(
          rectOp(c.x, c.y, c.width, c.height, null, { stroke: theme.placed, lineWidth: 2, alpha: fade }),
        );
        break;
      case 'evicted': {
        const grow = 3 * fade;
        out.push(
          rectOp(c.x - grow, c.y - grow, c.width + 2 * grow, c.height + 2 * grow, null, {
            stroke: theme.evicted,
            lineWidth: 2,
            alpha: fade,
          }),
        );
        break;
      }
      case 'vacated':
        out.push(rectOp(c.x, c.y, c.width, c.height, colourOf(c.queue), { alpha: 0.8 * fade }));
        break;
      case 'protectionEnded': {
        const r = Math.max(2, ringRadius(c));
        out.push({
          op: 'ring',
          cx: c.x + c.width / 2,
          cy: c.y + c.height / 2,
          r: r * (1 + 0.8 * e),
          fraction: 1,
          stroke: theme.protection,
          track: null,
          lineWidth: Math.max(1, r * 0.42),
          alpha: fade,
        });
        break;
      }
      default:
        assertNever(c.kind);
    }
  }
  return out;
}
