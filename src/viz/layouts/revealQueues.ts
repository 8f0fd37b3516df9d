/**
 * Helpers for the queue tree's collapsed set (the set itself is view state owned by the caller).
 */
import { ancestryOf, type QueueLink } from './lcaOf';

/**
 * `collapsed` without the ancestors of `names`, so those queues become visible (e.g. before drawing an
 * LCA path). Returns the same set when nothing changes, so memoised layouts stay valid.
 */
export function revealQueues(
  collapsed: ReadonlySet<string>,
  queues: readonly QueueLink[],
  names: readonly (string | null)[],
): ReadonlySet<string> {
  const toOpen = new Set<string>();
  for (const name of names) {
    if (name === null) continue;
    // The queue itself may stay collapsed: only its ancestors hide it.
    for (const a of ancestryOf(queues, name).slice(1)) if (collapsed.has(a)) toOpen.add(a);
  }
  if (toOpen.size === 0) return collapsed;
  const next = new Set(collapsed);
  for (const a of toOpen) next.delete(a);
  return next;
}

/** A collapsed set that folds every queue at `depth` (0 = top level) that has children. */
export function collapsedBeyondDepth(queues: readonly QueueLink[], depth: number): Set<string> {
  const hasChildren = new Set<string>();
  for (const q of queues) if (q.parent !== null) hasChildren.add(q.parent);
  const out = new Set<string>();
  for (const q of queues) {
    if (hasChildren.has(q.name) && ancestryOf(queues, q.name).length - 1 === depth) out.add(q.name);
  }
  return out;
}

/** Levels of the queue tree (1 = only top-level queues). */
export function treeDepth(queues: readonly QueueLink[]): number {
  const parentOf = new Map(queues.map((q) => [q.name, q.parent]));
  let deepest = 0;
  for (const q of queues) {
    let depth = 1;
    let p: string | null | undefined = q.parent;
    // Bounded by the queue count: the scenario validator rejects cycles, this guards a bad snapshot anyway.
    while (p !== null && p !== undefined && depth <= queues.length) {
      depth++;
      p = parentOf.get(p);
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}
