/**
 * Kueue's fair-sharing preemption (kueue @ff69552e): pkg/scheduler/preemption/preemption.go:536-589
 * fairPreemptions, :384-470 runFirstFsStrategy, :499-534 runSecondFsStrategy, :603-664 findCandidates;
 * the ClusterQueue ordering of pkg/scheduler/preemption/fairsharing/ordering.go (highest share first,
 * walking down from the root cohort), target.go and least_common_ancestor.go (shares compared at the
 * children of the lowest common cohort), strategy.go (the two strategies). `preemptionTargets` picks this or
 * the classical algorithm as preemption.go:157-161 getTargets does.
 */
import { compareDRS, dominantResourceShare, NEGATIVE_DRS, weightedShare, type DRS } from './fairShare';
import {
  classicalTargets,
  fillBack,
  ordering,
  satisfiesPolicy,
  usesResources,
  workloadFits,
  type PreemptionReason,
  type PreemptionRequest,
  type Target,
} from './preemption';
import { ancestors, borrowingWith, rootOf, type QuotaNode } from './quotaTree';
import type { Snapshot } from './snapshot';
import type { FairSharingStrategy } from './spec';
import type { Workload } from './workloads';
import { describeFairStrategy } from './words';

/** preemption.go:157-161: fair-sharing preemption when the Configuration has fairSharing. */
export function preemptionTargets(s: Snapshot, req: PreemptionRequest): Target[] {
  return s.fairSharing === null
    ? classicalTargets(s, req)
    : fairTargets(s, req, s.fairSharing.preemptionStrategies);
}

interface Picked {
  readonly wl: Workload;
  readonly reason: PreemptionReason;
  readonly policy: string;
}

/** Every ClusterQueue under a cohort, depth first in declaration order (SubtreeClusterQueues). */
function subtreeQueues(n: QuotaNode): QuotaNode[] {
  return [...n.childCohorts.flatMap(subtreeQueues), ...n.childQueues];
}

/** preemption.go:654-664 cqIsBorrowing on a flavor-resource needing preemption. */
function cqIsBorrowing(q: QuotaNode, req: PreemptionRequest): boolean {
  if (q.parent === null) return false;
  for (const fr of req.needPreemption) if (borrowingWith(q, fr, 0)) return true;
  return false;
}

/** preemption.go:630-652 findCandidates (ordered by common/ordering.go CandidatesOrdering). */
function findCandidates(s: Snapshot, req: PreemptionRequest): Workload[] {
  const cq = req.preemptor.cq;
  const p = s.spec(cq).preemption;
  const pick = (q: string, policy: Parameters<typeof satisfiesPolicy>[2]) =>
    (s.admitted.get(q) ?? []).filter(
      (w) => satisfiesPolicy(req.preemptor, w, policy) && usesResources(s, w, req.needPreemption),
    );
  const out: Workload[] = [];
  if (p.withinClusterQueue !== 'Never') out.push(...pick(cq, p.withinClusterQueue));
  const node = s.queue(cq);
  if (node.parent !== null && p.reclaimWithinCohort !== 'Never')
    for (const q of subtreeQueues(rootOf(node))) {
      if (q === node || !cqIsBorrowing(q, req)) continue;
      out.push(...pick(q.name, p.reclaimWithinCohort));
    }
  const order = ordering(cq);
  return out
    .map((wl) => ({ wl }))
    .sort(order)
    .map((c) => c.wl);
}

/** fairsharing/ordering.go TargetClusterQueueOrdering: the next ClusterQueue to take victims from. */
class TargetOrdering {
  readonly byQueue = new Map<string, Workload[]>();
  readonly prunedQueues = new Set<QuotaNode>();
  readonly prunedCohorts = new Set<QuotaNode>();
  readonly preemptorAncestors: Set<QuotaNode>;

  constructor(
    readonly preemptorCq: QuotaNode,
    candidates: readonly Workload[],
  ) {
    this.preemptorAncestors = new Set(ancestors(preemptorCq));
    for (const c of candidates) this.byQueue.set(c.cq, [...(this.byQueue.get(c.cq) ?? []), c]);
  }

