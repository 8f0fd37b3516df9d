/**
 * A KAI job's subgroup tree as the session ended (§22): per subgroup its placed tasks (Running and
 * Pipelined) against its minimum, and whether the tree rule holds there (a leaf: minMember tasks placed; a
 * set: minSubGroup, default all, satisfied children; KAI subgroup_info @d5bc503). Computed by the engine so
 * views draw it without reapplying the rule.
 */
import type { JobSpec } from '../model/scenario';
import type { SubGroupState } from '../model/snapshot';
import type { TaskStatus } from '../model/trace';

export function subGroupStates(
  spec: JobSpec,
  statusOf: (task: string) => TaskStatus,
): SubGroupState[] | undefined {
  const groups = spec.subGroups ?? [];
  if (groups.length === 0) return undefined;
  const out: SubGroupState[] = [];
  const visit = (name: string | null, min: number | null, depth: number): boolean => {
    const children = groups.filter((g) => g.parent === name);
    if (name !== null && children.length === 0) {
      const g = groups.find((x) => x.name === name);
      const tasks = spec.tasks.filter((t) => (t.subGroup ?? 'default') === name);
      const count = (s: TaskStatus) => tasks.filter((t) => statusOf(t.name) === s).length;
      const placed = count('Running') + count('Pipelined');
      const need = g?.minMember ?? 0;
      out.push({
        name,
        depth,
        kind: 'leaf',
        min: need,
        have: placed,
        satisfied: placed >= need,
        running: count('Running'),
        pipelined: count('Pipelined'),
        taskCount: tasks.length,
      });
      return placed >= need;
    }
    const at = out.length;
    if (name !== null)
      out.push({
        name,
        depth,
        kind: 'set',
        min: 0,
        have: 0,
        satisfied: false,
        running: 0,
        pipelined: 0,
        taskCount: 0,
      });
    const have = children.filter((c) => visit(c.name, c.minSubGroup, depth + 1)).length;
    const need = min ?? children.length;
    const row = out[at];
    if (name !== null && row) Object.assign(row, { min: need, have, satisfied: have >= need });
    return have >= need;
  };
  const rootOk = visit(null, spec.minSubGroup ?? null, -1);
  const roots = groups.filter((g) => g.parent === null).length;
  const rootNeed = spec.minSubGroup ?? roots;
  const rootHave = out.filter((s) => s.depth === 0 && s.satisfied).length;
  return [
    {
      name: '',
      depth: -1,
      kind: 'set',
      min: rootNeed,
      have: rootHave,
      satisfied: rootOk,
      running: 0,
      pipelined: 0,
      taskCount: 0,
    },
    ...out,
  ];
}
