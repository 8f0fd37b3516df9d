/**
 * The trace sentences of the Kueue profile: why a Workload was admitted (flavor, borrowing, from which
 * cohort) and why one was preempted (the reason upstream records and the policy that allowed it).
 */
import type { Assignment } from './flavorAssigner';
import type { Target } from './preemption';
import { borrowingWith, frKey, usageOf } from './quotaTree';
import type { Snapshot } from './snapshot';
import type { KueueSpec } from './spec';
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
};

/** "preempted by big (priority 100 > 10) in ClusterQueue team-a: reclamation within the cohort (reclaimWithinCohort=Any)". */
export function describeTarget(t: Target, by: Workload): string {
  const v = t.workload;
  const where =
    v.cq === by.cq ? `in the same ClusterQueue ${v.cq}` : `from ClusterQueue ${by.cq} (victim in ${v.cq})`;
  return `preempted by ${by.name} (priority ${by.priority} vs ${v.priority}) ${where}: ${WORDS[t.reason]} (${t.reason}; ${t.policy})`;
}