  hasWorkload(q: QuotaNode): boolean {
    return (this.byQueue.get(q.name) ?? []).length > 0;
  }

  pop(q: QuotaNode): Workload {
    return (this.byQueue.get(q.name) ?? []).shift() as Workload;
  }

  /** ordering.go:89-122 Iter. */
  *iter(): Generator<QuotaNode> {
    if (this.preemptorCq.parent === null) {
      while (!this.prunedQueues.has(this.preemptorCq) && this.hasWorkload(this.preemptorCq))
        yield this.preemptorCq;
      return;
    }
    const root = rootOf(this.preemptorCq);
    while (!this.prunedCohorts.has(root)) {
      const q = this.nextTarget(root);
      if (q !== null) yield q;
    }
  }

  /** ordering.go:144-226 nextTarget: descend into the child with the highest share. */
  private nextTarget(cohort: QuotaNode): QuotaNode | null {
    let bestQ: QuotaNode | null = null;
    let bestQDrs: DRS = NEGATIVE_DRS;
    for (const q of cohort.childQueues) {
      if (this.prunedQueues.has(q)) continue;
      const drs = dominantResourceShare(q);
      const c = compareDRS(drs, bestQDrs);
      if ((!drs.borrowing && q !== this.preemptorCq) || !this.hasWorkload(q)) this.prunedQueues.add(q);
      else if (c === 0 && bestQ !== null) {
        const order = ordering(this.preemptorCq.name);
        const head = (n: QuotaNode) => ({ wl: (this.byQueue.get(n.name) ?? [])[0] as Workload });
        if (order(head(q), head(bestQ)) < 0) bestQ = q;
      } else if (c === 1) {
        bestQDrs = drs;
        bestQ = q;
      }
    }
    let bestC: QuotaNode | null = null;
    let bestCDrs: DRS = NEGATIVE_DRS;
    for (const child of cohort.childCohorts) {
      if (this.prunedCohorts.has(child)) continue;
      const drs = dominantResourceShare(child);
      if (!drs.borrowing && !this.preemptorAncestors.has(child)) this.prunedCohorts.add(child);
      else if (compareDRS(drs, bestCDrs) >= 0) {
        bestCDrs = drs;
        bestC = child;
      }
    }
    if (bestC === null && bestQ === null) {
      this.prunedCohorts.add(cohort);
      return null;
    }
    // :210-217: on a tie the cohort is entered (the most unfair node inside it can then be chosen).
    if (bestC !== null && compareDRS(bestCDrs, bestQDrs) >= 0) return this.nextTarget(bestC);
    return bestQ;
  }

  /** least_common_ancestor.go: the children of the lowest common cohort on each side (preemptor, target). */
  almostLCAs(target: QuotaNode): [QuotaNode, QuotaNode] {
    let lca: QuotaNode | null = null;
    for (const a of ancestors(target))
      if (this.preemptorAncestors.has(a)) {
        lca = a;
        break;
      }
    const below = (q: QuotaNode): QuotaNode => {
      let at = q;
      while (at.parent !== null && at.parent !== lca) at = at.parent;
      return at;
    };
    return [below(this.preemptorCq), below(target)];
  }
}

/** strategy.go:40-48: S2-a and S2-b. */
function passes(strategy: FairSharingStrategy, preemptorNew: DRS, targetOld: DRS, targetNew: DRS): boolean {
  return strategy === 'LessThanOrEqualToFinalShare'
    ? compareDRS(preemptorNew, targetNew) <= 0
    : compareDRS(preemptorNew, targetOld) < 0;
}

/** preemption.go:690-695 workloadFitsForFairSharing: fits once its own simulated usage is taken out. */
function fitsForFairSharing(s: Snapshot, req: PreemptionRequest): boolean {
  s.removeUsage(req.preemptor.cq, req.usage);
  const ok = workloadFits(s, req, true);
  s.addUsage(req.preemptor.cq, req.usage);
  return ok;
}

/** preemption.go:709-721 queueWithinNominalInResourcesNeedingPreemption (incoming usage included). */
function withinNominal(q: QuotaNode, req: PreemptionRequest): boolean {
  for (const fr of req.needPreemption) if (borrowingWith(q, fr, 0)) return false;
  return true;
}

