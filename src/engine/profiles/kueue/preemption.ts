/**
 * Kueue's classical preemption (no fair sharing), following kueue @ff69552e:
 * pkg/scheduler/preemption/preemption.go:284-360 (classicalPreemptions, fillBackWorkloads, workloadFits
 * :669-684), pkg/scheduler/preemption/classical/candidate_generator.go (candidate order and validity),
 * classical/hierarchical_preemption.go (variants, hierarchical reclaim, borrowWithinCohort threshold),
 * common/preemption_policy.go (LowerPriority, LowerOrNewerEqualPriority, Any) and common/ordering.go.
 */
import {
  ancestors,
  available,
  borrowingWith,
  isWithinNominal,
  quantitiesFitInQuota,
  usageOf,
  type FlavorResource,
  type QuotaNode,
} from './quotaTree';
import type { Snapshot } from './snapshot';
import type { KueuePreemptionPolicy } from './spec';
import type { Workload } from './workloads';

/** hierarchical_preemption.go:33-46. */
type Variant = 'WithinCQ' | 'HierarchicalReclaim' | 'ReclaimWithoutBorrowing' | 'ReclaimWhileBorrowing';

/** The upstream reason constants (kueue.InClusterQueueReason …) and their plain words (preemption.go:164-170). */
export type PreemptionReason =
  'InClusterQueue' | 'InCohortReclamation' | 'InCohortReclaimWhileBorrowing' | 'InCohortFairSharing';

const REASON: Record<Variant, PreemptionReason> = {
  WithinCQ: 'InClusterQueue',
  HierarchicalReclaim: 'InCohortReclamation',
  ReclaimWithoutBorrowing: 'InCohortReclamation',
  ReclaimWhileBorrowing: 'InCohortReclaimWhileBorrowing',
};

export interface Target {
  readonly workload: Workload;
  readonly reason: PreemptionReason;
  /** The policy that allowed it, for the trace ("withinClusterQueue=LowerPriority"). */
  readonly policy: string;
}

export interface PreemptionRequest {
  readonly preemptor: Workload;
  /** Usage the preemptor's assignment needs (flavor-resource → amount). */
  readonly usage: ReadonlyMap<FlavorResource, number>;
  /** Flavor-resources that did not fit without preemption. */
  readonly needPreemption: ReadonlySet<FlavorResource>;
}

interface Candidate {
  readonly wl: Workload;
  /** Lowest common ancestor cohort with the preemptor's ClusterQueue (null within the same queue). */
  readonly lca: QuotaNode | null;
  readonly variant: Variant;
  readonly policy: string;
}

/** common/preemption_policy.go:27-42 SatisfiesPreemptionPolicy. */
export function satisfiesPolicy(
  preemptor: Workload,
  candidate: Workload,
  policy: KueuePreemptionPolicy,
): boolean {
  const lower = preemptor.priority > candidate.priority;
  if (policy === 'LowerPriority') return lower;
  if (policy === 'LowerOrNewerEqualPriority')
    return lower || (preemptor.priority === candidate.priority && preemptor.createdMs < candidate.createdMs);
  return policy === 'Any';
}

export function usesResources(s: Snapshot, wl: Workload, frs: ReadonlySet<FlavorResource>): boolean {
  for (const fr of s.usageOf(wl).keys()) if (frs.has(fr)) return true;
  return false;
}

/** hierarchical_preemption.go:71-77 IsBorrowingWithinCohortForbidden. */
export function borrowWithinCohortForbidden(
  s: Snapshot,
  cq: string,
): { forbidden: boolean; threshold: number | null } {
  const b = s.spec(cq).preemption.borrowWithinCohort;
  return b.policy === 'Never'
    ? { forbidden: true, threshold: null }
    : { forbidden: false, threshold: b.maxPriorityThreshold };
}

