/**
 * The topology plugin's node subsets for one job (KAI pkg/scheduler/plugins/topology/job_filtering.go:34-110
 * `subSetNodesFn` @d5bc503). In order:
 * 1. the lowest domain shared by every node of the topology (common.go:15-63), stopping at the preferred
 *    level; if even it cannot hold the tasks, the job waits ("not enough resources in …");
 * 2. the levels the job may use (:329-381): from the preferred level up to the required one (or up to the
 *    whole cluster with only a preferred level; only the required level without a preferred one);
 * 3. every domain of those levels that can hold the tasks (:262-301); a job with tasks already running and a
 *    required level keeps to the required-level domains that hold them (:277-282, :303-327);
 * 4. the domains in order: deepest level first, and within a level by bin-packing, the domain whose free
 *    resources the job would fill the most first, ties by id (sortTree :392-427, sortDomainInfos :429-444).
 * The job's tasks are then tried in each domain in turn (KAI actions/common/allocate.go:55-63).
 */
import type { TopologyConstraint } from '../../../../model/topology';
import type { Verdict } from '../../../../model/trace';
import type { NodeSubsets } from '../../framework/extensions';
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import {
  isNodeInTopology,
  levelDomains,
  reverseLevelOrder,
  ROOT_LEVEL,
  type Domain,
  type DomainTree,
} from './domainTree';
import {
  allocatablePodsOf,
  countsPods,
  domainFree,
  domainMisfit,
  domainName,
  requestRatio,
  sumRequests,
} from './domainFit';

/** The nodes each domain order gives its tasks: nodes of a later preferred-level domain score higher. */
export type NodeScores = Map<string, number>;

/** KAI scores.Topology (KAI pkg/scheduler/plugins/scores/scores.go @d5bc503): above every other node score. */
const TOPOLOGY_SCORE = 100000;

function verdict(allowed: boolean, message: string): Verdict {
  return { plugin: 'topology', point: 'subsetNodes', allowed, message, detail: null };
}

function describe(c: TopologyConstraint, tree: DomainTree): string {
  const name = (label: string) => tree.topology.levels.find((l) => l.nodeLabel === label)?.alias ?? label;
  const parts = [
    c.requiredLevel === null ? null : `required level ${name(c.requiredLevel)}`,
    c.preferredLevel === null ? null : `preferred level ${name(c.preferredLevel)}`,
  ].filter((p) => p !== null);
  return `Topology ${JSON.stringify(c.topology)} (${parts.join(', ')}):`;
}

/** The lowest domain holding every node of the topology, no deeper than the preferred level (common.go). */
function lowestCommonDomain(tree: DomainTree, c: TopologyConstraint): Domain {
  let domain = tree.root;
  for (const l of tree.topology.levels) {
    if (domain.children.length !== 1) break;
    domain = domain.children[0] as Domain;
    if (l.nodeLabel === c.preferredLevel) break;
  }
  return domain;
}

/** Levels the job may use, lowest first (calculateRelevantDomainLevels). */
function relevantLevels(tree: DomainTree, c: TopologyConstraint): string[] {
  const lowestFirst = [...tree.topology.levels.map((l) => l.nodeLabel)].reverse().concat(ROOT_LEVEL);
  const out: string[] = [];
  let found = false;
  for (const level of lowestFirst) {
    if (level === c.preferredLevel || level === c.requiredLevel) found = true;
    if (found) out.push(level);
    if (level === c.requiredLevel) break;
  }
  return out;
}