/** preemption.go:536-589 fairPreemptions. */
export function fairTargets(
  s: Snapshot,
  req: PreemptionRequest,
  strategies: readonly FairSharingStrategy[],
): Target[] {
  const candidates = findCandidates(s, req);
  if (candidates.length === 0) return [];
  const cq = s.queue(req.preemptor.cq);
  const p = s.spec(req.preemptor.cq).preemption;
  // :556-557: shares include the incoming Workload.
  s.addUsage(req.preemptor.cq, req.usage);
  const targets: Picked[] = [];
  const take = (wl: Workload, reason: PreemptionReason, policy: string) => {
    s.removeWorkload(wl);
    targets.push({ wl, reason, policy });
    return fitsForFairSharing(s, req);
  };
  // :384-470 runFirstFsStrategy.
  const first = strategies[0] as FairSharingStrategy;
  const retry: Workload[] = [];
  let fits = false;
  const o1 = new TargetOrdering(cq, candidates);
  // :396-397 FairSharingPreemptWithinNominal (beta, on by default at ff69552e, kube_features.go:635-637).
  const nominalOnly = withinNominal(cq, req);
  first: for (const tq of o1.iter()) {
    if (tq === cq) {
      if (take(o1.pop(tq), 'InClusterQueue', `withinClusterQueue=${p.withinClusterQueue}`)) {
        fits = true;
        break;
      }
      continue;
    }
    if (nominalOnly) {
      const why = `reclaimWithinCohort=${p.reclaimWithinCohort}; ${cq.name} stays within its nominal quota with the workload, so fair sharing shares are not compared`;
      if (take(o1.pop(tq), 'InCohortReclamation', why)) {
        fits = true;
        break;
      }
      continue;
    }
    const [pa, ta] = o1.almostLCAs(tq);
    const preemptorNew = dominantResourceShare(pa);
    const targetOld = dominantResourceShare(ta);
    // :428-443 fsStrategyUnsatisfiable: the preemptor's share is infinite (weight 0) and the target's not.
    if (weightedShare(preemptorNew) === Infinity && weightedShare(targetOld) !== Infinity) {
      while (o1.hasWorkload(tq)) retry.push(o1.pop(tq));
      continue;
    }
    while (o1.hasWorkload(tq)) {
      const wl = o1.pop(tq);
      s.removeWorkload(wl);
      const targetNew = dominantResourceShare(ta);
      s.addWorkload(wl);
      if (!passes(first, preemptorNew, targetOld, targetNew)) {
        retry.push(wl);
        continue;
      }
      const why = describeFairStrategy(first, pa, preemptorNew, ta, targetOld, targetNew);
      if (take(wl, 'InCohortFairSharing', why)) {
        fits = true;
        break first;
      }
      // :461-462: shares changed, the next ClusterQueue may be a different one.
      break;
    }
  }
  // :499-534 runSecondFsStrategy (only LessThanInitialShare can be second, validation.go:389-400).
  if (!fits && strategies.length > 1) {
    const o2 = new TargetOrdering(cq, retry);
    for (const tq of o2.iter()) {
      const [pa, ta] = o2.almostLCAs(tq);
      const preemptorNew = dominantResourceShare(pa);
      const targetOld = dominantResourceShare(ta);
      const wl = o2.pop(tq);
      if (passes('LessThanInitialShare', preemptorNew, targetOld, targetOld)) {
        const why = describeFairStrategy('LessThanInitialShare', pa, preemptorNew, ta, targetOld, null);
        if (take(wl, 'InCohortFairSharing', why)) {
          fits = true;
          break;
        }
      }
      o2.prunedQueues.add(tq);
    }
  }
  s.removeUsage(req.preemptor.cq, req.usage);
  if (!fits) {
    for (const t of targets) s.addWorkload(t.wl);
    return [];
  }
  const kept = fillBack(s, req, targets, true);
  for (const t of kept) s.addWorkload(t.wl);
  return kept.map((t) => ({ workload: t.wl, reason: t.reason, policy: t.policy }));
}
