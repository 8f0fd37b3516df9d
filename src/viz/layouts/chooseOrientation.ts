/**
 * Which way the stage lays out its queue tree (decision 0100): left to right suits a wide panel and a
 * shallow tree, top down a tall panel or a deep, narrow one. The stage lays the tree out both ways and keeps
 * the one that shows more at a readable size.
 */
import type { Bounds, Size } from './fitTransform';
import type { TreeOrientation } from './layoutQueueTree';

/** One laid-out candidate: everything it draws, and what it must show (the path or selection), if any. */
export interface OrientationCandidate {
  orientation: TreeOrientation;
  whole: Bounds;
  focus: Bounds | null;
}

/** A layout that is not clearly better does not replace the one before it in the list (left to right). */
const SWITCH_MARGIN = 1.1;

function fitScale(b: Bounds, view: Size, padding: number): number {
  const w = Math.max(1, b.x1 - b.x0);
  const h = Math.max(1, b.y1 - b.y0);
  return Math.min((view.width - 2 * padding) / w, (view.height - 2 * padding) / h);
}

/**
 * Picks, in order of preference: a candidate whose whole drawing fits at `readableScale`; then one whose
 * focus does; then any. Among equals it keeps the earlier one unless a later one is drawn more than 10%
 * larger (scales capped at `maxScale`).
 */
export function chooseOrientation(
  candidates: readonly OrientationCandidate[],
  view: Size,
  options: { readableScale: number; maxScale: number; padding: number },
): TreeOrientation {
  const { readableScale, maxScale, padding } = options;
  const rank = (c: OrientationCandidate) => {
    const whole = Math.min(maxScale, fitScale(c.whole, view, padding));
    const focus = c.focus === null ? whole : Math.min(maxScale, fitScale(c.focus, view, padding));
    const tier = whole >= readableScale ? 2 : focus >= readableScale ? 1 : 0;
    // Where the focus fits, the larger whole scale shows more of the tree around it; where nothing fits,
    // the larger focus scale needs the least panning.
    return { tier, size: tier === 0 ? focus : whole };
  };
  let best: OrientationCandidate | null = null;
  let bestRank = { tier: -1, size: 0 };
  for (const c of candidates) {
    const r = rank(c);
    if (r.tier > bestRank.tier || (r.tier === bestRank.tier && r.size > bestRank.size * SWITCH_MARGIN)) {
      best = c;
      bestRank = r;
    }
  }
  return best?.orientation ?? 'horizontal';
}
