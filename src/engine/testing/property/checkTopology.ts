/**
 * Topology invariant (KAI topology plugin, docs/scenario-format.md §21): every job with a required topology
 * level has all its Running and Pipelined tasks inside one domain of that level: on nodes that carry every
 * label of the topology (KAI pkg/scheduler/plugins/topology/common.go:71-78 @d5bc503) and share the values of
 * the levels down to the required one (a domain's id joins them, topology_structs.go calcDomainId). The same
 * holds for every subgroup with a required level (segments included), pod set by pod set: KAI places each
 * subgroup's tasks of one AllocateJob call in one subset (actions/common/allocate.go:41-136), and pins it to
 * the domain of the active tasks of the pod sets that have tasks in that call only
 * (subtreePodSetsContainingTasks, allocate.go:93-107; job_filtering.go:281-288, 319-353 @d5bc503). A later
 * elastic step that places one task of a sibling pod set is not held to the domain of the others, so a
 * group's pod sets may end in different domains, as upstream leaves them (decision 0358); each pod set's own
 * tasks never do. Read from the snapshot and the scenario's node labels, never by re-running the plugin.
 */
import type { JobSpec, NodeSpec, Scenario } from '../../model/scenario';
import type { TopologyConstraint, TopologySpec } from '../../model/topology';
import type { SessionSnapshot } from '../../model/snapshot';
import type { Violation } from './invariants';

/** One constrained group: a job, or one of its subgroups (then `tasks` names the tasks under it). */
export interface ConstrainedGroup {
  job: JobSpec;
  /** Null for the job itself; else the subgroup's name. */
  subGroup: string | null;
  topology: string;
  /** The labels that fix the domain (widest level down to the required one). */
  labels: string[];
  /** Every label of the topology. */
  all: string[];
  /** Task names under the subgroup; null = every task of the job. */
  tasks: Set<string> | null;
}

export interface TopologyFacts {
  /** Constrained groups by job name. */
  constrained: Map<string, ConstrainedGroup[]>;
  /** Node labels by node name (scenario nodes and added ones). */
  labels: Map<string, Record<string, string>>;
  /** The pod set (leaf subgroup, `default` without one) of each task, by `job/task`. */
  podSetOf: Map<string, string>;
}

function levelsOf(topology: TopologySpec, c: TopologyConstraint): { labels: string[]; all: string[] } {
  const depth = topology.levels.findIndex((l) => l.nodeLabel === c.requiredLevel);
  // Every level must be present for the node to be in the topology; the domain is fixed by those down to
  // the required one.
  const all = topology.levels.map((l) => l.nodeLabel);
  return { labels: all.slice(0, depth + 1), all };
}

/** The task names under each subgroup of a job (a leaf's own tasks, a set's leaves' tasks). */
function tasksUnder(job: JobSpec): Map<string, Set<string>> {
  const groups = job.subGroups ?? [];
  const out = new Map(groups.map((g) => [g.name, new Set<string>()]));
  for (const t of job.tasks) {
    let name: string | null = t.subGroup ?? 'default';
    for (let i = 0; name !== null && i <= groups.length; i++) {
      out.get(name)?.add(t.name);
      const current: string = name;
      name = groups.find((g) => g.name === current)?.parent ?? null;
    }
  }
  return out;
}

export function topologyFacts(scenario: Scenario): TopologyFacts {
  const labels = new Map<string, Record<string, string>>();
  const addNode = (n: NodeSpec) => labels.set(n.name, n.labels);
  scenario.nodes.forEach(addNode);
  const jobs = [...scenario.jobs];
  for (const e of scenario.events) {
    if (e.kind === 'addNode') addNode(e.node);
    if (e.kind === 'submit') jobs.push(e.job);
  }
  const constrained: TopologyFacts['constrained'] = new Map();
  const podSetOf = new Map<string, string>();
  for (const job of jobs)
    for (const t of job.tasks) podSetOf.set(`${job.name}/${t.name}`, t.subGroup ?? 'default');
  const topologyOf = (c: TopologyConstraint | undefined) =>
    c === undefined || c.requiredLevel === null
      ? undefined
      : scenario.topologies?.find((t) => t.name === c.topology);
  for (const job of jobs) {
    const groups: ConstrainedGroup[] = [];
    const c = job.topologyConstraint;
    const topology = topologyOf(c);
    if (c !== undefined && topology !== undefined)
      groups.push({ job, subGroup: null, topology: c.topology, tasks: null, ...levelsOf(topology, c) });
    const under = job.subGroups?.some((g) => g.topologyConstraint !== undefined) ? tasksUnder(job) : null;
    for (const g of job.subGroups ?? []) {
      const sc = g.topologyConstraint;
      const st = topologyOf(sc);
      if (sc === undefined || st === undefined || under === null) continue;
      const tasks = under.get(g.name) ?? new Set<string>();
      groups.push({ job, subGroup: g.name, topology: sc.topology, tasks, ...levelsOf(st, sc) });
    }
    if (groups.length > 0) constrained.set(job.name, groups);
  }
  return { constrained, labels, podSetOf };
}

export function checkTopology(snap: SessionSnapshot, facts: TopologyFacts, out: Violation[]): void {
  if (facts.constrained.size === 0) return;
  // One domain per constrained group and pod set (see the header).
  const domainOf = new Map<ConstrainedGroup, Map<string, string>>();
  for (const t of snap.tasks) {
    if (t.node === null || (t.status !== 'Running' && t.status !== 'Pipelined')) continue;
    const node = t.node;
    const labels = facts.labels.get(node) ?? {};
    for (const c of facts.constrained.get(t.job) ?? []) {
      if (c.tasks !== null && !c.tasks.has(t.name)) continue;
      const podSet = facts.podSetOf.get(`${t.job}/${t.name}`) ?? 'default';
      const group = c.subGroup === null ? t.job : `${t.job} subgroup ${c.subGroup}`;
      const who = podSet === (c.subGroup ?? 'default') ? group : `${group} (pod set ${podSet})`;
      if (!c.all.every((l) => Object.hasOwn(labels, l))) {
        out.push({
          invariant: 'topology-required-domain',
          session: snap.index,
          message: `${t.name} of ${who} is on ${node}, which is outside topology ${c.topology}`,
        });
        continue;
      }
      const domain = c.labels.map((l) => labels[l]).join('.');
      let byPodSet = domainOf.get(c);
      if (byPodSet === undefined) domainOf.set(c, (byPodSet = new Map()));
      const seen = byPodSet.get(podSet);
      if (seen === undefined) byPodSet.set(podSet, domain);
      else if (seen !== domain)
        out.push({
          invariant: 'topology-required-domain',
          session: snap.index,
          message: `${who} has tasks in two ${c.labels.at(-1) ?? ''} domains, ${JSON.stringify(seen)} and ${JSON.stringify(domain)} (${t.name} on ${node})`,
        });
    }
  }
}