/** Sorts children by bin-packing down to `maxLevel` (sortTree): the fullest relative to the request first. */
function sortTree(domain: Domain, request: ReturnType<typeof sumRequests>, maxLevel: string): void {
  const ratio = new Map(domain.children.map((c) => [c, requestRatio(request, domainFree(c))]));
  domain.children.sort(
    (a, b) => (ratio.get(b) as number) - (ratio.get(a) as number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  if (domain.level === maxLevel) return;
  for (const c of domain.children) sortTree(c, request, maxLevel);
}

/** Node scores for a preferred level (node_scoring.go calculateNodeScores :45-60). */
function preferredScores(domain: Domain, preferred: string): NodeScores {
  const ordered = levelDomains(domain, preferred);
  const scores: NodeScores = new Map();
  ordered.forEach((d, i) => {
    const score = Math.floor(((i + 1) / ordered.length) * 10) * TOPOLOGY_SCORE;
    for (const n of d.nodes) scores.set(n.name, score);
  });
  return scores;
}

/** Active tasks of the job (running, pipelined or releasing: upstream's active allocated statuses). */
function activeNodes(job: JobInfo): Set<string> {
  const out = new Set<string>();
  for (const t of job.tasks)
    if ((t.status === 'Running' || t.status === 'Pipelined' || t.status === 'Releasing') && t.node !== null)
      out.add(t.node.name);
  return out;
}

export function subsetNodesForJob(
  job: JobInfo,
  tasks: readonly TaskInfo[],
  c: TopologyConstraint,
  tree: DomainTree,
  setScores: (scores: NodeScores | null) => void,
): NodeSubsets {
  setScores(null);
  const head = describe(c, tree);
  const request = sumRequests(tasks);
  const top = lowestCommonDomain(tree, c);
  const podCounts = countsPods(tasks) ? allocatablePodsOf(top, tasks) : null;
  const topMisfit = domainMisfit(top, tasks, request, podCounts);
  if (topMisfit !== null) {
    const where = top.level === ROOT_LEVEL ? 'the cluster' : domainName(top);
    return {
      subsets: [],
      verdict: verdict(false, `${head} not enough resources in ${where} for the job (${topMisfit}).`),
    };
  }
  const preferred = c.preferredLevel;
  sortTree(top, request, preferred ?? c.requiredLevel ?? ROOT_LEVEL);
  if (preferred !== null) setScores(preferredScores(top, preferred));
  const levels = relevantLevels(tree, c);
  let allowedDomains: Set<Domain> | null = null;
  const active = activeNodes(job);
  if (active.size > 0 && c.requiredLevel !== null) {
    // Pods already placed fix the required-level domain: only it and its subtree remain.
    allowedDomains = new Set();
    for (const d of tree.byLevel.get(c.requiredLevel)?.values() ?? [])
      if (d.nodes.some((n) => active.has(n.name)))
        for (const s of reverseLevelOrder(d)) allowedDomains.add(s);
  }
  const fitting = new Set<Domain>();
  const misfits: string[] = [];
  for (const [i, level] of levels.entries()) {
    for (const d of tree.byLevel.get(level)?.values() ?? []) {
      if (allowedDomains !== null && !allowedDomains.has(d)) continue;
      const why = domainMisfit(d, tasks, request, podCounts);
      if (why === null) fitting.add(d);
      else if (i === levels.length - 1) misfits.push(why);
    }
  }
  const ordered = reverseLevelOrder(tree.root).filter((d) => fitting.has(d));
  if (ordered.length === 0) {
    const shown = misfits.slice(0, 4).join('; ');
    const more = misfits.length > 4 ? `; and ${misfits.length - 4} more` : '';
    const pinned = allowedDomains !== null ? ' (its running tasks keep it to their domain)' : '';
    return {
      subsets: [],
      verdict: verdict(
        false,
        `${head} no domain can hold all ${tasks.length} tasks${pinned}: ${shown}${more}.`,
      ),
    };
  }
  const subsets = ordered.map((d) => ({
    label: domainName(d),
    nodes: new Set(d.nodes.filter((n) => isNodeInTopology(n, tree.topology))),
  }));
  const first = subsets.length === 1 ? '' : `; the fullest fitting domain first (bin-packing)`;
  return {
    subsets,
    verdict: verdict(
      true,
      `${head} ${subsets.length} domain${subsets.length === 1 ? '' : 's'} can hold the ${tasks.length} task${tasks.length === 1 ? '' : 's'}${first}.`,
    ),
  };
}
