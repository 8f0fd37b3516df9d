/**
 * A tiny retained drawing list. The cluster map computes one list of paint operations and hands it to a
 * Canvas (on screen) or to an SVG string (export), so both show exactly the same picture.
 */

import { assertNever } from '../../common/assertNever';

/** A filled and/or stroked rectangle. */
export interface RectOp {
  op: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string | null;
  stroke: string | null;
  lineWidth: number;
  alpha: number;
  dash: readonly number[] | null;
}

/** Diagonal hatching clipped to a rectangle (releasing resources). */
export interface HatchOp {
  op: 'hatch';
  x: number;
  y: number;
  w: number;
  h: number;
  stroke: string;
  spacing: number;
  lineWidth: number;
  alpha: number;
}

/** A countdown ring: a faint full track and an arc for `fraction` of a turn, clockwise from 12 o'clock. */
export interface RingOp {
  op: 'ring';
  cx: number;
  cy: number;
  r: number;
  fraction: number;
  stroke: string;
  track: string | null;
  lineWidth: number;
  alpha: number;
}

/** A single line of text, left-aligned on its alphabetic baseline. */
export interface TextOp {
  op: 'text';
  x: number;
  y: number;
  text: string;
  fill: string;
  fontSize: number;
  fontFamily: string;
  alpha: number;
}

/** One paint operation. */
export type PaintOp = RectOp | HatchOp | RingOp | TextOp;

/** A rectangle op with defaults (no stroke, opaque). */
export function rectOp(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string | null,
  more: Partial<Omit<RectOp, 'op' | 'x' | 'y' | 'w' | 'h' | 'fill'>> = {},
): RectOp {
  return {
    op: 'rect',
    x,
    y,
    w,
    h,
    fill,
    stroke: more.stroke ?? null,
    lineWidth: more.lineWidth ?? 1,
    alpha: more.alpha ?? 1,
    dash: more.dash ?? null,
  };
}

/** The minimal CanvasRenderingContext2D surface {@link drawPaintOps} uses (a test can record it). */
export type PaintContext = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'globalAlpha'
  | 'font'
  | 'textBaseline'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'rect'
  | 'fill'
  | 'stroke'
  | 'setLineDash'
  | 'fillText'
>;

/** The hatch lines of `op`, clipped to its rectangle analytically (no canvas clip needed). */
export function hatchSegments(op: HatchOp): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  // Lines run from bottom-left to top-right: P(t) = (x + d + t, y + h - t), t in [0, h].
  for (let d = -op.h; d < op.w; d += op.spacing) {
    const t0 = Math.max(0, -d);
    const t1 = Math.min(op.h, op.w - d);
    if (t1 > t0) out.push([op.x + d + t0, op.y + op.h - t0, op.x + d + t1, op.y + op.h - t1]);
  }
  return out;
}

/** Key of the style an op is drawn with; consecutive ops with equal keys are drawn as one path. */
function styleKey(op: PaintOp): string {
  switch (op.op) {
    case 'rect':
      return `r|${op.fill}|${op.stroke}|${op.lineWidth}|${op.alpha}|${op.dash?.join(',') ?? ''}`;
    case 'hatch':
      return `h|${op.stroke}|${op.lineWidth}|${op.alpha}`;
    case 'ring':
      return `o|${op.stroke}|${op.track}|${op.lineWidth}|${op.alpha}`;
    case 'text':
      return `t|${op.fill}|${op.fontSize}|${op.fontFamily}|${op.alpha}`;
    default:
      return assertNever(op);
  }
}

/** The style of a run of rectangles drawn as one path. */
export type RectStyle = Pick<RectOp, 'fill' | 'stroke' | 'lineWidth' | 'dash'>;
/** Calls `rect` for each rectangle of a run. */
export type EachRect = (rect: (x: number, y: number, w: number, h: number) => void) => void;
/** The style of a run of rings drawn as one path. */
export type RingStyle = Pick<RingOp, 'stroke' | 'track' | 'lineWidth'>;
/** Calls `ring` for each ring of a run. */
export type EachRing = (ring: (cx: number, cy: number, r: number, fraction: number) => void) => void;

