/**
 * Paint layers that keep their marks in number arrays, bucketed by style (issue 22, decision 0334): the
 * cluster map's session layer is thousands of same-coloured rectangles and rings, and an op object per mark
 * (and its garbage) was a large part of a 4,000-node session change. A layer either draws itself straight on
 * a canvas or lists its marks as paint ops (export, tests): the same marks, in the same order.
 *
 * Marks within a layer never overlap, so a layer is drawn style by style, in the order of the style keys
 * (as `sortedByColour` ordered op lists before, so op lists are unchanged).
 */
import {
  drawPaintOps,
  drawRectRun,
  drawRingRun,
  rectOp,
  type PaintContext,
  type PaintOp,
  type RectStyle,
  type RingStyle,
} from './paintOps';

/** One layer of the map's session picture. */
export interface PaintLayer {
  /** Appends the layer's marks as paint ops. */
  toOps(out: PaintOp[]): void;
  draw(ctx: PaintContext): void;
}

/** Marks of one colour key; `nums` holds `stride` numbers per mark, `variant` a per-mark style detail. */
interface Bucket<S, V> {
  key: string;
  style: S;
  alpha: number;
  nums: number[];
  variant: V[];
}

function ordered<S, V>(buckets: Bucket<S, V>[]): Bucket<S, V>[] {
  return buckets.length <= 1
    ? buckets
    : [...buckets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Runs of marks `from` … `to - 1` of `b` whose variants are equal (drawn as one path each). */
function forRuns<S, V>(
  b: Bucket<S, V>,
  same: (x: V, y: V) => boolean,
  run: (from: number, to: number) => void,
): void {
  const n = b.variant.length;
  let i = 0;
  while (i < n) {
    let j = i + 1;
    while (j < n && same(b.variant[j] as V, b.variant[i] as V)) j++;
    run(i, j);
    i = j;
  }
}

type Dash = readonly number[] | null;
const sameDash = (a: Dash, b: Dash): boolean =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((v, i) => v === b[i]));

/** Filled and/or stroked rectangles; the dash pattern is a per-mark detail, as in the op lists. */
export class RectLayer implements PaintLayer {
  private readonly buckets: Bucket<Omit<RectStyle, 'dash'>, Dash>[] = [];
  private last: Bucket<Omit<RectStyle, 'dash'>, Dash> | null = null;

  add(
    x: number,
    y: number,
    w: number,
    h: number,
    fill: string | null,
    stroke: string | null = null,
    alpha = 1,
    lineWidth = 1,
    dash: Dash = null,
  ): void {
    const matches = (b: Bucket<Omit<RectStyle, 'dash'>, Dash>): boolean =>
      b.style.fill === fill &&
      b.style.stroke === stroke &&
      b.alpha === alpha &&
      b.style.lineWidth === lineWidth;
    let b = this.last;
    if (b === null || !matches(b)) {
      b = this.buckets.find(matches) ?? null;
      if (b === null) {
        b = {
          key: `${fill}|${stroke}|${alpha}|${lineWidth}`,
          style: { fill, stroke, lineWidth },
          alpha,
          nums: [],
          variant: [],
        };
        this.buckets.push(b);
      }
      this.last = b;
    }
    b.nums.push(x, y, w, h);
    b.variant.push(dash);
  }

  toOps(out: PaintOp[]): void {
    for (const b of ordered(this.buckets)) {
      const { fill, stroke, lineWidth } = b.style;
      for (let i = 0; i < b.variant.length; i++) {
        const k = 4 * i;
        out.push(
          rectOp(b.nums[k]!, b.nums[k + 1]!, b.nums[k + 2]!, b.nums[k + 3]!, fill, {
            stroke,
            lineWidth,
            alpha: b.alpha,
            dash: b.variant[i] ?? null,
          }),
        );
      }
    }
  }

  draw(ctx: PaintContext): void {
    for (const b of ordered(this.buckets)) {
      ctx.globalAlpha = b.alpha;
      forRuns(b, sameDash, (from, to) =>
        drawRectRun(ctx, { ...b.style, dash: b.variant[from] ?? null }, (rect) => {
          for (let i = from; i < to; i++)
            rect(b.nums[4 * i]!, b.nums[4 * i + 1]!, b.nums[4 * i + 2]!, b.nums[4 * i + 3]!);
        }),
      );
    }
  }
}

/** Countdown rings; whether a ring has its faint track is a per-mark detail (small rings have none). */
export class RingLayer implements PaintLayer {
  private readonly buckets: Bucket<Omit<RingStyle, 'track'>, string | null>[] = [];

  add(
    cx: number,
    cy: number,
    r: number,
    fraction: number,
    stroke: string,
    track: string | null,
    lineWidth: number,
    alpha: number,
  ): void {
    let b = this.buckets.find(
      (x) => x.style.stroke === stroke && x.alpha === alpha && x.style.lineWidth === lineWidth,
    );
    if (b === undefined) {
      b = {
        key: `${stroke}|${alpha}|${lineWidth}`,
        style: { stroke, lineWidth },
        alpha,
        nums: [],
        variant: [],
      };
      this.buckets.push(b);
    }
    b.nums.push(cx, cy, r, fraction);
    b.variant.push(track);
  }

  toOps(out: PaintOp[]): void {
    for (const b of ordered(this.buckets)) {
      for (let i = 0; i < b.variant.length; i++) {
        out.push({
          op: 'ring',
          cx: b.nums[4 * i]!,
          cy: b.nums[4 * i + 1]!,
          r: b.nums[4 * i + 2]!,
          fraction: b.nums[4 * i + 3]!,
          stroke: b.style.stroke,
          track: b.variant[i] ?? null,
          lineWidth: b.style.lineWidth,
          alpha: b.alpha,
        });
      }
    }
  }

  draw(ctx: PaintContext): void {
    for (const b of ordered(this.buckets)) {
      ctx.globalAlpha = b.alpha;
      forRuns(
        b,
        (x, y) => x === y,
        (from, to) =>
          drawRingRun(ctx, { ...b.style, track: b.variant[from] ?? null }, (ring) => {
            for (let i = from; i < to; i++)
              ring(b.nums[4 * i]!, b.nums[4 * i + 1]!, b.nums[4 * i + 2]!, b.nums[4 * i + 3]!);
          }),
      );
    }
  }
}

/** A few marks kept as ops (hatching, labels, emphasis), optionally in colour order. */
export class OpsLayer implements PaintLayer {
  constructor(
    readonly ops: PaintOp[],
    private readonly order: (ops: PaintOp[]) => PaintOp[] = (ops) => ops,
  ) {}

  toOps(out: PaintOp[]): void {
    for (const op of this.order(this.ops)) out.push(op);
  }

  draw(ctx: PaintContext): void {
    if (this.ops.length > 0) drawPaintOps(ctx, this.order(this.ops));
  }
}
