/**
 * Turns a finished session into committed decisions and writes the result back into the cluster state:
 * allocated tasks are bound (Running), pipelined and evicted tasks keep that status until the next session.
 */
import type { JobInfo, TaskInfo } from '../framework/JobInfo';
import type { Session } from '../framework/Session';
import type { Decision, DecisionKind, JobAttempt } from '../../../model/trace';
import { reclaimFiguresOf } from '../../../framework/verdictDetails';
import type { JobRecord, TaskRecord } from '../../../simulation/ClusterState';

const KIND_ORDER: Record<DecisionKind, number> = { complete: 0, evict: 1, pipeline: 2, bind: 3 };

const NO_GPUS: readonly { index: number; share: number }[] = [];

export interface CommitResult {
  decisions: Decision[];
  /** Records whose status, node or devices changed. */
  changedTasks: TaskRecord[];
  changedJobs: JobRecord[];
}

export function commitSession(
  ssn: Session,
  records: Map<TaskInfo, TaskRecord>,
  jobRecords: Map<JobInfo, JobRecord>,
): CommitResult {
  const decisions: Decision[] = [];
  const changedTasks: TaskRecord[] = [];
  const changedJobs: JobRecord[] = [];

  for (const job of ssn.jobs) {
    for (const task of job.tasks) {
      const rec = records.get(task) as TaskRecord;
      const open = task.openStatus;
      const final = task.status;
      // Most tasks of most sessions change nothing: the decisions are built only for those that do (a
      // closure per task and session was 1.1 million allocations in a 1,000-session benchmark run).
      if (final !== open || final === 'Pipelined' || final === 'Releasing') {
        // A task evicted in this session: Running at open, or placed earlier in the session (Allocated or
        // Pipelined, open Pending) and then evicted by stalegangeviction, which evicts every active-allocated
        // pod (KAI stalegangeviction.go:64-72 @d5bc503).
        const evicted =
          (open === 'Running' || open === 'Allocated' || open === 'Pending') && final === 'Releasing';
        if (evicted) decisions.push(decision(ssn, job, task, 'evict', task.node?.name ?? null));
        if (final === 'Pipelined' && task.movedFrom)
          decisions.push(decision(ssn, job, task, 'evict', task.movedFrom.node.name));
        // KAI stamps the pod group's last-eviction-timestamp on every committed eviction, a consolidation
        // move included (KAI pkg/scheduler/framework/statement.go:154 @d5bc503, commitEvict).
        if (evicted || (final === 'Pipelined' && task.movedFrom)) job.lastEvictedAtMs = ssn.timeMs;
        if (final === 'Pipelined')
          decisions.push(decision(ssn, job, task, 'pipeline', task.node?.name ?? null));
        if (open === 'Pending' && final === 'Allocated')
          decisions.push(decision(ssn, job, task, 'bind', task.node?.name ?? null));
      }

      // A pod terminating since before the run (§23.4) stays on its node, terminating, for the whole run:
      // the record keeps it Running and the next session derives Releasing/StuckInReleasing again.
      const terminating =
        open === 'Releasing' && final === 'Releasing' && task.spec.deletionTimestampMs !== undefined;
      // A task placed and evicted in the same session never held its node: its pod is deleted and re-created
      // pending (KAI Cache.Evict), so it ends the session Pending.
      const placedThenEvicted = open === 'Pending' && final === 'Releasing';
      const status = final === 'Allocated' || terminating ? 'Running' : placedThenEvicted ? 'Pending' : final;
      const node =
        final === 'Pending' || final === 'Succeeded' || placedThenEvicted ? null : (task.node?.name ?? null);
      const gpus = node === null ? NO_GPUS : task.gpus;
      if (rec.status !== status || rec.node !== node || !sameGpus(rec.gpus, gpus)) {
        rec.status = status;
        rec.node = node;
        rec.gpus = node === null ? [] : task.gpus; // a record's own array: NO_GPUS is only compared with
        changedTasks.push(rec);
      }
    }
    const jrec = jobRecords.get(job) as JobRecord;
    if (
      jrec.startedAtMs !== job.startedAtMs ||
      jrec.staleSinceMs !== job.staleSinceMs ||
      jrec.lastEvictedAtMs !== job.lastEvictedAtMs
    ) {
      jrec.startedAtMs = job.startedAtMs;
      jrec.staleSinceMs = job.staleSinceMs;
      jrec.lastEvictedAtMs = job.lastEvictedAtMs;
      changedJobs.push(jrec);
    }
  }
  decisions.sort(
    (a, b) =>
      (a.attempt ?? -1) - (b.attempt ?? -1) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.task < b.task ? -1 : a.task > b.task ? 1 : 0),
  );
  return { decisions, changedTasks, changedJobs };
}

