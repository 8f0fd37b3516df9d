/**
 * Greedy label placement for callouts over the queue tree: try a few positions around the card (right of
 * a card without visible children, above, below; left- or right-aligned), slide each away from the card
 * until it is clear of the obstacles, and keep the one that moved least.
 */

/** An axis-aligned box. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A placed callout box and its leader line (from the box edge to the card). */
export interface Placement extends Box {
  leader: { x1: number; y1: number; x2: number; y2: number };
}

/** Whether two boxes overlap, with `margin` of clearance. */
export function overlaps(a: Box, b: Box, margin = 0): boolean {
  return (
    a.x < b.x + b.width + margin &&
    b.x < a.x + a.width + margin &&
    a.y < b.y + b.height + margin &&
    b.y < a.y + a.height + margin
  );
}

const STEP = 6;
const MAX_STEPS = 80;
const MARGIN = 4;

interface Candidate {
  x: number;
  y: number;
  dy: number;
  side: 'above' | 'below' | 'right';
}

/**
 * Places a `width` x `height` callout next to `card`. `topClearance` is space kept free above the card
 * (for role tags); `rightClearance` beside it (collapse toggles). Returns the first clear position with
 * the least sliding, or the starting position with the least overlap when nothing is clear.
 */
export function placeCallout(
  card: Box,
  width: number,
  height: number,
  obstacles: readonly Box[],
  options: { canGoRight: boolean; topClearance: number; rightClearance: number },
): Placement {
  const aboveY = card.y - options.topClearance - 6 - height;
  const belowY = card.y + card.height + 8;
  const candidates: Candidate[] = [];
  if (options.canGoRight) {
    const x = card.x + card.width + options.rightClearance + 10;
    const y = card.y + card.height / 2 - height / 2;
    candidates.push({ x, y, dy: STEP, side: 'right' }, { x, y, dy: -STEP, side: 'right' });
  }
  for (const x of [card.x, card.x + card.width - width]) {
    candidates.push({ x, y: aboveY, dy: -STEP, side: 'above' }, { x, y: belowY, dy: STEP, side: 'below' });
  }

  const isClear = (b: Box): boolean => !obstacles.some((o) => overlaps(b, o, MARGIN));
  let best: { c: Candidate; y: number; steps: number } | null = null;
  for (const c of candidates) {
    for (let i = 0; i <= MAX_STEPS; i++) {
      if (best !== null && i >= best.steps) break;
      const y = c.y + i * c.dy;
      if (isClear({ x: c.x, y, width, height })) {
        best = { c, y, steps: i };
        break;
      }
    }
  }
  if (best === null) {
    // Nothing clear: take the start with the fewest overlapped obstacles.
    let fewest = Infinity;
    for (const c of candidates) {
      const n = obstacles.filter((o) => overlaps({ x: c.x, y: c.y, width, height }, o, MARGIN)).length;
      if (n < fewest) {
        fewest = n;
        best = { c, y: c.y, steps: 0 };
      }
    }
  }
  const chosen = best ?? { c: candidates[0] as Candidate, y: aboveY, steps: 0 };
  const { x, side } = chosen.c;
  const y = chosen.y;
  const box = { x, y, width, height };
  const clampX = (v: number): number => Math.max(x + 10, Math.min(x + width - 10, v));
  let leader: Placement['leader'];
  if (side === 'right') {
    const cy = card.y + card.height / 2;
    leader = {
      x1: x,
      y1: Math.max(y + 8, Math.min(y + height - 8, cy)),
      x2: card.x + card.width + options.rightClearance,
      y2: cy,
    };
  } else {
    const lx = clampX(card.x + 16);
    leader =
      side === 'above'
        ? { x1: lx, y1: y + height, x2: lx, y2: card.y }
        : { x1: lx, y1: y, x2: lx, y2: card.y + card.height };
  }
  return { ...box, leader };
}
