/**
 * Whether a job's promised tasks may still be bound where they were promised without leaving a required
 * topology domain of the job.
 *
 * A promise was checked by the topology plugin together with the job's active tasks when it was made (the
 * previous session). An action run before allocate in this session (preempt, reclaim) may since have placed
 * other tasks of the job, in another domain of a required level: upstream keeps no promise, so its allocate
 * asks the topology plugin again, which keeps the rest of the job to the required-level domain that holds
 * its active allocated pods (KAI pkg/scheduler/plugins/topology/job_filtering.go:282-286, :319-353 @d5bc503;
 * active allocated = Allocated, Pipelined, Binding, Bound, Running, api/pod_status/pod_status.go:71). Such a
 * promise is not bound here: the job goes through ordinary allocate, where the plugin decides.
 */
import type { TopologyConstraint, TopologySpec } from '../../../../model/topology';
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { NodeInfo } from '../../framework/NodeInfo';
import { podSetsOf, type SubGroupMember } from '../../framework/subGroupTree';

interface Group {
  constraint: TopologyConstraint;
  tasks: readonly TaskInfo[];
}

/** The job and each of its subgroups with a required level, with the tasks under it. */
function requiredGroups(job: JobInfo): Group[] {
  const out: Group[] = [];
  const tree = job.subGroupTree;
  if (tree === null) {
    const c = job.spec.topologyConstraint;
    if (c !== undefined && c.requiredLevel !== null) out.push({ constraint: c, tasks: job.tasks });
    return out;
  }
  // The root carries the pod group's own constraint (subGroupTree.ts).
  const walk = (m: SubGroupMember): void => {
    const c = m.constraint;
    if (c !== undefined && c.requiredLevel !== null)
      out.push({ constraint: c, tasks: podSetsOf(m).flatMap((ps) => ps.tasks) });
    if (m.kind === 'set') m.members.forEach(walk);
  };
  walk(tree);
  return out;
}

/** A node's domain id at the required level (label values from the widest level down), null if outside. */
function domainAt(topology: TopologySpec, required: string, node: NodeInfo): string | null {
  const parts: string[] = [];
  for (const l of topology.levels) {
    const v = node.spec.labels[l.nodeLabel];
    if (v === undefined) return null; // outside the topology (common.go:71-78)
    if (parts.length <= topology.levels.findIndex((x) => x.nodeLabel === required)) parts.push(v);
  }
  return parts.join('.');
}

const ACTIVE = new Set(['Allocated', 'Pipelined', 'Running']);

export function promiseKeepsDomains(
  topologies: readonly TopologySpec[],
  job: JobInfo,
  promised: readonly TaskInfo[],
): boolean {
  const binding = new Set(promised);
  for (const { constraint, tasks } of requiredGroups(job)) {
    const topology = topologies.find((t) => t.name === constraint.topology);
    if (topology === undefined || constraint.requiredLevel === null) continue;
    let seen: string | null | undefined;
    for (const t of tasks) {
      const node = binding.has(t) ? t.promisedNode : ACTIVE.has(t.status) ? t.node : null;
      if (node === null) continue;
      const domain = domainAt(topology, constraint.requiredLevel, node);
      if (domain === null || (seen !== undefined && seen !== domain)) return false;
      seen = domain;
    }
  }
  return true;
}
