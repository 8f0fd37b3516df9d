/**
 * Node groups of the cluster map (issue 21): nodes framed by pool, then by topology level, in a stable
 * order. The groups come in as data (the worker reads them off node labels); this only orders and nests.
 */
import { compareNames } from './compareNames';

/** Per grouping level a caption, and per node its value at each level (null = lacks the label). */
export interface ClusterNodeGroups {
  captions: readonly string[];
  byNode: Readonly<Record<string, readonly (string | null)[]>>;
}

/** A group: its frame caption, and either child groups or (at the deepest level) node indices. */
export interface NodeGroupTree {
  /** `pool a100`, `rack rack-a`, or `no rack` for nodes without the level's label. */
  label: string;
  depth: number;
  children: NodeGroupTree[];
  /** Indices into the ordered node list (a contiguous run), at the deepest level only. */
  first: number;
  count: number;
}

const valueAt = (groups: ClusterNodeGroups, node: string, level: number): string | null =>
  (Object.hasOwn(groups.byNode, node) ? groups.byNode[node]?.[level] : undefined) ?? null;

/** Missing values sort after every value, so `no rack` comes last. */
function compareValues(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compareNames(a, b);
}

/**
 * Orders `names` by group path then name, and nests them into groups (one tree per top-level value).
 * Returns the order as indices into `names`.
 */
export function groupClusterNodes(
  names: readonly string[],
  groups: ClusterNodeGroups,
): { order: number[]; roots: NodeGroupTree[] } {
  const depth = groups.captions.length;
  const paths = names.map((n) => Array.from({ length: depth }, (_, l) => valueAt(groups, n, l)));
  const order = names.map((_, i) => i);
  order.sort((a, b) => {
    for (let l = 0; l < depth; l++) {
      const c = compareValues(paths[a]![l]!, paths[b]![l]!);
      if (c !== 0) return c;
    }
    return compareNames(names[a]!, names[b]!);
  });
  const build = (from: number, to: number, level: number): NodeGroupTree[] => {
    const out: NodeGroupTree[] = [];
    let start = from;
    while (start < to) {
      const value = paths[order[start]!]![level]!;
      let end = start + 1;
      while (end < to && paths[order[end]!]![level]! === value) end++;
      const caption = groups.captions[level]!;
      const isLeaf = level === depth - 1;
      out.push({
        label: value === null ? `no ${caption}` : `${caption} ${value}`,
        depth: level,
        children: isLeaf ? [] : build(start, end, level + 1),
        first: start,
        count: end - start,
      });
      start = end;
    }
    return out;
  };
  return { order, roots: depth === 0 ? [] : build(0, names.length, 0) };
}