/** hierarchical_preemption.go:81-113 classifyPreemptionVariant (null = Never). */
function classify(
  s: Snapshot,
  req: PreemptionRequest,
  wl: Workload,
  advantage: boolean,
): { variant: Variant; policy: string } | null {
  if (!usesResources(s, wl, req.needPreemption)) return null;
  const cq = req.preemptor.cq;
  const p = s.spec(cq).preemption;
  const same = wl.cq === cq;
  const policy = same ? p.withinClusterQueue : p.reclaimWithinCohort;
  const policyText = same ? `withinClusterQueue=${policy}` : `reclaimWithinCohort=${policy}`;
  if (!satisfiesPolicy(req.preemptor, wl, policy)) return null;
  if (same) return { variant: 'WithinCQ', policy: policyText };
  if (advantage) return { variant: 'HierarchicalReclaim', policy: policyText };
  const bwc = borrowWithinCohortForbidden(s, cq);
  if (bwc.forbidden) return { variant: 'ReclaimWithoutBorrowing', policy: policyText };
  // :115-123 isAboveBorrowingThreshold.
  const above =
    wl.priority >= req.preemptor.priority || (bwc.threshold !== null && wl.priority > bwc.threshold);
  return above
    ? { variant: 'ReclaimWithoutBorrowing', policy: policyText }
    : { variant: 'ReclaimWhileBorrowing', policy: `${policyText}, borrowWithinCohort=LowerPriority` };
}

function candidatesFromQueue(
  s: Snapshot,
  req: PreemptionRequest,
  cq: string,
  lca: QuotaNode | null,
  advantage: boolean,
): Candidate[] {
  const out: Candidate[] = [];
  for (const wl of s.admitted.get(cq) ?? []) {
    const c = classify(s, req, wl, advantage);
    if (c) out.push({ wl, lca, ...c });
  }
  return out;
}

/** hierarchical_preemption.go:149-206 collectCandidatesForHierarchicalReclaim / collectCandidatesInSubtree. */
function hierarchicalCandidates(
  s: Snapshot,
  req: PreemptionRequest,
): { hierarchy: Candidate[]; priority: Candidate[] } {
  const hierarchy: Candidate[] = [];
  const priority: Candidate[] = [];
  const cqNode = s.queue(req.preemptor.cq);
  if (cqNode.parent === null || s.spec(req.preemptor.cq).preemption.reclaimWithinCohort === 'Never')
    return { hierarchy, priority };
  let previous: QuotaNode | null = null;
  let fit = quantitiesFitInQuota(cqNode, req.usage);
  let advantage = fit.fits;
  let remaining = fit.remaining;
  const collect = (current: QuotaNode, root: QuotaNode, skip: QuotaNode | null, list: Candidate[]) => {
    for (const child of current.childCohorts) {
      if (child === skip || isWithinNominal(child, req.needPreemption)) continue;
      collect(child, root, skip, list);
    }
    for (const q of current.childQueues) {
      if (q === cqNode || isWithinNominal(q, req.needPreemption)) continue;
      list.push(...candidatesFromQueue(s, req, q.name, root, advantage));
    }
  };
  for (const current of ancestors(cqNode)) {
    collect(current, current, previous, advantage ? hierarchy : priority);
    fit = quantitiesFitInQuota(current, remaining);
    remaining = fit.remaining;
    advantage = advantage || fit.fits;
    previous = current;
  }
  return { hierarchy, priority };
}

/**
 * common/ordering.go:42-84 CandidatesOrdering: being evicted first, other ClusterQueues before the
 * preemptor's own, lower priority first, admitted more recently first; the name breaks ties (upstream: UID).
 */
export function ordering(cq: string) {
  return (a: { readonly wl: Workload }, b: { readonly wl: Workload }): number =>
    Number(b.wl.evicted) - Number(a.wl.evicted) ||
    Number(a.wl.cq === cq) - Number(b.wl.cq === cq) ||
    a.wl.priority - b.wl.priority ||
    (b.wl.admission?.atMs ?? 0) - (a.wl.admission?.atMs ?? 0) ||
    (a.wl.name < b.wl.name ? -1 : a.wl.name > b.wl.name ? 1 : 0);
}

