/**
 * A topology's domains as a tree (KAI pkg/scheduler/plugins/topology/topology_plugin.go:76-129 and
 * topology_structs.go @d5bc503): a node that carries every level's label belongs to one domain per level; a
 * domain's id joins the label values from the widest level down with "."; the root holds every such node.
 * Nodes missing a level's label are outside the topology (common.go:71-78). Children keep the order nodes
 * are met in (name order here; upstream's map order, which only matters below the levels it sorts).
 */
import type { TopologySpec } from '../../../../model/topology';
import type { NodeInfo } from '../../framework/NodeInfo';

export const ROOT_LEVEL = 'root';

export interface Domain {
  id: string;
  /** The level's node label, or {@link ROOT_LEVEL}. */
  level: string;
  /** The level as the trace names it: its alias when it has one, else its label. */
  levelName: string;
  children: Domain[];
  /** In name order. */
  nodes: NodeInfo[];
  nodeSet: Set<NodeInfo>;
}

export interface DomainTree {
  topology: TopologySpec;
  root: Domain;
  byLevel: Map<string, Map<string, Domain>>;
}

function newDomain(id: string, level: string, levelName: string): Domain {
  return { id, level, levelName, children: [], nodes: [], nodeSet: new Set() };
}

export function isNodeInTopology(node: NodeInfo, topology: TopologySpec): boolean {
  return topology.levels.every((l) => Object.hasOwn(node.spec.labels, l.nodeLabel));
}

/** Builds the tree over `nodes` (the session's nodes, in name order). */
export function buildDomainTree(topology: TopologySpec, nodes: readonly NodeInfo[]): DomainTree {
  const root = newDomain(ROOT_LEVEL, ROOT_LEVEL, ROOT_LEVEL);
  const byLevel = new Map<string, Map<string, Domain>>([[ROOT_LEVEL, new Map([[ROOT_LEVEL, root]])]]);
  for (const l of topology.levels) byLevel.set(l.nodeLabel, new Map());
  for (const node of nodes) {
    if (!isNodeInTopology(node, topology)) continue;
    let parent = root;
    const parts: string[] = [];
    addNode(root, node);
    for (const l of topology.levels) {
      parts.push(node.spec.labels[l.nodeLabel] as string);
      const id = parts.join('.');
      const level = byLevel.get(l.nodeLabel) as Map<string, Domain>;
      let domain = level.get(id);
      if (domain === undefined) {
        domain = newDomain(id, l.nodeLabel, l.alias ?? l.nodeLabel);
        level.set(id, domain);
        parent.children.push(domain);
      }
      addNode(domain, node);
      parent = domain;
    }
  }
  return { topology, root, byLevel };
}

function addNode(domain: Domain, node: NodeInfo): void {
  domain.nodes.push(node);
  domain.nodeSet.add(node);
}

/**
 * Breadth-first order, deepest level first (KAI topology_utils.go reverseLevelOrder @d5bc503): within a level,
 * domains come in their parents' order, then their own.
 */
export function reverseLevelOrder(root: Domain): Domain[] {
  const levels: Domain[][] = [];
  let current = [root];
  while (current.length > 0) {
    levels.push(current);
    current = current.flatMap((d) => d.children);
  }
  return levels.reverse().flat();
}

/** The domains of `level` under `root`, depth first (KAI node_scoring.go getLevelDomains @d5bc503). */
export function levelDomains(root: Domain, level: string): Domain[] {
  if (root.level === level) return [root];
  return root.children.flatMap((c) => levelDomains(c, level));
}
