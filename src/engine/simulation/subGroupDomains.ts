/**
 * Where each constrained subgroup of a job sits (§21/§22, addition): its topology constraint in words and
 * the domains of its placed tasks (Running, Pipelined) at the constraint's level (required, else preferred),
 * read from the nodes' labels as KAI names domains (values from the widest level down joined with ".",
 * KAI pkg/scheduler/plugins/topology/topology_plugin.go:96 calcDomainId @d5bc503). The engine writes it into
 * the snapshot so the inspector shows it as text without knowing topologies.
 */
import type { JobSpec } from '../model/scenario';
import type { SubGroupState } from '../model/snapshot';
import type { TopologySpec } from '../model/topology';
import type { TaskStatus } from '../model/trace';

export interface PlacedTask {
  status: TaskStatus;
  node: string | null;
}

export function addSubGroupDomains(
  spec: JobSpec,
  rows: SubGroupState[],
  tasks: ReadonlyMap<string, PlacedTask>,
  labelsOf: (node: string) => Record<string, string> | undefined,
  topologies: readonly TopologySpec[],
): void {
  const groups = spec.subGroups ?? [];
  for (const row of rows) {
    const g = groups.find((x) => x.name === row.name);
    const c = g?.topologyConstraint;
    const topology = c && topologies.find((t) => t.name === c.topology);
    if (c === undefined || topology === undefined) continue;
    const name = (label: string) => topology.levels.find((l) => l.nodeLabel === label)?.alias ?? label;
    const level = c.requiredLevel ?? c.preferredLevel;
    if (level === null) continue;
    row.topology = [
      c.requiredLevel === null ? null : `requires one ${name(c.requiredLevel)}`,
      c.preferredLevel === null ? null : `prefers one ${name(c.preferredLevel)}`,
    ]
      .filter((p) => p !== null)
      .join(', ')
      .concat(` of topology ${c.topology}`);
    const depth = topology.levels.findIndex((l) => l.nodeLabel === level);
    const under = tasksUnder(spec, row.name);
    const ids = new Set<string>();
    for (const t of under) {
      const placed = tasks.get(t);
      if (placed === undefined || placed.node === null) continue;
      if (placed.status !== 'Running' && placed.status !== 'Pipelined') continue;
      const labels = labelsOf(placed.node) ?? {};
      ids.add(
        topology.levels
          .slice(0, depth + 1)
          .map((l) => labels[l.nodeLabel] ?? '?')
          .join('.'),
      );
    }
    const sorted = [...ids].sort();
    row.domain =
      sorted.length === 0
        ? 'not placed'
        : `${name(level)}${sorted.length === 1 ? '' : 's'} ${sorted.map((d) => JSON.stringify(d)).join(', ')}`;
  }
}

/** Task names in the pod sets under a subgroup. */
function tasksUnder(spec: JobSpec, name: string): string[] {
  const groups = spec.subGroups ?? [];
  const inside = (leaf: string): boolean => {
    let cur: string | null = leaf;
    for (let i = 0; cur !== null && i <= groups.length; i++) {
      if (cur === name) return true;
      const current: string = cur;
      cur = groups.find((g) => g.name === current)?.parent ?? null;
    }
    return false;
  };
  return spec.tasks.filter((t) => inside(t.subGroup ?? 'default')).map((t) => t.name);
}
