/** `topologies` and a job's `topologyConstraint` written back in the scenario format (§21, addition). */
import type { TopologyConstraint, TopologySpec } from '../model/topology';

type Data = Record<string, unknown>;

export function topologyData(t: TopologySpec): Data {
  return { name: t.name, levels: t.levels.map((l) => ({ ...l })) };
}

/** Levels are written as node labels (aliases were resolved when the scenario was read). */
export function topologyConstraintData(c: TopologyConstraint): Data {
  const out: Data = { topology: c.topology };
  if (c.requiredLevel !== null) out['requiredTopologyLevel'] = c.requiredLevel;
  if (c.preferredLevel !== null) out['preferredTopologyLevel'] = c.preferredLevel;
  return out;
}
