/**
 * A KAI pod group's subgroup tree (KAI pkg/scheduler/api/podgroup_info/subgroup_info @d5bc503): inner nodes
 * (`SubGroupSet`) need `minSubGroup` of their direct children satisfied (all of them when unset), leaves
 * (`PodSet`) need `minMember` of their tasks. Built once per job and session from the spec; every count is
 * read from the tasks' current statuses, so victim simulations that roll back need no bookkeeping here.
 */
import type { JobSpec } from '../../../model/scenario';
import type { TopologyConstraint } from '../../../model/topology';
import type { TaskInfo } from './JobInfo';

export interface PodSetNode {
  readonly kind: 'podset';
  readonly name: string;
  readonly minMember: number;
  readonly tasks: TaskInfo[];
  /** KAI SubGroup.topologyConstraint (factory.go:71-77 @d5bc503); absent = none. */
  readonly constraint?: TopologyConstraint;
}

export interface SubGroupSetNode {
  readonly kind: 'set';
  /** '' for the pod group's root (KAI factory.go:11 RootSubGroupSetName). */
  readonly name: string;
  readonly minSubGroup: number | null;
  /** Direct children: subgroup sets first, then pod sets, each in declaration order (subgroupset.go:94). */
  readonly members: SubGroupMember[];
  /** The subgroup's constraint; the root's is the pod group's own (factory.go:25-33 @d5bc503). */
  constraint?: TopologyConstraint;
}

export type SubGroupMember = PodSetNode | SubGroupSetNode;

/** How many tasks of a pod set count (allocated, active-used, alive...). */
export type TaskCount = (ps: PodSetNode) => number;

/** The tree of a job with `subGroups`, tasks assigned to their leaf; null for a job without them. */
export function buildSubGroupTree(spec: JobSpec, tasks: readonly TaskInfo[]): SubGroupSetNode | null {
  const groups = spec.subGroups ?? [];
  if (groups.length === 0) return null;
  const hasChildren = new Set(groups.map((g) => g.parent).filter((p): p is string => p !== null));
  const podSets = new Map<string, PodSetNode>();
  const sets = new Map<string | null, SubGroupSetNode>();
  const setOf = (name: string | null, min: number | null): SubGroupSetNode => {
    let s = sets.get(name);
    if (!s) {
      s = { kind: 'set', name: name ?? '', minSubGroup: min, members: [] };
      sets.set(name, s);
    }
    return s;
  };
  const root = setOf(null, spec.minSubGroup ?? null);
  if (spec.topologyConstraint !== undefined) root.constraint = spec.topologyConstraint;
  for (const g of groups)
    if (hasChildren.has(g.name)) {
      const set = setOf(g.name, g.minSubGroup);
      if (g.topologyConstraint !== undefined) set.constraint = g.topologyConstraint;
    }
  for (const g of groups)
    if (!hasChildren.has(g.name))
      podSets.set(g.name, {
        kind: 'podset',
        name: g.name,
        minMember: g.minMember,
        tasks: [],
        ...(g.topologyConstraint === undefined ? {} : { constraint: g.topologyConstraint }),
      });
  // Sets before pod sets among a parent's members, as GetMembers lists them (subgroupset.go:94).
  for (const g of groups)
    if (hasChildren.has(g.name)) setOf(g.parent, null).members.push(setOf(g.name, null));
  for (const g of groups) {
    const ps = podSets.get(g.name);
    if (ps) setOf(g.parent, null).members.push(ps);
  }
  for (const t of tasks) podSets.get(t.spec.subGroup ?? 'default')?.tasks.push(t);
  return root;
}

/** KAI `GetMinMembersToSatisfy` (subgroupset.go:88, podset.go:139). */
export function minToSatisfy(m: SubGroupMember): number {
  return m.kind === 'podset' ? m.minMember : (m.minSubGroup ?? m.members.length);
}

/**
 * KAI `GetNumActiveAllocatedMembers` with the count given: a pod set's counted tasks; a set's satisfied
 * direct children (`GetNumActiveAllocatedDirectSubGroups`, subgroupset.go:74).
 */
export function satisfiedMembers(m: SubGroupMember, count: TaskCount): number {
  if (m.kind === 'podset') return count(m);
  let n = 0;
  for (const c of m.members) if (satisfiedMembers(c, count) >= minToSatisfy(c)) n++;
  return n;
}

export function isSatisfied(m: SubGroupMember, count: TaskCount): boolean {
  return satisfiedMembers(m, count) >= minToSatisfy(m);
}

/** Every pod set below (or at) a member, in tree order. */
export function podSetsOf(m: SubGroupMember): PodSetNode[] {
  if (m.kind === 'podset') return [m];
  return m.members.flatMap(podSetsOf);
}

/**
 * Every task of the pod sets under `m` that have a task in `tasks`: what pins a required domain for one
 * allocation call (KAI allocate.go:93-107 `subtreePodSetsContainingTasks` @d5bc503, read by
 * plugins/topology/job_filtering.go:283-288, 319-353).
 */
export function tasksOfPodSetsIn(m: SubGroupMember, tasks: readonly TaskInfo[]): TaskInfo[] {
  const inCall = new Set(tasks);
  return podSetsOf(m)
    .filter((ps) => ps.tasks.some((t) => inCall.has(t)))
    .flatMap((ps) => ps.tasks);
}

/**
 * KAI subgrouporder `orderByAllocationRatio` (plugins/subgrouporder/subgroup_order.go:44 @d5bc503): members
 * below their threshold first; then required (threshold > 0) before optional; optional ones by fewer
 * allocated; required ones by the lower allocated/threshold ratio. Negative = `a` first.
 */
export function compareSubGroupMembers(a: SubGroupMember, b: SubGroupMember, count: TaskCount): number {
  const ac = satisfiedMembers(a, count);
  const bc = satisfiedMembers(b, count);
  const at = minToSatisfy(a);
  const bt = minToSatisfy(b);
  const aSat = ac >= at;
  const bSat = bc >= bt;
  if (!aSat && !bSat) return 0;
  if (!aSat) return -1;
  if (!bSat) return 1;
  if (at === 0 && bt > 0) return 1;
  if (bt === 0 && at > 0) return -1;
  if (at === 0 && bt === 0) return ac - bc;
  return ac / at - bc / bt;
}

/** Members in subgroup order; a stable sort keeps declaration order among equals (upstream: map order). */
export function orderedMembers(set: SubGroupSetNode, count: TaskCount, reverse = false): SubGroupMember[] {
  const sign = reverse ? -1 : 1;
  return [...set.members].sort((a, b) => sign * compareSubGroupMembers(a, b, count));
}

/** Subgroups below their minimum, named by path (`train/workers`), for the trace. */
export function shortSubGroups(root: SubGroupSetNode, count: TaskCount): string[] {
  const out: string[] = [];
  const walk = (m: SubGroupMember, prefix: string): void => {
    const name = m.name === '' ? '' : prefix + m.name;
    const have = satisfiedMembers(m, count);
    const need = minToSatisfy(m);
    if (have < need && m.kind === 'podset') out.push(`${name} (${have} of minMember ${need})`);
    if (m.kind === 'set') {
      if (have < need && m.name !== '') out.push(`${name} (${have} of minSubGroup ${need} subgroups)`);
      for (const c of m.members) walk(c, name === '' ? '' : `${name}/`);
    }
  };
  walk(root, '');
  return out;
}
