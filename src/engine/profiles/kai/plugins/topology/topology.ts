/**
 * KAI's `topology` plugin (KAI pkg/scheduler/plugins/topology/topology_plugin.go @d5bc503): for a job with a
 * `topologyConstraint`, it splits the nodes into the domains the job may use, in the order to try them
 * (jobFiltering.ts), and with a preferred level it scores nodes so that the job's tasks gather in as few
 * preferred-level domains as it can (node_scoring.go). A job without a constraint is left alone, as upstream
 * (job_filtering.go:124-137 returns the whole node set). The trees are built when the session opens
 * (OnSessionOpen); the scores are per job (preJobAllocationFn clears them, :59-62).
 *
 * When the scenario has no topology, or no job names one, nothing is registered: upstream's callbacks then
 * return every node as one set and score every node 0, which changes nothing.
 */
import type { Plugin } from '../../framework/Plugin';
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import { buildDomainTree, type DomainTree } from './domainTree';
import { subsetNodesForJob, type NodeScores } from './jobFiltering';

export function createTopologyPlugin(): Plugin {
  return {
    name: 'topology',
    onSessionOpen(ssn) {
      if (ssn.topologies.length === 0 || !ssn.jobs.some(hasAnyConstraint)) return;
      const trees = new Map<string, DomainTree>();
      const treeOf = (name: string): DomainTree | undefined => {
        let tree = trees.get(name);
        if (tree === undefined) {
          const spec = ssn.topologies.find((t) => t.name === name);
          if (spec === undefined) return undefined;
          tree = buildDomainTree(spec, ssn.nodes);
          trees.set(name, tree);
        }
        return tree;
      };
      // Node scores per subgroup of the job being placed ('' = the pod group's root), as upstream keeps
      // `subGroupNodeScores` (topology_plugin.go:35, cleared per job by preJobAllocationFn :53-56).
      let scored: { job: JobInfo; bySubGroup: Map<string, NodeScores> } | null = null;
      ssn.register('subsetNodes', (job, tasks, scope) => {
        const c = scope === undefined ? job.spec.topologyConstraint : scope.constraint;
        const name = scope?.subGroup ?? '';
        if (scored === null || scored.job !== job || name === '') scored = { job, bySubGroup: new Map() };
        if (c === undefined || tasks.length === 0) return null;
        const tree = treeOf(c.topology);
        if (tree === undefined) return null; // the parser refuses unknown topologies
        const bySubGroup = scored.bySubGroup;
        return subsetNodesForJob(
          tasks,
          c,
          tree,
          (scores) => {
            if (scores === null) bySubGroup.delete(name);
            else bySubGroup.set(name, scores);
          },
          {
            nodes: scope?.nodes ?? null,
            active: scope?.podSetTasks ?? job.tasks,
            subGroup: name === '' ? null : name,
          },
        );
      });
      ssn.register('nodeOrder', (task, node) => {
        const s = scored;
        if (s === null || s.job !== task.job) return 0;
        // node_scoring.go:85-95: the task's pod set's scores, else the nearest ancestor's.
        for (const name of subGroupChain(task)) {
          const scores = s.bySubGroup.get(name);
          if (scores !== undefined) return scores.get(node.name) ?? 0;
        }
        return 0;
      });
    },
  };
}

function hasAnyConstraint(job: JobInfo): boolean {
  return (
    job.spec.topologyConstraint !== undefined ||
    (job.spec.subGroups ?? []).some((g) => g.topologyConstraint !== undefined)
  );
}

/** A task's pod set, its parents, then the root (''). */
function subGroupChain(task: TaskInfo): string[] {
  const groups = task.job.spec.subGroups ?? [];
  const out: string[] = [];
  let name: string | null = task.spec.subGroup ?? 'default';
  for (let i = 0; name !== null && i <= groups.length; i++) {
    out.push(name);
    const current: string = name;
    name = groups.find((g) => g.name === current)?.parent ?? null;
  }
  out.push('');
  return out;
}
