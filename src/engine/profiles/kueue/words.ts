/**
 * The trace sentences of the Kueue profile: why a Workload was admitted (flavor, borrowing, from which
 * cohort) and why one was preempted (the reason upstream records and the policy that allowed it).
 */
import type { Assignment } from './flavorAssigner';
import type { Target } from './preemption';
import { shareText, type DRS } from './fairShare';
import { borrowingWith, frKey, usageOf, type QuotaNode } from './quotaTree';
import type { Snapshot } from './snapshot';
import type { FairSharingStrategy, KueueSpec } from './spec';
import type { Workload } from './workloads';

const fmt = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/0+$/, ''));

/** "admitted to team-a with flavor default; borrowing 2 gpu (default) from cohort org". */
export function describeAdmission(w: Workload, a: Assignment, s: Snapshot, spec: KueueSpec): string {
  const flavors = [...new Set(a.flavors.values())];
  const q = s.queue(w.cq);
  const borrowed: string[] = [];
  // The usage is already added: what is above the nominal quota is borrowed from the cohort.
  for (const [r, f] of a.flavors) {
    const fr = frKey(f, r);
    if (!borrowingWith(q, fr, 0)) continue;
    const over = usageOf(q, fr) - (q.quotas.get(fr)?.nominal ?? 0);
    borrowed.push(`${fmt(Math.min(over, w.requests.get(r) ?? 0))} ${r} (${f})`);
  }
  const cohort = spec.clusterQueues.find((c) => c.name === w.cq)?.cohort ?? null;
  const borrowing =
    borrowed.length === 0
      ? 'within its nominal quota'
      : `borrowing ${borrowed.join(', ')} from cohort ${cohort ?? '(none)'}`;
  return `admitted to ClusterQueue ${w.cq} with flavor ${flavors.join(', ')}, ${borrowing}`;
}

const WORDS: Record<Target['reason'], string> = {
  InClusterQueue: 'prioritization in the ClusterQueue',
  InCohortReclamation: 'reclamation within the cohort',
  InCohortReclaimWhileBorrowing: 'reclamation within the cohort while borrowing',
  InCohortFairSharing: 'Fair Sharing within the cohort',
};

const kindOf = (n: QuotaNode): string => (n.kind === 'cohort' ? `cohort ${n.name}` : n.name);

/**
 * Why a fair-sharing strategy let a victim go (strategy.go:40-48): "cq-a's share with the workload 0.25
 * (gpu) is not above cq-b's 0.5 (gpu) once the victim is gone (LessThanOrEqualToFinalShare)".
 */
export function describeFairStrategy(
  strategy: FairSharingStrategy,
  preemptorSide: QuotaNode,
  preemptorNew: DRS,
  targetSide: QuotaNode,
  targetOld: DRS,
  targetNew: DRS | null,
): string {
  const mine = `${kindOf(preemptorSide)}'s share with the workload, ${shareText(preemptorNew)},`;
  return strategy === 'LessThanOrEqualToFinalShare' && targetNew !== null
    ? `${mine} is not above ${kindOf(targetSide)}'s ${shareText(targetNew)} once the victim is gone (LessThanOrEqualToFinalShare)`
    : `${mine} is below ${kindOf(targetSide)}'s ${shareText(targetOld)} before the preemption (LessThanInitialShare)`;
}

/** A Workload's rivals in the fair-sharing tournament at one cohort, with their shares after admission. */
export interface Rival {
  readonly side: QuotaNode;
  readonly workload: string;
  readonly share: DRS;
}

/**
 * Why the tournament (fair_sharing_iterator.go:125-220) picked this Workload before the others of its
 * cohort: "fair sharing took it first in cohort org: team-a's share after admission 0.25 (gpu) is below
 * team-b's 0.5 (gpu, for wl-b)".
 */
export function describeTournament(cohort: QuotaNode, winner: Rival, rivals: readonly Rival[]): string {
  const mine = `${kindOf(winner.side)}'s share after admission would be ${shareText(winner.share)}`;
  if (rivals.length === 0)
    return `fair sharing: ${mine} (no other ClusterQueue of cohort ${cohort.name} had a workload waiting)`;
  const others = rivals.map((r) => `${kindOf(r.side)}'s ${shareText(r.share)} with ${r.workload}`).join(', ');
  return `fair sharing took it first in cohort ${cohort.name}: ${mine}, against ${others}`;
}

/** "preempted by big (priority 100 > 10) in ClusterQueue team-a: reclamation within the cohort (reclaimWithinCohort=Any)". */
export function describeTarget(t: Target, by: Workload): string {
  const v = t.workload;
  const where =
    v.cq === by.cq ? `in the same ClusterQueue ${v.cq}` : `from ClusterQueue ${by.cq} (victim in ${v.cq})`;
  return `preempted by ${by.name} (priority ${by.priority} vs ${v.priority}) ${where}: ${WORDS[t.reason]} (${t.reason}; ${t.policy})`;
}
