/**
 * Kueue's own invariants for the property run (decision 0297), stated on what the snapshot reports (each
 * job's phase, `Admitted at=… <resource>=<flavor>…`, and the scenario's job requests), never by running the
 * admission again:
 * - `kueue-borrowing-limit`: a ClusterQueue's usage of a flavor's resource is at most its nominal quota plus
 *   its borrowingLimit (at most the nominal quota without a cohort). Upstream checks it at every admission
 *   and preemption (kueue pkg/cache/scheduler/resource_node.go available(): the local quota plus what the
 *   cohort may lend, capped by borrowingLimit; pkg/scheduler/flavorassigner/flavorassigner.go fitsResourceQuota
 *   @ff69552e).
 * - `kueue-cohort-lending`: in every cohort tree, what the ClusterQueues use above their guaranteed quota
 *   (nominal − lendingLimit, or 0 without one) fits what the tree lends: the ClusterQueues' lendable quota
 *   (lendingLimit, or the nominal quota) plus the Cohorts' own quota (resource_node.go calculateLendable,
 *   guaranteedQuota @ff69552e). So a ClusterQueue never lends more than its lendingLimit.
 * (checkQuotaHeld.ts adds two on Kueue's own quota accounting: `kueue-quota-free-when-idle`,
 * `kueue-cohort-usage-sum`.) Both hold only for quota Kueue admitted: generated Kueue scenarios list no job Running at t=0 (such a job
 * holds quota from t=0 whatever the limits, §27.3), and quotas never change during a run (derived queues
 * take no `updateQueue`). Node capacity and determinism are the shared invariants.
 */
import type { ProfileSessionCheck } from '../../../framework/ProfileModule';
import type { JobSpec, Scenario } from '../../../model/scenario';
import type { SessionSnapshot } from '../../../model/snapshot';
import { EPSILON, RESOURCE_NAMES } from '../../../model/resources';
import { isKueueSpec, type KueueSpec, type ResourceGroupSpec } from '../spec';
import { checkQuotaHeld } from './checkQuotaHeld';

type Usage = Map<string, number>; // `flavor/resource` → amount

const key = (flavor: string, resource: string) => `${flavor}/${resource}`;

/** Flavor per resource of an admitted job, from its phase; null when it holds no quota. */
function admittedFlavors(phase: string): Map<string, string> | null {
  if (!phase.startsWith('Admitted')) return null;
  const out = new Map<string, string>();
  for (const part of phase.split(' ').slice(1)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) !== 'at') out.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return out;
}

function quotas(groups: readonly ResourceGroupSpec[]) {
  const out = new Map<string, { nominal: number; borrowing: number | null; lending: number | null }>();
  for (const g of groups)
    for (const f of g.flavors)
      for (const r of f.resources)
        out.set(key(f.name, r.name), {
          nominal: r.nominalQuota,
          borrowing: r.borrowingLimit,
          lending: r.lendingLimit,
        });
  return out;
}

/** Each ClusterQueue's usage per flavor and resource at the end of the session. */
function usageOf(spec: KueueSpec, jobs: ReadonlyMap<string, JobSpec>, snap: SessionSnapshot) {
  const usage = new Map<string, Usage>(spec.clusterQueues.map((q) => [q.name, new Map()]));
  const finished = new Map<string, boolean>();
  for (const t of snap.tasks) finished.set(t.job, (finished.get(t.job) ?? true) && t.status === 'Succeeded');
  for (const j of snap.jobs) {
    const flavors = admittedFlavors(j.phase);
    const job = jobs.get(j.name);
    const u = usage.get(j.queue);
    // A finished Workload releases its quota (kueue pkg/workload: finished workloads are not in the cache).
    if (flavors === null || job === undefined || u === undefined || finished.get(j.name) === true) continue;
    for (const r of RESOURCE_NAMES) {
      const flavor = flavors.get(r);
      if (flavor === undefined) continue;
      const amount = job.tasks.reduce((s, t) => s + t.resources[r], 0);
      u.set(key(flavor, r), (u.get(key(flavor, r)) ?? 0) + amount);
    }
  }
  return usage;
}

