/**
 * KAI's `Topology` object (kai.scheduler/v1alpha1, KAI pkg/apis/kai/v1alpha1/topology_types.go @d5bc503) and a
 * PodGroup's `spec.topologyConstraint` (KAI pkg/apis/scheduling/v2alpha2/podgroup_types.go:400-415 @d5bc503)
 * as scenario data (docs/scenario-format.md §13, §21). Values are passed on as written; the scenario parser
 * checks them against the format's bounds and reports each at its field.
 */
import type { FieldTracker } from './FieldTracker';

type Data = Record<string, unknown>;

/** The API group of KAI's Topology CRD. */
export const KAI_TOPOLOGY_GROUP = 'kai.scheduler/';

export function mapTopology(t: FieldTracker): Data {
  const out: Data = { name: String(t.get('metadata.name')) };
  const levels = t.peek('spec.levels');
  if (!Array.isArray(levels)) return out;
  out.levels = levels.map((_, i) => {
    const level: Data = {};
    const nodeLabel = t.get(`spec.levels.${i}.nodeLabel`);
    if (nodeLabel !== undefined) level.nodeLabel = nodeLabel;
    const alias = t.get(`spec.levels.${i}.alias`);
    if (alias !== undefined) level.alias = alias;
    return level;
  });
  return out;
}

/** A PodGroup's `spec.topologyConstraint`, or null when it has none (an empty topology name means none). */
export function mapTopologyConstraint(t: FieldTracker): Data | null {
  const topology = t.get('spec.topologyConstraint.topology');
  const required = t.get('spec.topologyConstraint.requiredTopologyLevel');
  const preferred = t.get('spec.topologyConstraint.preferredTopologyLevel');
  if (topology === undefined || topology === '') return null;
  const out: Data = { topology };
  if (required !== undefined && required !== '') out.requiredTopologyLevel = required;
  if (preferred !== undefined && preferred !== '') out.preferredTopologyLevel = preferred;
  return out;
}
