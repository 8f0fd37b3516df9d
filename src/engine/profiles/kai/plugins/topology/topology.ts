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
import type { JobInfo } from '../../framework/JobInfo';
import { buildDomainTree, type DomainTree } from './domainTree';
import { subsetNodesForJob, type NodeScores } from './jobFiltering';

export function createTopologyPlugin(): Plugin {
  return {
    name: 'topology',
    onSessionOpen(ssn) {
      if (ssn.topologies.length === 0 || !ssn.jobs.some((j) => j.spec.topologyConstraint !== undefined))
        return;
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
      let scored: { job: JobInfo; scores: NodeScores } | null = null;
      ssn.register('subsetNodes', (job, tasks) => {
        const c = job.spec.topologyConstraint;
        if (c === undefined || tasks.length === 0) return null;
        const tree = treeOf(c.topology);
        if (tree === undefined) return null; // the parser refuses unknown topologies
        return subsetNodesForJob(job, tasks, c, tree, (scores) => {
          scored = scores === null ? null : { job, scores };
        });
      });
      ssn.register('nodeOrder', (task, node) => {
        const s = scored;
        if (s === null || s.job !== task.job) return 0;
        return s.scores.get(node.name) ?? 0;
      });
    },
  };
}
