/**
 * Queue-tree path helpers (geometry only). Min-runtime resolution itself comes from the engine; these
 * answer "where in the tree" questions for highlighting, e.g. when the user switches the what-if method.
 */

/** The minimal queue shape the helpers need. */
export interface QueueLink {
  name: string;
  parent: string | null;
}

/**
 * The queue and its ancestors, leaf first: `[leaf, parent, …, top]`. A parent missing from `queues` ends
 * the walk (upstream treats such a queue as its own root); a cycle ends it too.
 */
export function ancestryOf(queues: readonly QueueLink[], name: string): string[] {
  const parentOf = new Map<string, string | null>();
  for (const q of queues) parentOf.set(q.name, q.parent);
  return ancestryFrom(parentOf, name);
}

/** {@link ancestryOf} over a prebuilt parent map. */
export function ancestryFrom(parentOf: ReadonlyMap<string, string | null>, name: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let cur: string | null = name;
  while (cur !== null && !seen.has(cur)) {
    out.push(cur);
    seen.add(cur);
    const parent = parentOf.get(cur);
    cur = parent !== undefined && parent !== null && parentOf.has(parent) ? parent : null;
  }
  return out;
}

/**
 * Lowest common ancestor of queues `a` and `b` (a queue is its own ancestor), or null when they sit in
 * different top-level trees (siblings under KAI's implicit shadow root).
 */
export function lcaOf(queues: readonly QueueLink[], a: string, b: string): string | null {
  const parentOf = new Map<string, string | null>();
  for (const q of queues) parentOf.set(q.name, q.parent);
  return lcaFrom(parentOf, a, b);
}

/** {@link lcaOf} over a prebuilt parent map. */
export function lcaFrom(parentOf: ReadonlyMap<string, string | null>, a: string, b: string): string | null {
  const up = new Set(ancestryFrom(parentOf, a));
  for (const q of ancestryFrom(parentOf, b)) if (up.has(q)) return q;
  return null;
}

/**
 * The queues on the way from `from` up to (and including) `ancestor`, leaf first; empty when `ancestor`
 * is not an ancestor of `from`.
 */
export function pathUpTo(
  parentOf: ReadonlyMap<string, string | null>,
  from: string,
  ancestor: string,
): string[] {
  const chain = ancestryFrom(parentOf, from);
  const i = chain.indexOf(ancestor);
  return i < 0 ? [] : chain.slice(0, i + 1);
}
