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
import type { TaskInfo } from '../../framework/JobInfo';
import type { NodeInfo } from '../../framework/NodeInfo';
import {
  isNodeInTopology,
  levelDomains,
  reverseLevelOrder,
  ROOT_LEVEL,
  type Domain,
  type DomainTree,
} from './domainTree';
import {
  aboveCommonMisfit,
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
  return { plugin: 'topology', point: 'subsetNodes', allowed, message };
}

/**
 * Where a subset is asked for: the nodes the enclosing subgroup's domain left (null = every node), the tasks
 * whose running members pin a required domain (the pod sets being placed, job_filtering.go:283,319-353), and
 * the subgroup named in the trace (null = the job itself).
 */
export interface FilterScope {
  nodes: ReadonlySet<NodeInfo> | null;
  active: readonly TaskInfo[];
  subGroup: string | null;
}

function describe(c: TopologyConstraint, tree: DomainTree, subGroup: string | null): string {
  const name = (label: string) => tree.topology.levels.find((l) => l.nodeLabel === label)?.alias ?? label;
  const parts = [
    c.requiredLevel === null ? null : `required level ${name(c.requiredLevel)}`,
    c.preferredLevel === null ? null : `preferred level ${name(c.preferredLevel)}`,
  ].filter((p) => p !== null);
  const who = subGroup === null ? '' : `Subgroup ${JSON.stringify(subGroup)}: `;
  return `${who}Topology ${JSON.stringify(c.topology)} (${parts.join(', ')}):`;
}

/**
 * The lowest domain holding every node of the topology that `nodes` allows, no deeper than the preferred
 * level (common.go:17-67 lowestCommonDomainID). Without a restriction that is the tree's single-child chain.
 */
function lowestCommonDomain(
  tree: DomainTree,
  c: TopologyConstraint,
  nodes: ReadonlySet<NodeInfo> | null,
): Domain {
  let domain = tree.root;
  for (const l of tree.topology.levels) {
    const inside =
      nodes === null ? domain.children : domain.children.filter((d) => d.nodes.some((n) => nodes.has(n)));
    if (inside.length !== 1) break;
    domain = inside[0] as Domain;
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

/**
 * Nodes of active allocated tasks: allocated (this session), pipelined or running; upstream's
 * activeAllocatedStatuses (Allocated | Pipelined | Binding | Bound | Running, KAI pkg/scheduler/api/pod_status/
 * pod_status.go:71 @d5bc503) leave Releasing out. Counting tasks allocated earlier in the session keeps a job
 * placed one task at a time in the domain of its first ones.
 */
function activeNodes(tasks: readonly TaskInfo[]): Set<string> {
  const out = new Set<string>();
  for (const t of tasks)
    if ((t.status === 'Running' || t.status === 'Pipelined' || t.status === 'Allocated') && t.node !== null)
      out.add(t.node.name);
  return out;
}

/**
 * The domains a subset may be: the common domain's subtree (upstream counts free resources only there,
 * job_filtering.go:55-61, so no other domain fits) and the domains above it, which are judged with no free
 * resources (aboveCommonMisfit: they fit only a job that requests nothing), as upstream leaves them.
 */
function domainsAround(tree: DomainTree, top: Domain): { within: Set<Domain>; above: Set<Domain> } {
  const within = new Set(reverseLevelOrder(top));
  const above = new Set<Domain>();
  const probe = top.nodes[0];
  let cur: Domain | undefined = tree.root;
  while (cur !== undefined && cur !== top && probe !== undefined) {
    within.add(cur);
    above.add(cur);
    cur = cur.children.find((d): boolean => d.nodeSet.has(probe));
  }
  return { within, above };
}

export function subsetNodesForJob(
  tasks: readonly TaskInfo[],
  c: TopologyConstraint,
  tree: DomainTree,
  setScores: (scores: NodeScores | null) => void,
  scope: FilterScope,
): NodeSubsets {
  setScores(null);
  const head = describe(c, tree, scope.subGroup);
  const request = sumRequests(tasks);
  const top = lowestCommonDomain(tree, c, scope.nodes);
  const { within, above } = domainsAround(tree, top);
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
  const active = activeNodes(scope.active);
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
      if (!within.has(d) || (allowedDomains !== null && !allowedDomains.has(d))) continue;
      const why = above.has(d)
        ? aboveCommonMisfit(d, top, tasks, request)
        : domainMisfit(d, tasks, request, podCounts);
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
  const allowed = scope.nodes;
  const subsets = ordered.map((d) => ({
    label: domainName(d),
    nodes: new Set(
      d.nodes.filter((n) => isNodeInTopology(n, tree.topology) && (allowed === null || allowed.has(n))),
    ),
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
