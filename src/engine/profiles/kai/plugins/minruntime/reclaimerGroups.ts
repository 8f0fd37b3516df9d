/**
 * Who could reclaim a victim, grouped by how the minruntime plugin would resolve the reclaim duration.
 *
 * Under upstream's `lca` method (`resolver.go`, `getReclaimMinRuntime`) the duration depends on the
 * reclaimer's queue: the walk starts one level below the lowest common ancestor of the two leaf queues, or at
 * the victim's top-level queue when they are in different trees. Every reclaimer queue whose LCA with the
 * victim is the same queue therefore gets the same answer, so a victim has at most (depth + 1) distinct
 * answers however many queues wait. Under `queue` the reclaimer plays no part: one group.
 *
 * Groups are found from per-subtree counts of waiting queues, never by resolving every (reclaimer, victim)
 * pair: a tree of 4,000 sibling queues with a waiting job in each costs O(queues), not O(queues²).
 */
import type { QueueNode } from './resolver';

/** How many reclaimer queues a group names; the rest are only counted. */
export const LISTED_RECLAIMER_QUEUES = 5;

export interface ReclaimerGroup {
  /** A waiting queue of the group (the first listed): the preemptor queue the resolver is asked with. */
  representative: string;
  /** Waiting reclaimer queues in tree order (children by name), at most {@link LISTED_RECLAIMER_QUEUES}. */
  queues: readonly string[];
  /** Every waiting reclaimer queue in the group. */
  count: number;
}

/** Index of one session's queue tree and the queues that have a job waiting to be placed. */
/** A queue tree's shape: roots and children by name, and every queue parents-first. */
interface TreeShape {
  children: Map<string, string[]>;
  roots: string[];
  /** Depth-first, parents before children (summariseSubtrees walks it backwards). */
  order: string[];
}

/**
 * The shape per queue map: a new index is made every session (the waiting queues change), while the tree
 * rarely does; sorting 800 queues for every session was a tenth of a long run (issue 12's sweeps). A queue
 * map must therefore not change once an index was made from it (protection models build theirs once).
 */
const shapes = new WeakMap<ReadonlyMap<string, QueueNode>, TreeShape>();

function shapeOf(queues: ReadonlyMap<string, QueueNode>): TreeShape {
  let shape = shapes.get(queues);
  if (shape !== undefined) return shape;
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const node of [...queues.values()].sort((a, b) => byName(a.name, b.name))) {
    // As upstream's getQueueHierarchyPath: a queue whose parent is missing is its own root.
    if (node.parent === null || !queues.has(node.parent)) roots.push(node.name);
    else {
      const list = children.get(node.parent) ?? [];
      list.push(node.name);
      children.set(node.parent, list);
    }
  }
  const order: string[] = [];
  const seen = new Set<string>();
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const q = stack.pop() as string;
    if (seen.has(q)) continue;
    seen.add(q);
    order.push(q);
    const kids = children.get(q) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as string);
  }
  shape = { children, roots, order };
  shapes.set(queues, shape);
  return shape;
}

export class ReclaimerIndex {
  private readonly children: ReadonlyMap<string, readonly string[]>;
  private readonly roots: readonly string[];
  private readonly order: readonly string[];
  /** Waiting queues in each queue's subtree (the queue itself included). */
  private readonly counts = new Map<string, number>();
  /** First listed waiting queues of each subtree, in tree order. */
  private readonly firstNames = new Map<string, readonly string[]>();
  private readonly sortedWaiting: readonly string[];
  /** Groups per victim queue, one map per method (no key text to build: asked for every running job). */
  private readonly groupsByVictim = {
    lca: new Map<string, readonly ReclaimerGroup[]>(),
    queue: new Map<string, readonly ReclaimerGroup[]>(),
  };

  constructor(
    private readonly queues: ReadonlyMap<string, QueueNode>,
    private readonly waiting: ReadonlySet<string>,
  ) {
    this.sortedWaiting = [...waiting].filter((q) => queues.has(q)).sort(byName);
    const shape = shapeOf(queues);
    this.children = shape.children;
    this.roots = shape.roots;
    this.order = shape.order;
    this.summariseSubtrees();
  }

