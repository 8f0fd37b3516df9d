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
import { CELL_PIPELINED, CELL_RELEASING, CELL_RUNNING } from '../layouts/clusterSessionCells';
import {
  barReleasingWidth,
  barUsedWidth,
  type CellSegment,
  type ClusterMapLayout,
} from '../layouts/layoutClusterMap';
import type { QueueColourScale } from '../layouts/queueColour';
import type { VizTheme } from '../theme';
import { OpsLayer, RectLayer, RingLayer, type PaintLayer } from './clusterPaintLayers';
import { rectOp, type PaintContext, type PaintOp } from './paintOps';

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
  return ringRadiusOf(g.width, g.height);
}

function ringRadiusOf(width: number, height: number): number {
  const r = Math.min(width, height) * 0.32;
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
export function paintClusterBase(
  layout: Pick<ClusterMapLayout, 'baseNodes' | 'frames' | 'frameFontSize' | 'labelFontSize'>,
  theme: VizTheme,
): PaintOp[] {
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
  for (const node of layout.baseNodes) {
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
 * picture of {@link paintClusterBase}). The export and tests read these; the screen draws the same layers
 * straight from the layout's arrays with {@link drawClusterSession}.
 */
export function paintClusterMap(
  layout: ClusterMapLayout,
  theme: VizTheme,
  colourOf: QueueColourScale,
  emphasis: ClusterEmphasis = {},
  layers: 'all' | 'session' = 'all',
): PaintOp[] {
  const out = layers === 'all' ? paintClusterBase(layout, theme) : [];
  for (const layer of sessionLayers(layout, theme, colourOf, emphasis)) layer.toOps(out);
  return out;
}

/** Draws the session layers of {@link paintClusterMap} on `ctx`, with no op objects (decision 0334). */
export function drawClusterSession(
  ctx: PaintContext,
  layout: ClusterMapLayout,
  theme: VizTheme,
  colourOf: QueueColourScale,
  emphasis: ClusterEmphasis = {},
): void {
  ctx.textBaseline = 'alphabetic';
  for (const layer of sessionLayers(layout, theme, colourOf, emphasis)) layer.draw(ctx);
  ctx.globalAlpha = 1;
}

/** The session's marks, layer by layer, read from the layout's typed arrays (no cell or segment objects). */
function sessionLayers(
  layout: ClusterMapLayout,
  theme: VizTheme,
  colourOf: QueueColourScale,
  emphasis: ClusterEmphasis,
): PaintLayer[] {
  const s = layout.cellSize;
  const S = layout.session;
  const inner = layout.cellInner;
  const selectedJob = emphasis.selectedJob ?? null;
  const queue = emphasis.highlightedQueue ?? null;
  const queues = emphasis.highlightedQueues ?? null;

  const hatchSpacing = Math.max(3, Math.round(s / 3.5));
  const outlineWidth = Math.max(1, Math.round(s / 12));
  const dash = s >= 12 ? [2, 2] : null;
  const fills = new RectLayer();
  const separators = new RectLayer();
  const hatches: PaintOp[] = [];
  const planned = new RectLayer();
  const outlines = new RectLayer();
  const rings = new RingLayer();
  // Bar parts overlap each other (used over track), so they are three layers.
  const barTracks = new RectLayer();
  const barUsed = new RectLayer();
  const barReleasing = new RectLayer();
  const emphasisOps: PaintOp[] = [];
  const reservedLabels: PaintOp[] = [];

  for (let slot = 0; slot < layout.order.length; slot++) {
    const cellsEnd = layout.cellStart[slot + 1]!;
    for (let c = layout.cellStart[slot]!; c < cellsEnd; c++) {
      const cx = layout.cellX[c]!;
      const reserved = layout.reserved.size === 0 ? undefined : layout.reserved.get(c);
      if (reserved !== undefined) {
        // Reserved (decision 0274): a solid double outline and the letter R, not a colour alone.
        const cy = layout.cellY[c]!;
        const colour = colourOf(reserved.queue);
        const dim = selectedJob !== null && reserved.job !== selectedJob ? theme.dimOpacity : 1;
        planned.add(cx, cy, inner, inner, colour, null, dim * 0.12);
        const w = outlineWidth;
        outlines.add(cx + w / 2, cy + w / 2, inner - w, inner - w, null, colour, dim, w);
        if (inner >= 10)
          outlines.add(cx + 2.5 * w, cy + 2.5 * w, inner - 5 * w, inner - 5 * w, null, colour, dim, w);
        if (inner >= 14) {
          const fontSize = Math.round(inner * 0.45);
          reservedLabels.push({
            op: 'text',
            x: cx + inner / 2 - fontSize * 0.32,
            y: cy + inner / 2 + fontSize * 0.36,
            text: 'R',
            fill: theme.text,
            fontSize,
            fontFamily: theme.fontFamily,
            alpha: dim,
          });
        }
      }
      let stacked = 0;
      for (let k = S.segStart[c]!; k < S.segStart[c + 1]!; k++) {
        const j = S.segJob[k]!;
        const segQueue = j < 0 ? null : (S.jobs[j]?.queue ?? null);
        const segJob = S.tasks[S.segTask[k]!]!.job;
        const y = S.segY[k]!;
        const h = S.segH[k]!;
        const colour = colourOf(segQueue);
        const isDimmed =
          (selectedJob !== null && segJob !== selectedJob) ||
          (queue !== null && segQueue !== queue) ||
          (queues !== null && (segQueue === null || !queues.has(segQueue)));
        const base = isDimmed ? theme.dimOpacity : 1;
        const state = S.segState[k];
        if (state === CELL_RUNNING) fills.add(cx, y, inner, h, colour, null, base);
        else if (state === CELL_RELEASING) {
          fills.add(cx, y, inner, h, colour, null, base * 0.45);
          hatches.push({
            op: 'hatch',
            x: cx,
            y,
            w: inner,
            h,
            stroke: theme.releasingHatch,
            spacing: hatchSpacing,
            lineWidth: 1,
            alpha: base * 0.9,
          });
        } else {
          // A pale fill under a dashed outline: planned, not yet holding the device.
          planned.add(cx, y, inner, h, colour, null, base * 0.22);
          outlines.add(cx, y, inner, h, null, colour, base, outlineWidth, dash);
        }
        // A hairline between stacked shares, so two tasks of one job still read as two.
        if (state !== CELL_PIPELINED && stacked++ > 0 && h > 0)
          separators.add(cx, y + h - 0.5, inner, 1, theme.nodeFrame);
        const fraction = S.segRing[k]!;
        const r = fraction > 0 ? ringRadiusOf(inner, h) : 0;
        if (r > 0) {
          // The faint full track only reads on larger cells; skipping it halves the stroking cost.
          const lineWidth = Math.max(1, Math.round(r * 0.42 * 2) / 2);
          rings.add(
            cx + inner / 2,
            y + h / 2,
            r,
            fraction,
            theme.protection,
            r >= 4 ? theme.protectionTrack : null,
            lineWidth,
            base,
          );
        }
        if (selectedJob !== null && segJob === selectedJob) {
          emphasisOps.push(
            rectOp(cx, y, inner, h, null, {
              stroke: theme.selection,
              lineWidth: Math.max(1, s / 10),
            }),
          );
        }
      }
    }
    const node = layout.baseNodes[slot]!;
    if (layout.resources.length > 0) {
      const state = layout.nodeStates[layout.order[slot]!]!;
      layout.resources.forEach((r, i) => {
        const y = node.y + layout.barOffsetY + i * layout.barPitch;
        const { barWidth: w, barHeight: h } = layout;
        barTracks.add(node.labelX, y, w, h, theme.idleCell);
        const used = barUsedWidth(state, r, w);
        const releasing = barReleasingWidth(state, r, w);
        if (used > 0) barUsed.add(node.labelX, y, used, h, theme.textMuted);
        if (releasing > 0) barReleasing.add(node.labelX + used, y, releasing, h, theme.textMuted, null, 0.4);
      });
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
    fills,
    separators,
    new OpsLayer(hatches, sortedByColour),
    // Pipelined segments may lie over releasing ones they wait for: drawn after them.
    planned,
    outlines,
    new OpsLayer(reservedLabels),
    rings,
    barTracks,
    barUsed,
    barReleasing,
    new OpsLayer(emphasisOps),
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
