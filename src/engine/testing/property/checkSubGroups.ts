/**
 * "Subgroup minimums held" (issue 21, §22): at every session end, a KAI job with subgroups that has Running
 * or Pipelined tasks satisfies its tree — every set needs minSubGroup (default: all) direct children
 * satisfied, every pod set minMember tasks Running or Pipelined. KAI places and evicts by that tree
 * (allocation_info.go, eviction_info.go @d5bc503), so allocate, preempt, reclaim and consolidation never end
 * a session with a placed job below it. Exempt, as for `gang-min-available`: a job that lost tasks to a
 * removed node or to a completed pod deletion (§23.4), until it is empty or its tree whole again (upstream then
 * waits for stalegangeviction's grace period; decision 0351), and a job the gang check exempts.
 * Written apart from the engine's subGroupTree so the check does not trust the code it checks.
 */
import type { JobSpec, Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import type { BrokenByNodeRemoval } from './checkGangs';
import type { Violation } from './invariants';

/** Jobs with subgroups, from `jobs` and `submit` events, by name. */
export function jobsWithSubGroups(scenario: Scenario): Map<string, JobSpec> {
  const all = [...scenario.jobs, ...scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []))];
  return new Map(all.filter((j) => (j.subGroups?.length ?? 0) > 0).map((j) => [j.name, j]));
}

/** The subgroups of `job` below their minimum given the placed tasks, as `name (have of need)`. */
export function shortOf(job: JobSpec, placed: ReadonlySet<string>): string[] {
  const groups = job.subGroups ?? [];
  const kids = (parent: string | null) => groups.filter((g) => g.parent === parent);
  const short: string[] = [];
  const satisfied = (name: string | null, min: number | null): boolean => {
    const children = kids(name);
    if (name !== null && children.length === 0) {
      const g = groups.find((x) => x.name === name);
      const have = job.tasks.filter((t) => (t.subGroup ?? 'default') === name && placed.has(t.name)).length;
      const ok = have >= (g?.minMember ?? 0);
      if (!ok) short.push(`${name} (${have} of minMember ${g?.minMember ?? 0})`);
      return ok;
    }
    const have = children.filter((c) => satisfied(c.name, c.minSubGroup)).length;
    const need = min ?? children.length;
    if (have < need && name !== null) short.push(`${name} (${have} of minSubGroup ${need})`);
    return have >= need;
  };
  const ok = satisfied(null, job.minSubGroup ?? null);
  return ok
    ? []
    : short.length > 0
      ? short
      : [`the pod group (minSubGroup ${job.minSubGroup ?? kids(null).length})`];
}

export function checkSubGroups(
  jobs: ReadonlyMap<string, JobSpec>,
  snap: SessionSnapshot,
  broken: BrokenByNodeRemoval,
  out: Violation[],
): void {
  if (jobs.size === 0) return;
  const placed = new Map<string, Set<string>>();
  for (const t of snap.tasks) {
    if (!jobs.has(t.job) || (t.status !== 'Running' && t.status !== 'Pipelined')) continue;
    const set = placed.get(t.job) ?? new Set<string>();
    set.add(t.name);
    placed.set(t.job, set);
  }
  // A job with no task placed is empty: forget that it lost tasks (it is whole again once re-placed).
  for (const name of jobs.keys()) if (!placed.has(name)) broken.subGroupsExempt(name, true);
  for (const [name, tasks] of placed) {
    const job = jobs.get(name) as JobSpec;
    const short = shortOf(job, tasks);
    if (broken.subGroupsExempt(name, short.length === 0) || short.length === 0) continue;
    out.push({
      invariant: 'subgroup-minimums',
      session: snap.index,
      message: `${name} has ${tasks.size} task(s) Running/Pipelined but its subgroup tree is below its minimums: ${short.join(', ')}`,
    });
  }
}
