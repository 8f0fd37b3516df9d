/**
 * Which queues the stage folds away so the explained path (preemptor -> LCA -> victim, the walk and the
 * selection) stays readable at 1280x720 (issue 22, decision 0271). The layout draws the rest; each fold is
 * counted on the nearest drawn ancestor ("+17 queues"), and the Queue tree tab still shows every queue.
 */
import { compareNames } from './compareNames';
import { ancestryFrom, type QueueLink } from './lcaOf';

/**
 * A parent with more children than this shows only those on the path (or, with no path through it, the first
 * ones by name): at the readable size a compact card is ~160 px wide, so the stage's tree panel holds
 * about three side by side at 1280x720; six keep small gallery trees whole.
 */
export const STAGE_MAX_CHILDREN = 6;
/** Kept when nothing under a crowded parent is on the path. */
const SHOWN_WITHOUT_PATH = STAGE_MAX_CHILDREN - 1;
/**
 * A path deeper than this many levels (root to its deepest queue) drops the queues that merely lie on the
 * way: four levels of compact cards and their role tags are what the panel holds at 14 px.
 */
export const STAGE_MAX_PATH_LEVELS = 4;

/**
 * The queues to hide: children of crowded parents that are neither on the path nor above it, and, on a
 * path deeper than {@link STAGE_MAX_PATH_LEVELS}, the queues between the named ones (with what hangs off
 * them). Queues named in `keep` and top-level queues are never hidden; nor is anything under a collapsed
 * queue (already hidden by it).
 */
export function foldOffPath(
  queues: readonly QueueLink[],
  keep: readonly (string | null)[],
  collapsed: ReadonlySet<string> = new Set(),
): Set<string> {
  const parentOf = new Map<string, string | null>();
  for (const q of queues) parentOf.set(q.name, q.parent);
  const childrenOf = new Map<string, string[]>();
  for (const q of queues) {
    if (q.parent === null || !parentOf.has(q.parent)) continue;
    const list = childrenOf.get(q.parent);
    if (list === undefined) childrenOf.set(q.parent, [q.name]);
    else list.push(q.name);
  }
  const kept = new Set(keep.filter((k): k is string => k !== null && parentOf.has(k)));
  // On the path or above a queue on it.
  const onWay = new Set<string>();
  let levels = 0;
  for (const k of kept) {
    const up = ancestryFrom(parentOf, k);
    levels = Math.max(levels, up.length);
    for (const a of up) onWay.add(a);
  }
  const isRoot = (q: string): boolean => {
    const p = parentOf.get(q);
    return p === null || p === undefined || !parentOf.has(p);
  };

  const hidden = new Set<string>();
  const hideSubtree = (q: string): void => {
    if (kept.has(q) || hidden.has(q)) return;
    hidden.add(q);
    for (const c of childrenOf.get(q) ?? []) if (!onWay.has(c)) hideSubtree(c);
  };

  if (levels > STAGE_MAX_PATH_LEVELS) {
    for (const q of onWay) {
      if (kept.has(q) || isRoot(q)) continue;
      hidden.add(q);
      for (const c of childrenOf.get(q) ?? []) if (!onWay.has(c)) hideSubtree(c);
    }
  }
  for (const [parent, children] of childrenOf) {
    if (collapsed.has(parent) || hidden.has(parent) || children.length <= STAGE_MAX_CHILDREN) continue;
    const onPath = children.filter((c) => onWay.has(c));
    const byName = [...children].sort(compareNames);
    const shown = new Set(onPath.length > 0 ? onPath : byName.slice(0, SHOWN_WITHOUT_PATH));
    for (const c of children) if (!shown.has(c)) hideSubtree(c);
  }
  return hidden;
}