  /**
   * The waiting reclaimers of a victim in `victimQueue`, grouped by the resolution they get under `method`.
   * Jobs in the victim's own queue never reclaim from it (reclaim takes from other queues only). Groups go
   * from the nearest common ancestor upward, then the other trees.
   */
  groups(victimQueue: string, method: 'lca' | 'queue'): readonly ReclaimerGroup[] {
    const byVictim = this.groupsByVictim[method];
    const cached = byVictim.get(victimQueue);
    if (cached !== undefined) return cached;
    const result = method === 'queue' ? this.queueGroups(victimQueue) : this.lcaGroups(victimQueue);
    byVictim.set(victimQueue, result);
    return result;
  }

  private queueGroups(victimQueue: string): ReclaimerGroup[] {
    const others = this.sortedWaiting.filter((q) => q !== victimQueue);
    return others.length === 0
      ? []
      : [
          {
            representative: others[0] as string,
            queues: others.slice(0, LISTED_RECLAIMER_QUEUES),
            count: others.length,
          },
        ];
  }

  private lcaGroups(victimQueue: string): ReclaimerGroup[] {
    if (!this.queues.has(victimQueue)) return [];
    const path = this.pathTo(victimQueue);
    const groups: ReclaimerGroup[] = [];
    // Below the victim's own queue (a victim in a parent queue): the LCA is the victim's queue itself.
    const leaf = path[path.length - 1] as string;
    this.pushGroup(groups, this.childrenOf(leaf), null, this.count(leaf) - (this.waiting.has(leaf) ? 1 : 0));
    for (let i = path.length - 2; i >= 0; i--) {
      const lca = path[i] as string;
      const towardVictim = path[i + 1] as string;
      const count = this.count(lca) - this.count(towardVictim);
      const own = this.waiting.has(lca) ? lca : null;
      this.pushGroup(groups, this.childrenOf(lca), { skip: towardVictim, own }, count);
    }
    const root = path[0] as string;
    const elsewhere = this.sortedWaiting.length - this.count(root);
    this.pushGroup(groups, this.roots, { skip: root, own: null }, elsewhere);
    return groups;
  }

  private pushGroup(
    groups: ReclaimerGroup[],
    subtrees: readonly string[],
    opts: { skip: string; own: string | null } | null,
    count: number,
  ): void {
    if (count <= 0) return;
    const names: string[] = opts?.own != null ? [opts.own] : [];
    for (const child of subtrees) {
      if (names.length >= LISTED_RECLAIMER_QUEUES) break;
      if (child === opts?.skip || this.count(child) === 0) continue;
      for (const n of this.firstNames.get(child) ?? []) {
        if (names.length >= LISTED_RECLAIMER_QUEUES) break;
        names.push(n);
      }
    }
    groups.push({ representative: names[0] as string, queues: names, count });
  }

  private count(queue: string): number {
    return this.counts.get(queue) ?? 0;
  }

  private childrenOf(queue: string): readonly string[] {
    return this.children.get(queue) ?? [];
  }

  /** Root → `queue`, stopping before a repeated queue (the same guard as the resolver's `queuePath`). */
  private pathTo(queue: string): string[] {
    const out: string[] = [];
    const seen = new Set<string>();
    let current: string | null = queue;
    while (current !== null && !seen.has(current)) {
      const node = this.queues.get(current);
      if (node === undefined) break;
      seen.add(current);
      out.push(current);
      current = node.parent;
    }
    return out.reverse();
  }

  /** Counts and first names per subtree, children before parents, without recursion (deep trees). */
  private summariseSubtrees(): void {
    const order = this.order;
    for (let i = order.length - 1; i >= 0; i--) {
      const q = order[i] as string;
      const own = this.waiting.has(q) ? 1 : 0;
      let count = own;
      const names: string[] = own === 1 ? [q] : [];
      for (const child of this.childrenOf(q)) {
        count += this.count(child);
        for (const n of this.firstNames.get(child) ?? []) {
          if (names.length >= LISTED_RECLAIMER_QUEUES) break;
          names.push(n);
        }
      }
      this.counts.set(q, count);
      this.firstNames.set(q, names);
    }
  }
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
