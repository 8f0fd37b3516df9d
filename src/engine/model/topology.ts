/**
 * KAI's topology-aware scheduling, as scenario data (docs/scenario-format.md §21, decision 0196).
 *
 * A topology is KAI's `Topology` CRD (KAI pkg/apis/kai/v1alpha1/topology_types.go:44-60 @d5bc503): an ordered
 * list of node label keys, widest first (e.g. zone, rack, hostname). A job's constraint is the PodGroup's
 * `topologyConstraint` (KAI pkg/apis/scheduling/v2alpha2/podgroup_types.go:400-415 @d5bc503).
 */

/** One level of a topology: the node label whose value names the domain, and an optional short alias. */
export interface TopologyLevel {
  nodeLabel: string;
  /** A short name a constraint may use instead of the label (KAI #1788). */
  alias?: string;
}

export interface TopologySpec {
  name: string;
  /** Widest level first, as in the CRD. */
  levels: TopologyLevel[];
}

/**
 * A job's topology constraint with aliases resolved to node labels (KAI pkg/scheduler/api/topology_info/
 * topology_info.go:22-31 @d5bc503 resolves them when the snapshot is taken). Null level = not set.
 */
export interface TopologyConstraint {
  topology: string;
  requiredLevel: string | null;
  preferredLevel: string | null;
}

/** A level as written (alias or label) resolved to its node label; null if the topology has no such level. */
export function resolveTopologyLevel(topology: TopologySpec, level: string): string | null {
  for (const l of topology.levels) if (l.alias === level) return l.nodeLabel;
  for (const l of topology.levels) if (l.nodeLabel === level) return l.nodeLabel;
  return null;
}
