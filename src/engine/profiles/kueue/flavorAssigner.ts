/**
 * Kueue's flavor assignment for a Workload of one pod set (kueue pkg/scheduler/flavorassigner/
 * flavorassigner.go @ff69552e): per resource group, flavors in the ClusterQueue's order; a flavor whose
 * node labels conflict with the pods' node selector is skipped (:1212-1260); each requested resource is
 * Fit, Preempt (reclaim / preempt / no candidates, simulated by the preemption oracle) or NoFit
 * (:1334-1384); the flavor's mode is its worst resource's, and flavorFungibility decides whether to stop
 * or try the next flavor (:1263-1280, isPreferred :536-576).
 */
import type { ResourceName } from '../../model/resources';
import { preemptionTargets } from './fairPreemption';
import {
  available,
  frKey,
  gt,
  heightOfLowestSubtreeThatFits,
  potentialAvailable,
  type FlavorResource,
} from './quotaTree';
import type { Snapshot } from './snapshot';
import type { FlavorFungibilitySpec, ResourceFlavorSpec } from './spec';
import type { Workload } from './workloads';

/** flavorassigner.go:524-530 preemptionMode, worst to best. */
export const MODE_RANK = { noFit: 0, noPreemptionCandidates: 1, preempt: 2, reclaim: 3, fit: 4 } as const;
export type PreemptionMode = keyof typeof MODE_RANK;

export interface GranularMode {
  readonly mode: PreemptionMode;
  /** How far up the cohort tree the quota comes from (0 = the ClusterQueue's own nominal quota). */
  readonly borrow: number;
  /** What did not fit, in upstream's words (flavorassigner.go:1350-1378); absent when it fits. */
  readonly why?: string;
}

const WORST: GranularMode = { mode: 'noFit', borrow: Number.MAX_SAFE_INTEGER };
const BEST: GranularMode = { mode: 'fit', borrow: 0 };

/** isPreferred (flavorassigner.go:536-576): is `a` better than `b` under the fungibility preference. */
function isPreferred(a: GranularMode, b: GranularMode, f: FlavorFungibilitySpec): boolean {
  if (a.mode === 'noFit') return false;
  if (b.mode === 'noFit') return true;
  const aNone = a.mode === 'noPreemptionCandidates';
  if (aNone !== (b.mode === 'noPreemptionCandidates')) return !aNone;
  if (f.preference === 'PreemptionOverBorrowing') {
    if (a.borrow !== b.borrow) return a.borrow < b.borrow;
    return MODE_RANK[a.mode] > MODE_RANK[b.mode];
  }
  if (a.mode !== b.mode) return MODE_RANK[a.mode] > MODE_RANK[b.mode];
  return a.borrow < b.borrow;
}

/** shouldTryNextFlavor (flavorassigner.go:1263-1280). */
function shouldTryNext(m: GranularMode, f: FlavorFungibilitySpec): boolean {
  if (m.mode === 'noFit' || m.mode === 'noPreemptionCandidates') return true;
  if ((m.mode === 'preempt' || m.mode === 'reclaim') && f.whenCanPreempt === 'TryNextFlavor') return true;
  return m.borrow !== 0 && f.whenCanBorrow === 'TryNextFlavor';
}

export interface GroupAssignment {
  readonly flavor: string | null;
  readonly mode: GranularMode;
  /** Per flavor tried, what was found (plain words, for the trace). */
  readonly tried: string[];
}

export interface Assignment {
  /** Resource → flavor; empty when nothing fits. */
  readonly flavors: Map<ResourceName, string>;
  /** Fit / Preempt / NoFit (flavorAssignmentMode, :605-620): the worst over the resource groups. */
  readonly mode: 'Fit' | 'Preempt' | 'NoFit';
  /** Assignment.Borrows (:176-180): the largest borrowing level. */
  readonly borrows: number;
  readonly usage: Map<FlavorResource, number>;
  /** Flavor-resources that did not fit without preemption (flavorResourcesNeedPreemption). */
  readonly needPreemption: Set<FlavorResource>;
  /** Why, in plain words: one clause per resource group. */
  readonly message: string;
}

function describeMode(m: GranularMode): string {
  const why = m.why === undefined ? '' : ` (${m.why})`;
  switch (m.mode) {
    case 'fit':
      return m.borrow === 0 ? 'fits in its nominal quota' : `fits by borrowing (level ${m.borrow})`;
    case 'reclaim':
      return `fits if workloads of other ClusterQueues are reclaimed${why}`;
    case 'preempt':
      return `fits if workloads are preempted${why}`;
    case 'noPreemptionCandidates':
      return `would need preemption, but no workload may be preempted${why}`;
    default:
      return `does not fit${why}`;
  }
}