function rootOf(spec: KueueSpec, cohort: string): string {
  const parents = new Map(spec.cohorts.map((c) => [c.name, c.parent]));
  let at = cohort;
  for (let depth = 0; depth < 128; depth++) {
    const p = parents.get(at) ?? null;
    if (p === null) return at;
    at = p;
  }
  return at;
}

function checkSession(
  spec: KueueSpec,
  jobs: ReadonlyMap<string, JobSpec>,
  snap: SessionSnapshot,
): { invariant: string; message: string }[] {
  const out: { invariant: string; message: string }[] = [];
  const usage = usageOf(spec, jobs, snap);
  // Per cohort tree: borrowed above guarantees, and what the tree lends.
  const borrowed = new Map<string, Usage>();
  const lendable = new Map<string, Usage>();
  const add = (m: Map<string, Usage>, tree: string, k: string, v: number) => {
    const u = m.get(tree) ?? new Map<string, number>();
    u.set(k, (u.get(k) ?? 0) + v);
    m.set(tree, u);
  };
  for (const cq of spec.clusterQueues) {
    const used = usage.get(cq.name) as Usage;
    const q = quotas(cq.resourceGroups);
    const tree = cq.cohort === null ? null : rootOf(spec, cq.cohort);
    for (const [k, limits] of q) {
      const u = used.get(k) ?? 0;
      const cap =
        tree === null
          ? limits.nominal
          : limits.borrowing === null
            ? Infinity
            : limits.nominal + limits.borrowing;
      if (u > cap + EPSILON)
        out.push({
          invariant: 'kueue-borrowing-limit',
          message: `ClusterQueue ${cq.name} uses ${u} of ${k}, above ${tree === null ? 'its nominal quota' : 'nominal quota + borrowingLimit'} ${cap}`,
        });
      if (tree === null) continue;
      const guaranteed = limits.lending === null ? 0 : limits.nominal - limits.lending;
      add(borrowed, tree, k, Math.max(0, u - guaranteed));
      add(lendable, tree, k, limits.lending ?? limits.nominal);
    }
    for (const [k, u] of used)
      if (!q.has(k) && u > EPSILON)
        out.push({
          invariant: 'kueue-borrowing-limit',
          message: `ClusterQueue ${cq.name} uses ${u} of ${k}, a flavor resource it has no quota for`,
        });
  }
  for (const c of spec.cohorts)
    for (const [k, limits] of quotas(c.resourceGroups))
      add(lendable, rootOf(spec, c.name), k, limits.lending ?? limits.nominal);
  for (const [tree, u] of borrowed)
    for (const [k, amount] of u) {
      const lent = lendable.get(tree)?.get(k) ?? 0;
      if (amount > lent + EPSILON)
        out.push({
          invariant: 'kueue-cohort-lending',
          message: `cohort tree ${tree}: ClusterQueues use ${amount} of ${k} above their guaranteed quota, but the tree lends only ${lent}`,
        });
    }
  return out;
}

/** The per-session check of a kueue scenario (none without a read `kueue:` block). */
export function kueueChecks(scenario: Scenario): ProfileSessionCheck {
  const data = scenario.profileBlock?.data;
  const jobs = new Map<string, JobSpec>(scenario.jobs.map((j) => [j.name, j]));
  for (const e of scenario.events) if (e.kind === 'submit') jobs.set(e.job.name, e.job);
  return {
    // Kueue admits quota, kube-scheduler places pods one by one: the shared gang check is off (`gangs`).
    bestEffortIsReady: false,
    session: (snap) =>
      isKueueSpec(data) ? [...checkSession(data, jobs, snap), ...checkQuotaHeld(data, snap)] : [],
  };
}
