/**
 * Kueue's quota accounting over ClusterQueues and (hierarchical) Cohorts, per flavor and resource, as
 * kueue pkg/cache/scheduler/resource_node.go @ff69552e keeps it: each node has its quotas, a SubtreeQuota
 * (its nominal plus what its children lend, limited by lendingLimit) and a Usage (a cohort counts only what
 * its children use past their local, non-lendable quota).
 */
import type { CohortSpec, KueueSpec, ResourceGroupSpec } from './spec';

/** `resources.FlavorResource` as one key: `flavor/resource`. */
export type FlavorResource = string;
export const frKey = (flavor: string, resource: string): FlavorResource => `${flavor}/${resource}`;

/** Comparisons tolerate float noise (quantities are cores and bytes here, int64 milli-units upstream). */
const EPS = 1e-9;
export const gt = (a: number, b: number): boolean => a > b + EPS;

export interface Quota {
  readonly nominal: number;
  readonly borrowingLimit: number | null;
  readonly lendingLimit: number | null;
}

export interface QuotaNode {
  readonly name: string;
  readonly kind: 'clusterQueue' | 'cohort';
  parent: QuotaNode | null;
  readonly childCohorts: QuotaNode[];
  readonly childQueues: QuotaNode[];
  readonly quotas: Map<FlavorResource, Quota>;
  readonly subtreeQuota: Map<FlavorResource, number>;
  readonly usage: Map<FlavorResource, number>;
  /** `fairSharing.weight` (fair_sharing.go:202-216 parseFairWeight: 1 when unset). */
  readonly fairWeight: number;
}

const get = (m: ReadonlyMap<FlavorResource, number>, fr: FlavorResource): number => m.get(fr) ?? 0;

function quotasOf(groups: readonly ResourceGroupSpec[]): Map<FlavorResource, Quota> {
  const out = new Map<FlavorResource, Quota>();
  for (const g of groups)
    for (const f of g.flavors)
      for (const r of f.resources)
        out.set(frKey(f.name, r.name), {
          nominal: r.nominalQuota,
          borrowingLimit: r.borrowingLimit,
          lendingLimit: r.lendingLimit,
        });
  return out;
}

function node(
  name: string,
  kind: QuotaNode['kind'],
  groups: readonly ResourceGroupSpec[],
  fairWeight: number,
): QuotaNode {
  return {
    fairWeight,
    name,
    kind,
    parent: null,
    childCohorts: [],
    childQueues: [],
    quotas: quotasOf(groups),
    subtreeQuota: new Map(),
    usage: new Map(),
  };
}

/** The forest of one session: every ClusterQueue and Cohort by name, with no usage yet. */
export class QuotaTree {
  readonly queues = new Map<string, QuotaNode>();
  readonly cohorts = new Map<string, QuotaNode>();

  constructor(spec: KueueSpec) {
    for (const c of spec.cohorts)
      this.cohorts.set(c.name, node(c.name, 'cohort', c.resourceGroups, c.fairWeight));
    for (const c of spec.cohorts) this.link(c);
    for (const q of spec.clusterQueues) {
      const n = node(q.name, 'clusterQueue', q.resourceGroups, q.fairWeight);
      this.queues.set(q.name, n);
      const parent = q.cohort === null ? undefined : this.cohorts.get(q.cohort);
      if (parent) {
        n.parent = parent;
        parent.childQueues.push(n);
      }
    }
    for (const c of this.cohorts.values()) if (c.parent === null) updateCohort(c);
    for (const q of this.queues.values()) if (q.parent === null) updateQueue(q);
  }

  private link(c: CohortSpec): void {
    const self = this.cohorts.get(c.name) as QuotaNode;
    const parent = c.parent === null ? undefined : this.cohorts.get(c.parent);
    if (!parent) return;
    self.parent = parent;
    parent.childCohorts.push(self);
  }
}

/** resource_node.go:167-173 updateClusterQueueResourceNode. */
function updateQueue(q: QuotaNode): void {
  q.subtreeQuota.clear();
  for (const [fr, quota] of q.quotas) q.subtreeQuota.set(fr, quota.nominal);
}

/** resource_node.go:190-205 updateCohortResourceNode, :217-227 accumulateFromChild. */
function updateCohort(c: QuotaNode): void {
  c.subtreeQuota.clear();
  c.usage.clear();
  for (const [fr, quota] of c.quotas) c.subtreeQuota.set(fr, quota.nominal);
  const accumulate = (child: QuotaNode) => {
    for (const [fr, v] of child.subtreeQuota)
      c.subtreeQuota.set(fr, get(c.subtreeQuota, fr) + v - localQuota(child, fr));
    for (const [fr, v] of child.usage)
      c.usage.set(fr, get(c.usage, fr) + Math.max(0, v - localQuota(child, fr)));
  };
  for (const child of c.childCohorts) {
    updateCohort(child);
    accumulate(child);
  }
  for (const child of c.childQueues) {
    updateQueue(child);
    accumulate(child);
  }
}

/** resource_node.go:67-72: capacity the node never lends to its parent (SubtreeQuota − lendingLimit). */
export function localQuota(n: QuotaNode, fr: FlavorResource): number {
  const lending = n.quotas.get(fr)?.lendingLimit ?? null;
  return lending === null ? 0 : Math.max(0, get(n.subtreeQuota, fr) - lending);
}

/** resource_node.go:92-95 LocalAvailable. */
export function localAvailable(n: QuotaNode, fr: FlavorResource): number {
  return Math.max(0, localQuota(n, fr) - get(n.usage, fr));
}

