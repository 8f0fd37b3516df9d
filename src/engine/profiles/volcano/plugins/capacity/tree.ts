/**
 * Tree helpers of the capacity plugin (volcano `plugins/capacity/capacity.go` @ed72c7c8): share
 * comparison, the level two queues share, the ancestor at a depth, and the `ancestorReclaimLevel`
 * argument.
 */
import type { CapacityAttr } from './queueAttrs';
import { isEmptyRes } from './queueAttrs';

/** Largest accepted `ancestorReclaimLevel` (docs/scenario-format.md §25; the queue tree is at most this deep). */
export const MAX_ANCESTOR_RECLAIM_LEVEL = 100;

/**
 * `parseArguments` (capacity.go:1006-1017): a negative level falls back to 0. The scenario validator has
 * refused anything but an integer in range, so other values do not reach here.
 */
export function ancestorReclaimLevel(args: Record<string, unknown>): number {
  const v = args['ancestorReclaimLevel'];
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 0;
}

/**
 * `compareShareWithDeserved` (capacity.go:1561-1578): smaller share first; on equal shares a queue with
 * a deserved goes before a best-effort one.
 */
export function compareShare(l: CapacityAttr, r: CapacityAttr): number {
  if (l.share === r.share) {
    const lHas = !isEmptyRes(l.deserved);
    const rHas = !isEmptyRes(r.deserved);
    if (lHas === rHas) return 0;
    return lHas ? -1 : 1;
  }
  return l.share < r.share ? -1 : 1;
}

/** `getQueueLevel` (capacity.go:1933-1945): index of the deepest common ancestor (0 = root). */
export function queueLevel(l: CapacityAttr, r: CapacityAttr): number {
  let level = 0;
  const n = Math.min(l.ancestors.length, r.ancestors.length);
  for (let i = 0; i < n; i++) {
    if (l.ancestors[i] !== r.ancestors[i]) return level;
    level = i;
  }
  return level;
}

/** `queueAncestorAtDepth` (capacity.go:1947-1953): 1 = the parent, 2 = the grandparent, … */
export function ancestorAt(attr: CapacityAttr, depth: number): string | null {
  if (depth <= 0 || attr.ancestors.length < depth) return null;
  return attr.ancestors[attr.ancestors.length - depth] ?? null;
}

/** `sharesAnyNonRootAncestorWithinLevel` (capacity.go:1913-1931). */
export function sharesAncestorWithin(a: CapacityAttr, b: CapacityAttr, level: number): boolean {
  if (level <= 0) return false;
  const bs = new Set<string>();
  for (let d = 1; d <= level; d++) {
    const x = ancestorAt(b, d);
    if (x !== null) bs.add(x);
  }
  for (let d = 1; d <= level; d++) {
    const x = ancestorAt(a, d);
    if (x !== null && x !== 'root' && bs.has(x)) return true;
  }
  return false;
}

/**
 * `getReclaimeeAncestorToCheck` (capacity.go:1019-1043): the reclaimee's ancestor at `level` when it is
 * not the root and not the reclaimer's ancestor at that level; null when nothing is to be checked.
 */
export function reclaimeeAncestorToCheck(
  reclaimer: CapacityAttr,
  reclaimee: CapacityAttr,
  level: number,
): string | null {
  const mine = ancestorAt(reclaimee, level);
  if (mine === null || mine === 'root') return null;
  return ancestorAt(reclaimer, level) === mine ? null : mine;
}