/** candidate_generator.go:136-157 candidateIsValid (checked against the snapshot as victims are removed). */
function isValid(s: Snapshot, req: PreemptionRequest, c: Candidate, borrow: boolean): boolean {
  if (c.wl.cq === req.preemptor.cq) return true;
  if (borrow && c.variant === 'ReclaimWithoutBorrowing') return false;
  const q = s.queue(c.wl.cq);
  if (isWithinNominal(q, req.needPreemption)) return false;
  for (const n of ancestors(q)) {
    if (n === c.lca) break;
    if (isWithinNominal(n, req.needPreemption)) return false;
  }
  return true;
}

/** preemption.go:669-684 workloadFits (no topology). */
export function workloadFits(s: Snapshot, req: PreemptionRequest, allowBorrowing: boolean): boolean {
  const q = s.queue(req.preemptor.cq);
  for (const [fr, v] of req.usage) {
    if (!allowBorrowing && borrowingWith(q, fr, v)) return false;
    if (v > available(q, fr) + 1e-9) return false;
  }
  return true;
}

/** preemption.go:700-707 queueUnderNominalInResourcesNeedingPreemption (usage strictly below nominal). */
function underNominal(s: Snapshot, req: PreemptionRequest): boolean {
  const q = s.queue(req.preemptor.cq);
  for (const fr of req.needPreemption)
    if ((q.quotas.get(fr)?.nominal ?? 0) <= usageOf(q, fr) + 1e-9) return false;
  return true;
}

/** preemption.go:284-339 classicalPreemptions: the victims that let the preemptor fit, or none. */
export function classicalTargets(s: Snapshot, req: PreemptionRequest): Target[] {
  const cq = req.preemptor.cq;
  const order = ordering(cq);
  const same =
    s.spec(cq).preemption.withinClusterQueue === 'Never' ? [] : candidatesFromQueue(s, req, cq, null, false);
  const { hierarchy, priority } = hierarchicalCandidates(s, req);
  for (const list of [same, priority, hierarchy]) list.sort(order);
  // candidate_generator.go:98-107: evicted candidates of each kind first, then the others, kind by kind.
  const evicted = (l: Candidate[]) => l.filter((c) => c.wl.evicted);
  const live = (l: Candidate[]) => l.filter((c) => !c.wl.evicted);
  const all = [
    ...evicted(hierarchy),
    ...evicted(priority),
    ...evicted(same),
    ...live(hierarchy),
    ...live(priority),
    ...live(same),
  ];
  const noOther = hierarchy.length === 0 && priority.length === 0;
  const forbidden = borrowWithinCohortForbidden(s, cq).forbidden;
  // preemption.go:311-318: which borrowing options are tried, in which order.
  const attempts =
    noOther || (forbidden && !underNominal(s, req))
      ? [true]
      : forbidden && hierarchy.length === 0
        ? [false, true]
        : [true, false];
  for (const borrow of attempts) {
    const targets: Candidate[] = [];
    for (const c of all) {
      if (!isValid(s, req, c, borrow)) continue;
      s.removeWorkload(c.wl);
      targets.push(c);
      if (workloadFits(s, req, borrow)) {
        const kept = fillBack(s, req, targets, borrow);
        for (const t of kept) s.addWorkload(t.wl);
        return kept.map((t) => ({ workload: t.wl, reason: REASON[t.variant], policy: t.policy }));
      }
    }
    for (const t of targets) s.addWorkload(t.wl);
  }
  return [];
}

/** preemption.go:341-354 fillBackWorkloads: give back victims not needed after all (last one kept). */
export function fillBack<T extends { readonly wl: Workload }>(
  s: Snapshot,
  req: PreemptionRequest,
  targets: T[],
  borrow: boolean,
): T[] {
  const out = [...targets];
  for (let i = out.length - 2; i >= 0; i--) {
    const t = out[i] as T;
    s.addWorkload(t.wl);
    if (workloadFits(s, req, borrow)) {
      out[i] = out[out.length - 1] as T;
      out.pop();
    } else s.removeWorkload(t.wl);
  }
  return out;
}