/** One committed decision about `task`, with the cause the session noted for it. */
function decision(
  ssn: Session,
  job: JobInfo,
  task: TaskInfo,
  kind: DecisionKind,
  node: string | null,
): Decision {
  const cause = ssn.causeOf(task);
  const attempt = cause?.attempt ?? null;
  const action = cause?.action ?? 'allocate';
  const by = cause?.by ?? null;
  return {
    action,
    kind,
    task: task.name,
    job: job.name,
    node,
    by: kind === 'evict' || (kind === 'pipeline' && by !== job.name) ? by : null,
    reason: describe(kind, task, action, by, attempt === null ? null : ssn.attempt(attempt)),
    attempt,
  };
}

function sameGpus(
  a: readonly { index: number; share: number }[],
  b: readonly { index: number; share: number }[],
): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as { index: number; share: number };
    const y = b[i] as { index: number; share: number };
    if (x.index !== y.index || x.share !== y.share) return false;
  }
  return true;
}

function describe(
  kind: DecisionKind,
  task: TaskInfo,
  action: string,
  by: string | null,
  attempt: JobAttempt | null,
): string {
  const node = task.node?.name ?? '?';
  switch (kind) {
    case 'bind':
      return `${task.name} bound to ${node}, which had idle capacity for it.`;
    case 'pipeline':
      if (by !== null && by !== task.job.name) {
        return `Victim ${task.name} moved to ${node} to make room for ${by}; it waits there for capacity being released.`;
      }
      return `${task.name} pipelined to ${node}: it will bind once the capacity being released there is free.`;
    case 'evict':
      // stalegangeviction evicts a job's own tasks, for nobody (KAI stalegangeviction.go:73-80 @d5bc503:
      // no preemptor): say why in the action's own words.
      if (action === 'stalegangeviction' && attempt?.message)
        return `${task.name} (job ${task.job.name}, queue ${task.job.queue.name}) evicted: ${attempt.message}`;
      return `${task.name} (job ${task.job.name}, queue ${task.job.queue.name}) evicted to make room for ${by ?? '?'}${attempt ? ` (queue ${attempt.queue})` : ''}.${evictionWhy(task, action, attempt)}`;
    case 'complete':
      return `${task.name} finished its runtime and succeeded.`;
  }
}

/** The verdicts that allowed this eviction, in one or two sentences. */
function evictionWhy(task: TaskInfo, action: string, attempt: JobAttempt | null): string {
  if (!attempt) return '';
  const parts: string[] = [];
  if (action === 'preempt') {
    parts.push(`It has lower priority (${task.job.priority}) than the preemptor in the same queue.`);
  }
  if (action === 'consolidation')
    parts.push('Consolidation moves preemptible jobs and does not consult min-runtime.');
  const chunk = attempt.verdicts.find(
    (v) => v.allowed && reclaimFiguresOf(v)?.chunk.includes(task.name) === true,
  );
  if (chunk) parts.push(chunk.message);
  const victim = attempt.victims.find((v) => v.job === task.job.name && v.outcome === 'evicted');
  const mr = victim?.verdicts.find((v) => v.plugin === 'minruntime');
  if (mr) parts.push(mr.message);
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}