/** resource_node.go:106-122 available (may be negative when over-admitted). */
function availableRaw(n: QuotaNode, fr: FlavorResource): number {
  if (n.parent === null) return get(n.subtreeQuota, fr) - get(n.usage, fr);
  let parentAvailable = availableRaw(n.parent, fr);
  const borrowingLimit = n.quotas.get(fr)?.borrowingLimit ?? null;
  if (borrowingLimit !== null) {
    const lq = localQuota(n, fr);
    const storedInParent = get(n.subtreeQuota, fr) - lq;
    const usedInParent = Math.max(0, get(n.usage, fr) - lq);
    parentAvailable = Math.min(storedInParent - usedInParent + borrowingLimit, parentAvailable);
  }
  return localAvailable(n, fr) + parentAvailable;
}

/** clusterqueue_snapshot.go:167-169 Available: never below zero. */
export function available(n: QuotaNode, fr: FlavorResource): number {
  return Math.max(0, availableRaw(n, fr));
}

/** resource_node.go:129-140 potentialAvailable: the most this node could ever get, usage aside. */
export function potentialAvailable(n: QuotaNode, fr: FlavorResource): number {
  if (n.parent === null) return get(n.subtreeQuota, fr);
  let avail = localQuota(n, fr) + potentialAvailable(n.parent, fr);
  const borrowingLimit = n.quotas.get(fr)?.borrowingLimit ?? null;
  if (borrowingLimit !== null) avail = Math.min(get(n.subtreeQuota, fr) + borrowingLimit, avail);
  return avail;
}

/** resource_node.go:144-152 addUsage: usage past the local quota bubbles up to the cohort. */
export function addUsage(n: QuotaNode, fr: FlavorResource, val: number): void {
  const la = localAvailable(n, fr);
  n.usage.set(fr, get(n.usage, fr) + val);
  if (n.parent !== null && gt(val, la)) addUsage(n.parent, fr, val - la);
}

/** resource_node.go:156-165 removeUsage. */
export function removeUsage(n: QuotaNode, fr: FlavorResource, val: number): void {
  const storedInParent = get(n.usage, fr) - localQuota(n, fr);
  n.usage.set(fr, get(n.usage, fr) - val);
  if (storedInParent <= EPS || n.parent === null) return;
  removeUsage(n.parent, fr, Math.min(val, storedInParent));
}

/** clusterqueue_snapshot.go:159-161 (ClusterQueue: against nominal) and cohort_snapshot.go:90-92 (Cohort). */
export function borrowingWith(n: QuotaNode, fr: FlavorResource, val: number): boolean {
  const base = n.kind === 'clusterQueue' ? (n.quotas.get(fr)?.nominal ?? 0) : get(n.subtreeQuota, fr);
  return gt(get(n.usage, fr) + val, base);
}

/** resource_node.go:233-243 QuantitiesFitInQuota. */
export function quantitiesFitInQuota(
  n: QuotaNode,
  requests: ReadonlyMap<FlavorResource, number>,
): { fits: boolean; remaining: Map<FlavorResource, number> } {
  let fits = true;
  const remaining = new Map<FlavorResource, number>();
  for (const [fr, v] of requests) {
    if (gt(get(n.usage, fr) + v, get(n.subtreeQuota, fr))) fits = false;
    remaining.set(fr, Math.max(0, v - localAvailable(n, fr)));
  }
  return { fits, remaining };
}

/** resource_node.go:247-254 IsWithinNominalInResources. */
export function isWithinNominal(n: QuotaNode, frs: Iterable<FlavorResource>): boolean {
  for (const fr of frs) if (gt(get(n.usage, fr), get(n.subtreeQuota, fr))) return false;
  return true;
}

/** Parent, grandparent, … up to the root (PathParentToRoot). */
export function* ancestors(n: QuotaNode): Generator<QuotaNode> {
  for (let at = n.parent; at !== null; at = at.parent) yield at;
}

export function rootOf(n: QuotaNode): QuotaNode {
  let at = n;
  while (at.parent !== null) at = at.parent;
  return at;
}

/** hierarchical_preemption.go:209-215 getNodeHeight. */
function nodeHeight(n: QuotaNode): number {
  let h = Math.min(n.childCohorts.length + n.childQueues.length, 1);
  for (const c of n.childCohorts) h = Math.max(h, nodeHeight(c) + 1);
  return h;
}

/**
 * hierarchical_preemption.go:221-234 FindHeightOfLowestSubtreeThatFits: how far up the cohort tree the
 * request must borrow (0 = within the ClusterQueue's nominal quota), and whether a smaller subtree than
 * the whole tree fits it (so reclaiming in the hierarchy may be possible).
 */
export function heightOfLowestSubtreeThatFits(
  cq: QuotaNode,
  fr: FlavorResource,
  val: number,
): { height: number; smaller: boolean } {
  if (!borrowingWith(cq, fr, val) || cq.parent === null) return { height: 0, smaller: cq.parent !== null };
  let remaining = val - localAvailable(cq, fr);
  for (const n of ancestors(cq)) {
    if (!borrowingWith(n, fr, remaining)) return { height: nodeHeight(n), smaller: n.parent !== null };
    remaining -= localAvailable(n, fr);
  }
  return { height: nodeHeight(rootOf(cq)), smaller: false };
}

/** Usage of a node in one flavor-resource (for traces and figures). */
export const usageOf = (n: QuotaNode, fr: FlavorResource): number => get(n.usage, fr);
export const subtreeQuotaOf = (n: QuotaNode, fr: FlavorResource): number => get(n.subtreeQuota, fr);
