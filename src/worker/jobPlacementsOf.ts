/**
 * Each job's node pool and topology constraint, as the scenario wrote them (protocol/nodeGroups.ts), so the
 * job inspector can say them in words. Only jobs with a pool or a constraint are listed: a scenario with
 * neither sends an empty map.
 */
import { poolsOf } from '../engine/model/nodePool';
import type { Scenario } from '../engine/model/scenario';
import type { JobPlacementDto } from '../protocol/nodeGroups';

export function jobPlacementsOf(scenario: Scenario): Record<string, JobPlacementDto> {
  const pools = poolsOf(scenario.nodePools);
  const poolByValue = new Map(pools.map((p) => [p.labelValue, p.name]));
  const out: Record<string, JobPlacementDto> = {};
  for (const job of scenario.jobs) {
    const c = job.topologyConstraint;
    if (pools.length === 0 && c === undefined) continue;
    const topology = scenario.topologies?.find((t) => t.name === c?.topology);
    // Levels are kept as node labels after load; the inspector names them as the lesson does (alias first).
    const levelName = (label: string | null): string | null =>
      label === null ? null : (topology?.levels.find((l) => l.nodeLabel === label)?.alias ?? label);
    out[job.name] = {
      pool: pools.length === 0 ? null : (poolByValue.get(job.nodePool ?? '') ?? null),
      topology:
        c === undefined
          ? null
          : {
              name: c.topology,
              required: levelName(c.requiredLevel),
              preferred: levelName(c.preferredLevel),
            },
    };
  }
  return out;
}
