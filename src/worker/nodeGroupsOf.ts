/**
 * The cluster map's node groups of a scenario (protocol/nodeGroups.ts): pool first when the scenario has
 * node pools (§24), then the levels of its first topology (§21) above `kubernetes.io/hostname` (a host
 * level would frame every node alone). Null when there is nothing to group by: the map stays a plain grid.
 */
import { poolLabelValue, poolsOf } from '../engine/model/nodePool';
import type { Scenario } from '../engine/model/scenario';
import type { NodeGroupsDto } from '../protocol/nodeGroups';

/** KAI's host level label; the map's node boxes already are that level. */
const HOSTNAME_LABEL = 'kubernetes.io/hostname';

export function nodeGroupsOf(scenario: Scenario): NodeGroupsDto | null {
  const pools = poolsOf(scenario.nodePools);
  const poolByValue = new Map(pools.map((p) => [p.labelValue, p.name]));
  // The first topology: a scenario with several still gets one stable framing (decision 0200).
  const levels = (scenario.topologies?.[0]?.levels ?? []).filter((l) => l.nodeLabel !== HOSTNAME_LABEL);
  if (pools.length === 0 && levels.length === 0) return null;
  const captions = [...(pools.length > 0 ? ['pool'] : []), ...levels.map((l) => l.alias ?? l.nodeLabel)];
  const byNode: Record<string, (string | null)[]> = {};
  for (const node of scenario.nodes) {
    const path: (string | null)[] = [];
    // A node whose pool value no pool has is refused at load (node-pool-mismatch), so the lookup holds.
    if (pools.length > 0) path.push(poolByValue.get(poolLabelValue(node.labels)) ?? null);
    for (const l of levels)
      path.push(Object.hasOwn(node.labels, l.nodeLabel) ? (node.labels[l.nodeLabel] ?? null) : null);
    byNode[node.name] = path;
  }
  return { captions, byNode };
}
