/**
 * Topology invariant (KAI topology plugin, docs/scenario-format.md §21): every job with a required topology
 * level has all its Running and Pipelined tasks inside one domain of that level: on nodes that carry every
 * label of the topology (KAI pkg/scheduler/plugins/topology/common.go:71-78 @d5bc503) and share the values of
 * the levels down to the required one (a domain's id joins them, topology_structs.go calcDomainId). Read
 * from the snapshot and the scenario's node labels, never by re-running the plugin.
 */
import type { JobSpec, NodeSpec, Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import type { Violation } from './invariants';

export interface TopologyFacts {
  /** Jobs with a required level, by name: the labels that fix the domain, and every label of the topology. */
  constrained: Map<string, { job: JobSpec; labels: string[]; all: string[] }>;
  /** Node labels by node name (scenario nodes and added ones). */
  labels: Map<string, Record<string, string>>;
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
  for (const job of jobs) {
    const c = job.topologyConstraint;
    if (c === undefined || c.requiredLevel === null) continue;
    const topology = scenario.topologies?.find((t) => t.name === c.topology);
    if (topology === undefined) continue;
    const depth = topology.levels.findIndex((l) => l.nodeLabel === c.requiredLevel);
    // Every level must be present for the node to be in the topology; the domain is fixed by those down to
    // the required one.
    const all = topology.levels.map((l) => l.nodeLabel);
    constrained.set(job.name, { job, labels: all.slice(0, depth + 1), all });
  }
  return { constrained, labels };
}

export function checkTopology(snap: SessionSnapshot, facts: TopologyFacts, out: Violation[]): void {
  if (facts.constrained.size === 0) return;
  const domainOf = new Map<string, string>();
  for (const t of snap.tasks) {
    if (t.node === null || (t.status !== 'Running' && t.status !== 'Pipelined')) continue;
    const c = facts.constrained.get(t.job);
    if (c === undefined) continue;
    const labels = facts.labels.get(t.node) ?? {};
    if (!c.all.every((l) => Object.hasOwn(labels, l))) {
      out.push({
        invariant: 'topology-required-domain',
        session: snap.index,
        message: `${t.name} of ${t.job} is on ${t.node}, which is outside topology ${c.job.topologyConstraint?.topology ?? ''}`,
      });
      continue;
    }
    const domain = c.labels.map((l) => labels[l]).join('.');
    const seen = domainOf.get(t.job);
    if (seen === undefined) domainOf.set(t.job, domain);
    else if (seen !== domain)
      out.push({
        invariant: 'topology-required-domain',
        session: snap.index,
        message: `${t.job} has tasks in two ${c.labels.at(-1) ?? ''} domains, ${JSON.stringify(seen)} and ${JSON.stringify(domain)} (${t.name} on ${t.node})`,
      });
  }
}
