/**
 * The zoom transform that shows a content box inside a viewport.
 */

/** An axis-aligned box in content coordinates. */
export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A viewport size in px. */
export interface Size {
  width: number;
  height: number;
}

/** A zoom transform (`screen = content * k + [x, y]`), the shape of d3-zoom's `ZoomTransform`. */
export interface ViewTransform {
  x: number;
  y: number;
  k: number;
}

/** Options of {@link fitTransform}. */
export interface FitOptions {
  /** Space kept free around the content (px). */
  padding?: number;
  /** Smallest scale; below it the content is shown from its top-left corner instead of whole. */
  minScale?: number;
  /** Largest scale (content is never blown up beyond this). */
  maxScale?: number;
  /** Content point kept vertically centred when the content does not fit (default: top edge). */
  focus?: { x: number; y: number };
  /**
   * Content box to keep on screen when the content does not fit at `minScale` (the decision or selection
   * being explained). Centred when it fits; otherwise its top-left corner is kept in view.
   */
  focusBounds?: Bounds | null;
}

/**
 * Fits `bounds` into `size`, centred. When fitting would need a scale below `minScale` (a tall tree of 200
 * queues), the view keeps `minScale`, starts at the left edge and centres `focus` vertically (the root of
 * a left-to-right tree), or starts at the top-left corner without a focus.
 */
export function fitTransform(bounds: Bounds, size: Size, options: FitOptions = {}): ViewTransform {
  const padding = options.padding ?? 16;
  const minScale = options.minScale ?? 0.4;
  const maxScale = options.maxScale ?? 1;
  const w = Math.max(1, bounds.x1 - bounds.x0);
  const h = Math.max(1, bounds.y1 - bounds.y0);
  const availW = Math.max(1, size.width - 2 * padding);
  const availH = Math.max(1, size.height - 2 * padding);
  const k = Math.min(maxScale, availW / w, availH / h);
  if (k >= minScale) {
    return { k, x: (size.width - w * k) / 2 - bounds.x0 * k, y: (size.height - h * k) / 2 - bounds.y0 * k };
  }
  const x = padding - bounds.x0 * minScale;
  const f = options.focusBounds;
  if (f !== undefined && f !== null && Number.isFinite(f.x0)) {
    const k = minScale;
    // Centre the box, but never scroll past the content's own edges.
    const along = (c0: number, c1: number, b0: number, b1: number, view: number): number => {
      const centred = view / 2 - ((c0 + c1) / 2) * k;
      const startInView = padding - c0 * k;
      const wanted = (c1 - c0) * k <= view - 2 * padding ? centred : startInView;
      const lo = view - padding - b1 * k;
      const hi = padding - b0 * k;
      return lo > hi ? hi : Math.min(hi, Math.max(lo, wanted));
    };
    return {
      k,
      x: along(f.x0, f.x1, bounds.x0, bounds.x1, size.width),
      y: along(f.y0, f.y1, bounds.y0, bounds.y1, size.height),
    };
  }
  if (options.focus === undefined) return { k: minScale, x, y: padding - bounds.y0 * minScale };
  return { k: minScale, x, y: size.height / 2 - options.focus.y * minScale };
}
