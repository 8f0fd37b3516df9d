/**
 * Kueue's quota accounting against the Workloads' states (decision 0312), on what the snapshot reports: each
 * card's `resolved.quotaUsage` (the quota tree's usage at the session's end, session.ts quotaHeld), each job's
 * phase and the session's evictions. Never by running the admission again.
 * - `kueue-quota-free-when-idle`: a ClusterQueue none of whose Workloads holds quota (none Admitted, none
 *   being evicted this session) uses nothing, in every flavor and resource. A Finished Workload gives its
 *   quota back (kueue pkg/controller/core/workload_controller.go:1339-1365 @ff69552e removes it from the
 *   cache); a quota kept after the Workload finished or was requeued breaks this.
 * - `kueue-cohort-usage-sum`: a Cohort's usage is the sum over its members (ClusterQueues and child Cohorts)
 *   of what each uses past its local, non-lendable quota (resource_node.go:144-152 addUsage, :190-227
 *   updateCohortResourceNode/accumulateFromChild @ff69552e); without lending limits, the plain sum. The
 *   local quota is recomputed here from the spec (resource_node.go:67-72: SubtreeQuota − lendingLimit).
 */
import type { ProfileViolation } from '../../../framework/ProfileModule';
import { EPSILON } from '../../../model/resources';
import type { SessionSnapshot } from '../../../model/snapshot';
import type { KueueQueueFigures } from '../queueFigures';
import type { KueueSpec, ResourceGroupSpec } from '../spec';

type Amounts = Readonly<Record<string, number>>;

interface Quota {
  nominal: number;
  lending: number | null;
}

function quotasOf(groups: readonly ResourceGroupSpec[]): Map<string, Quota> {
  const out = new Map<string, Quota>();
  for (const g of groups)
    for (const f of g.flavors)
      for (const r of f.resources)
        out.set(`${f.name}/${r.name}`, { nominal: r.nominalQuota, lending: r.lendingLimit });
  return out;
}

/** Each node's local (non-lendable) quota per `flavor/resource`, from the spec alone. */
function localQuotas(spec: KueueSpec): Map<string, (fr: string) => number> {
  const quotas = new Map<string, Map<string, Quota>>();
  const children = new Map<string, string[]>();
  const addChild = (parent: string | null, child: string) => {
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), child]);
  };
  for (const c of spec.cohorts) {
    quotas.set(c.name, quotasOf(c.resourceGroups));
    addChild(c.parent, c.name);
  }
  for (const q of spec.clusterQueues) {
    quotas.set(q.name, quotasOf(q.resourceGroups));
    addChild(q.cohort, q.name);
  }
  const subtree = (name: string, fr: string, depth: number): number => {
    const own = quotas.get(name)?.get(fr)?.nominal ?? 0;
    // A cohort tree is acyclic (the parser refuses cycles); the depth bound only keeps a bug from hanging.
    if (depth > 256) return own;
    return (children.get(name) ?? []).reduce(
      (sum, child) => sum + subtree(child, fr, depth + 1) - local(child, fr, depth + 1),
      own,
    );
  };
  const local = (name: string, fr: string, depth: number): number => {
    const lending = quotas.get(name)?.get(fr)?.lending ?? null;
    return lending === null ? 0 : Math.max(0, subtree(name, fr, depth) - lending);
  };
  return new Map([...quotas.keys()].map((n) => [n, (fr: string) => local(n, fr, 0)]));
}

export function checkQuotaHeld(spec: KueueSpec, snap: SessionSnapshot): ProfileViolation[] {
  const out: ProfileViolation[] = [];
  const usage = new Map<string, Amounts>();
  for (const q of snap.queues) {
    const r = q.resolved as KueueQueueFigures | undefined;
    if (r?.quotaUsage !== undefined) usage.set(q.name, r.quotaUsage);
  }
  // Workloads holding quota: Admitted ones, and those evicted this session (they hold it until their pods
  // are gone; session.ts evict).
  const holds = new Set<string>();
  for (const j of snap.jobs) if (j.phase.startsWith('Admitted')) holds.add(j.queue);
  const queueOf = new Map(snap.jobs.map((j) => [j.name, j.queue]));
  for (const a of snap.trace.attempts)
    for (const v of a.victims) if (v.outcome === 'evicted') holds.add(queueOf.get(v.job) ?? v.queue);
  for (const cq of spec.clusterQueues) {
    const used = usage.get(cq.name);
    if (used === undefined) {
      out.push({
        invariant: 'kueue-quota-free-when-idle',
        message: `ClusterQueue ${cq.name}: the snapshot reports no quota usage for it`,
      });
      continue;
    }
    if (holds.has(cq.name)) continue;
    for (const [fr, v] of Object.entries(used))
      if (Math.abs(v) > EPSILON)
        out.push({
          invariant: 'kueue-quota-free-when-idle',
          message: `ClusterQueue ${cq.name} holds ${v} of ${fr}, but none of its Workloads is admitted or being evicted`,
        });
  }
  const local = localQuotas(spec);
  const members = new Map<string, string[]>();
  for (const c of spec.cohorts)
    if (c.parent !== null) members.set(c.parent, [...(members.get(c.parent) ?? []), c.name]);
  for (const q of spec.clusterQueues)
    if (q.cohort !== null) members.set(q.cohort, [...(members.get(q.cohort) ?? []), q.name]);
  for (const c of spec.cohorts) {
    const own = usage.get(c.name) ?? {};
    const expected = new Map<string, number>();
    for (const m of members.get(c.name) ?? [])
      for (const [fr, v] of Object.entries(usage.get(m) ?? {})) {
        const past = Math.max(0, v - (local.get(m)?.(fr) ?? 0));
        expected.set(fr, (expected.get(fr) ?? 0) + past);
      }
    for (const fr of new Set([...Object.keys(own), ...expected.keys()])) {
      const got = own[fr] ?? 0;
      const want = expected.get(fr) ?? 0;
      if (Math.abs(got - want) > EPSILON)
        out.push({
          invariant: 'kueue-cohort-usage-sum',
          message: `Cohort ${c.name} uses ${got} of ${fr}, but its members use ${want} past their non-lendable quota`,
        });
    }
  }
  return out;
}
