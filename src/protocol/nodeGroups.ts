/**
 * How the cluster map frames nodes (issue 21): by KAI node pool, then by the levels of the scenario's first
 * topology above the hostname. Derived from node labels in the scenario (data), never from a scheduling
 * decision; the worker computes it once per load (worker/nodeGroupsOf.ts) and the map only draws it.
 */
export interface NodeGroupsDto {
  /**
   * One caption per grouping level, widest first: `pool` for node pools, then each topology level's alias
   * (or its node label when it has none). A frame reads `<caption> <value>`, e.g. `rack rack-a`.
   */
  captions: string[];
  /**
   * Per node name, its value at each level (same length as `captions`); null where the node lacks the
   * level's label (it is outside the topology) — such nodes are framed as `no <caption>`, after the others.
   */
  byNode: Record<string, (string | null)[]>;
}

/** A job's placement constraints as written (issue 21), for the inspector; only jobs that have one. */
export interface JobPlacementDto {
  /** The job's node pool name (§24); null without pools. */
  pool: string | null;
  /** The topology constraint (§21), levels by alias where the level has one; null without a constraint. */
  topology: { name: string; required: string | null; preferred: string | null } | null;
}
