/**
 * Per-role minimums (Volcano task roles, decision 0227): a job whose roles are enforced (minAvailable ≥ the
 * sum of its `minTaskMember`) and that holds Running or Pipelined tasks at session end has, for every role,
 * at least its minimum Running, Pipelined, Succeeded or Pending BestEffort (allocate commits only a job
 * whose every role is ready, volcano gang.go:193 @ed72c7c8, and keeps a pipelined one only if every role
 * is pipelined, gang.go:206). Evictions are judged per job, not per role (gang.go:113: ReadyTaskNum >
 * MinAvailable), so a job that lost a task to preempt or reclaim, or that the gang check exempts, is not
 * held to its roles from then on. Nor is a job in a session where the profile says its upstream may leave it
 * short (`gangGaps`), even when its count is whole: Volcano's within-job preempt pipelines each pending task
 * on its own and commits it with no JobPipelined check (preempt.go:233-288 @ed72c7c8; only the between-jobs
 * statement asks JobPipelined, preempt.go:221), so two leaders can take a node's last pod slots and leave the
 * worker role at 0 while the job holds minAvailable tasks.
 */
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import type { BrokenByNodeRemoval } from './checkGangs';
import type { Violation } from './invariants';

/** Roles of every task and minimums of every enforced job, read once from the scenario. */
export interface RoleFacts {
  role: Map<string, string>;
  minimums: Map<string, ReadonlyMap<string, number>>;
}

export function roleFacts(scenario: Scenario): RoleFacts {
  const role = new Map<string, string>();
  const minimums = new Map<string, ReadonlyMap<string, number>>();
  const jobs = [...scenario.jobs, ...scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []))];
  for (const job of jobs) {
    for (const t of job.tasks) role.set(t.name, t.role ?? '');
    const mins = Object.entries(job.minTaskMember ?? {});
    const total = mins.reduce((s, [, n]) => s + n, 0);
    if (mins.length > 0 && job.minAvailable >= total) minimums.set(job.name, new Map(mins));
  }
  return { role, minimums };
}

/** Jobs that lost a task to an eviction so far (call once per session, before {@link checkRoles}). */
export class EvictedJobs {
  readonly jobs = new Set<string>();
  update(snap: SessionSnapshot): void {
    for (const d of snap.decisions) if (d.kind === 'evict') this.jobs.add(d.job);
  }
}

export function checkRoles(
  snap: SessionSnapshot,
  facts: RoleFacts,
  evicted: EvictedJobs,
  broken: BrokenByNodeRemoval,
  bestEffort: (task: string) => boolean,
  out: Violation[],
): void {
  if (facts.minimums.size === 0) return;
  const held = new Map<string, Map<string, number>>();
  const placed = new Map<string, number>();
  for (const t of snap.tasks) {
    if (!facts.minimums.has(t.job)) continue;
    if (t.status === 'Running' || t.status === 'Pipelined') placed.set(t.job, (placed.get(t.job) ?? 0) + 1);
    const counts =
      t.status === 'Running' ||
      t.status === 'Pipelined' ||
      t.status === 'Succeeded' ||
      (t.status === 'Pending' && bestEffort(t.name));
    if (!counts) continue;
    const roles = held.get(t.job) ?? new Map<string, number>();
    const r = facts.role.get(t.name) ?? '';
    roles.set(r, (roles.get(r) ?? 0) + 1);
    held.set(t.job, roles);
  }
  for (const [job, mins] of facts.minimums) {
    if ((placed.get(job) ?? 0) === 0 || evicted.jobs.has(job) || broken.has(job)) continue;
    if (broken.markedThisSession(job)) continue;
    const have = held.get(job);
    for (const [r, min] of mins) {
      const n = have?.get(r) ?? 0;
      if (n >= min) continue;
      out.push({
        invariant: 'role-min-member',
        session: snap.index,
        message: `${job}: role ${r} has ${n} Running/Pipelined/Succeeded < minTaskMember ${min}`,
      });
    }
  }
}