/**
 * Fills and/or strokes a run of same-styled rectangles, one path each way (the caller set `globalAlpha`).
 * Shared by {@link drawPaintOps} and the cluster map's session layers, which keep their rectangles in number
 * arrays instead of op objects (decision 0334).
 */
export function drawRectRun(ctx: PaintContext, style: RectStyle, each: EachRect): void {
  if (style.fill !== null) {
    ctx.fillStyle = style.fill;
    ctx.beginPath();
    each((x, y, w, h) => ctx.rect(x, y, w, h));
    ctx.fill();
  }
  if (style.stroke !== null) {
    ctx.strokeStyle = style.stroke;
    const lw = style.lineWidth;
    ctx.lineWidth = lw;
    ctx.setLineDash(style.dash === null ? [] : [...style.dash]);
    // Inset by half the line width so strokes stay inside their rectangles.
    const inset = lw / 2;
    ctx.beginPath();
    each((x, y, w, h) => ctx.rect(x + inset, y + inset, Math.max(0, w - lw), Math.max(0, h - lw)));
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** Strokes a run of same-styled countdown rings: the faint tracks, then the arcs (caller set `globalAlpha`). */
export function drawRingRun(ctx: PaintContext, style: RingStyle, each: EachRing): void {
  ctx.lineWidth = style.lineWidth;
  const start = -Math.PI / 2;
  if (style.track !== null) {
    ctx.strokeStyle = style.track;
    ctx.beginPath();
    each((cx, cy, r) => {
      ctx.moveTo(cx + r, cy);
      ctx.arc(cx, cy, r, 0, 2 * Math.PI);
    });
    ctx.stroke();
  }
  ctx.strokeStyle = style.stroke;
  ctx.beginPath();
  each((cx, cy, r, fraction) => {
    if (fraction <= 0) return;
    ctx.moveTo(cx, cy - r);
    ctx.arc(cx, cy, r, start, start + 2 * Math.PI * Math.min(1, fraction));
  });
  ctx.stroke();
}

/**
 * Draws `ops` in order. Runs of ops with the same style become one path with one fill or stroke: on a
 * software-rendered canvas the per-call cost, not the pixels, dominates thousands of small cells.
 */
export function drawPaintOps(ctx: PaintContext, ops: readonly PaintOp[]): void {
  ctx.textBaseline = 'alphabetic';
  let i = 0;
  while (i < ops.length) {
    const first = ops[i] as PaintOp;
    const key = styleKey(first);
    let j = i + 1;
    while (j < ops.length && styleKey(ops[j] as PaintOp) === key) j++;
    ctx.globalAlpha = first.alpha;
    const from = i;
    const to = j;
    switch (first.op) {
      case 'rect':
        drawRectRun(ctx, first, (rect) => {
          for (let k = from; k < to; k++) {
            const op = ops[k] as RectOp;
            rect(op.x, op.y, op.w, op.h);
          }
        });
        break;
      case 'hatch': {
        ctx.strokeStyle = first.stroke;
        ctx.lineWidth = first.lineWidth;
        ctx.beginPath();
        for (let k = i; k < j; k++) {
          for (const [x1, y1, x2, y2] of hatchSegments(ops[k] as HatchOp)) {
            ctx.moveTo(x1, y1);
            ctx.lineTo(x2, y2);
          }
        }
        ctx.stroke();
        break;
      }
      case 'ring':
        drawRingRun(ctx, first, (ring) => {
          for (let k = from; k < to; k++) {
            const op = ops[k] as RingOp;
            ring(op.cx, op.cy, op.r, op.fraction);
          }
        });
        break;
      case 'text': {
        ctx.fillStyle = first.fill;
        ctx.font = `${first.fontSize}px ${first.fontFamily}`;
        for (let k = i; k < j; k++) {
          const op = ops[k] as TextOp;
          ctx.fillText(op.text, op.x, op.y);
        }
        break;
      }
      default:
        assertNever(first);
    }
    i = j;
  }
  ctx.globalAlpha = 1;
}

const r3 = (v: number): string => String(Math.round(v * 1000) / 1000);

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An SVG arc path for a ring fraction (clockwise from 12 o'clock). */
export function ringArcPath(cx: number, cy: number, r: number, fraction: number): string {
  const f = Math.min(0.9999, Math.max(0, fraction));
  const a = -Math.PI / 2 + 2 * Math.PI * f;
  const large = f > 0.5 ? 1 : 0;
  return `M${r3(cx)},${r3(cy - r)}A${r3(r)},${r3(r)} 0 ${large} 1 ${r3(cx + r * Math.cos(a))},${r3(cy + r * Math.sin(a))}`;
}

/** SVG markup (elements only, no `<svg>` wrapper) for `ops`. */
export function paintOpsToSvg(ops: readonly PaintOp[]): string {
  const out: string[] = [];
  for (const op of ops) {
    const opacity = op.alpha === 1 ? '' : ` opacity="${r3(op.alpha)}"`;
    switch (op.op) {
      case 'rect': {
        if (op.fill !== null) {
          out.push(
            `<rect x="${r3(op.x)}" y="${r3(op.y)}" width="${r3(op.w)}" height="${r3(op.h)}" fill="${op.fill}"${opacity}/>`,
          );
        }
        if (op.stroke !== null) {
          const i = op.lineWidth / 2;
          const dash = op.dash === null ? '' : ` stroke-dasharray="${op.dash.join(' ')}"`;
          out.push(
            `<rect x="${r3(op.x + i)}" y="${r3(op.y + i)}" width="${r3(Math.max(0, op.w - op.lineWidth))}" height="${r3(Math.max(0, op.h - op.lineWidth))}" fill="none" stroke="${op.stroke}" stroke-width="${r3(op.lineWidth)}"${dash}${opacity}/>`,
          );
        }
        break;
      }
      case 'hatch': {
        const d = hatchSegments(op)
          .map(([x1, y1, x2, y2]) => `M${r3(x1)},${r3(y1)}L${r3(x2)},${r3(y2)}`)
          .join('');
        out.push(
          `<path d="${d}" stroke="${op.stroke}" stroke-width="${r3(op.lineWidth)}" fill="none"${opacity}/>`,
        );
        break;
      }
      case 'ring': {
        const w = r3(op.lineWidth);
        if (op.track !== null) {
          out.push(
            `<circle cx="${r3(op.cx)}" cy="${r3(op.cy)}" r="${r3(op.r)}" fill="none" stroke="${op.track}" stroke-width="${w}"${opacity}/>`,
          );
        }
        if (op.fraction >= 1) {
          out.push(
            `<circle cx="${r3(op.cx)}" cy="${r3(op.cy)}" r="${r3(op.r)}" fill="none" stroke="${op.stroke}" stroke-width="${w}"${opacity}/>`,
          );
        } else if (op.fraction > 0) {
          out.push(
            `<path d="${ringArcPath(op.cx, op.cy, op.r, op.fraction)}" fill="none" stroke="${op.stroke}" stroke-width="${w}"${opacity}/>`,
          );
        }
        break;
      }
      case 'text': {
        out.push(
          `<text x="${r3(op.x)}" y="${r3(op.y)}" fill="${op.fill}" font-size="${op.fontSize}" font-family="${escapeXml(op.fontFamily)}"${opacity}>${escapeXml(op.text)}</text>`,
        );
        break;
      }
      default:
        assertNever(op);
    }
  }
  return out.join('\n');
}