/** fitsResourceQuota (flavorassigner.go:1334-1384) for one flavor-resource. */
function fitsResourceQuota(s: Snapshot, w: Workload, fr: FlavorResource, val: number): GranularMode {
  const q = s.queue(w.cq);
  const [flavor, resource] = fr.split('/') as [string, string];
  const max = potentialAvailable(q, fr);
  if (gt(val, max))
    return {
      mode: 'noFit',
      borrow: 0,
      why: `insufficient quota for ${resource} in flavor ${flavor}: request ${fmt(val)} > maximum capacity ${fmt(max)}`,
    };
  const { height, smaller } = heightOfLowestSubtreeThatFits(q, fr, val);
  const avail = available(q, fr);
  if (!gt(val, avail)) return { mode: 'fit', borrow: height };
  const short = `insufficient unused quota for ${resource} in flavor ${flavor}, ${fmt(val - avail)} more needed`;
  const nominal = q.quotas.get(fr)?.nominal ?? 0;
  // :1386-1389 canPreemptWhileBorrowing: borrowWithinCohort, or fair sharing with reclaimWithinCohort.
  const p = s.spec(w.cq).preemption;
  const whileBorrowing =
    p.borrowWithinCohort.policy !== 'Never' || (s.fairSharing !== null && p.reclaimWithinCohort !== 'Never');
  if (!(nominal >= val - 1e-9 || smaller || whileBorrowing))
    return {
      mode: 'noFit',
      borrow: height,
      why: `${short}; the request is above the nominal quota and neither borrowWithinCohort nor fair sharing with reclaimWithinCohort allows preempting while borrowing`,
    };
  // preemption_oracle.go:33-68 SimulatePreemption for this flavor-resource alone.
  const targets = preemptionTargets(s, {
    preemptor: w,
    usage: new Map([[fr, val]]),
    needPreemption: new Set([fr]),
  });
  if (targets.length === 0) return { mode: 'noPreemptionCandidates', borrow: height, why: short };
  for (const t of targets) s.removeWorkload(t.workload);
  const after = heightOfLowestSubtreeThatFits(q, fr, val).height;
  for (const t of targets) s.addWorkload(t.workload);
  return {
    mode: targets.some((t) => t.workload.cq === w.cq) ? 'preempt' : 'reclaim',
    borrow: after,
    why: short,
  };
}

const fmt = (v: number): string => (Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000));

/** flavorSelector match (:1248-1258): only the flavor's own label keys are compared with the pods' selector. */
function flavorMatches(
  flavor: ResourceFlavorSpec | undefined,
  selector: Readonly<Record<string, string>>,
): boolean {
  if (!flavor) return false;
  return Object.entries(flavor.nodeLabels).every(([k, v]) => selector[k] === undefined || selector[k] === v);
}

/** findFlavorForPodSets (:1065-1208) for one resource group. */
function assignGroup(
  s: Snapshot,
  w: Workload,
  group: { coveredResources: readonly ResourceName[]; flavors: readonly { name: string }[] },
  flavors: ReadonlyMap<string, ResourceFlavorSpec>,
): GroupAssignment {
  const f = s.spec(w.cq).flavorFungibility;
  const requested = group.coveredResources.filter((r) => w.requests.has(r));
  let best: GroupAssignment = { flavor: null, mode: WORST, tried: [] };
  const tried: string[] = [];
  for (const { name } of group.flavors) {
    if (!flavorMatches(flavors.get(name), w.nodeSelector)) {
      tried.push(`flavor ${name} does not match the pods' node selector`);
      continue;
    }
    let rep = BEST;
    for (const r of requested) {
      const m = fitsResourceQuota(s, w, frKey(name, r), w.requests.get(r) ?? 0);
      if (isPreferred(rep, m, f)) rep = m;
      if (rep.mode === 'noFit') break;
    }
    tried.push(`flavor ${name}: ${describeMode(rep)}`);
    if (!shouldTryNext(rep, f)) return { flavor: name, mode: rep, tried };
    if (isPreferred(rep, best.mode, f)) best = { flavor: name, mode: rep, tried };
  }
  return { ...best, tried };
}

/** assignFlavors (:708-915) for the Workload's single pod set. */
export function assignFlavors(
  s: Snapshot,
  w: Workload,
  flavors: ReadonlyMap<string, ResourceFlavorSpec>,
): Assignment {
  const cq = s.spec(w.cq);
  const out = new Map<ResourceName, string>();
  const needPreemption = new Set<FlavorResource>();
  const clauses: string[] = [];
  let worst: PreemptionMode = 'fit';
  let borrows = 0;
  const covered = new Set(cq.resourceGroups.flatMap((g) => g.coveredResources));
  for (const r of w.requests.keys())
    if (!covered.has(r)) {
      clauses.push(`resource ${r} is not covered by ClusterQueue ${cq.name}`);
      worst = 'noFit';
    }
  for (const g of cq.resourceGroups) {
    if (!g.coveredResources.some((r) => w.requests.has(r))) continue;
    const a = assignGroup(s, w, g, flavors);
    clauses.push(a.tried.join('; '));
    if (a.flavor === null || a.mode.mode === 'noFit') {
      worst = 'noFit';
      continue;
    }
    if (MODE_RANK[a.mode.mode] < MODE_RANK[worst]) worst = a.mode.mode;
    borrows = Math.max(borrows, a.mode.borrow);
    for (const r of g.coveredResources) {
      if (!w.requests.has(r)) continue;
      out.set(r, a.flavor);
      const fr = frKey(a.flavor, r);
      const q = s.queue(w.cq);
      if (gt(w.requests.get(r) ?? 0, available(q, fr))) needPreemption.add(fr);
    }
  }
  const usage = new Map<FlavorResource, number>();
  for (const [r, v] of w.requests) {
    const fl = out.get(r);
    if (fl !== undefined) usage.set(frKey(fl, r), v);
  }
  const mode = worst === 'noFit' ? 'NoFit' : worst === 'fit' ? 'Fit' : 'Preempt';
  return { flavors: out, mode, borrows, usage, needPreemption, message: clauses.join('; ') };
}
