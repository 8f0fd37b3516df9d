/**
 * Turns a finished session into committed decisions and writes the result back into the cluster state:
 * allocated tasks are bound (Running), pipelined and evicted tasks keep that status until the next session.
 */
import type { JobInfo, TaskInfo } from '../framework/JobInfo';
import type { Session } from '../framework/Session';
import type { Decision, DecisionKind, JobAttempt } from '../../../model/trace';
import type { JobRecord, TaskRecord } from '../../../simulation/ClusterState';

const KIND_ORDER: Record<DecisionKind, number> = { complete: 0, evict: 1, pipeline: 2, bind: 3 };

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
      const cause = ssn.causeOf(task);
      const attempt = cause?.attempt ?? null;
      const action = cause?.action ?? 'allocate';
      const by = cause?.by ?? null;
      const add = (kind: DecisionKind, node: string | null): void => {
        decisions.push({
          action,
          kind,
          task: task.name,
          job: job.name,
          node,
          by: kind === 'evict' || (kind === 'pipeline' && by !== job.name) ? by : null,
          reason: describe(kind, task, action, by, attempt === null ? null : ssn.attempt(attempt)),
          attempt,
        });
      };
      const open = task.openStatus;
      const final = task.status;
      if ((open === 'Running' || open === 'Allocated') && final === 'Releasing')
        add('evict', task.node?.name ?? null);
      if (final === 'Pipelined' && task.movedFrom) add('evict', task.movedFrom.node.name);
      if (final === 'Pipelined') add('pipeline', task.node?.name ?? null);
      if (open === 'Pending' && final === 'Allocated') add('bind', task.node?.name ?? null);

      const status = final === 'Allocated' ? 'Running' : final;
      const node = final === 'Pending' || final === 'Succeeded' ? null : (task.node?.name ?? null);
      const gpus = node === null ? [] : task.gpus;
      if (rec.status !== status || rec.node !== node || !sameGpus(rec.gpus, gpus)) {
        rec.status = status;
        rec.node = node;
        rec.gpus = gpus;
        changedTasks.push(rec);
      }
    }
    const jrec = jobRecords.get(job) as JobRecord;
    if (jrec.startedAtMs !== job.startedAtMs || jrec.staleSinceMs !== job.staleSinceMs) {
      jrec.startedAtMs = job.startedAtMs;
      jrec.staleSinceMs = job.staleSinceMs;
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
    (v) => v.detail?.type === 'reclaimable' && v.allowed && v.detail.chunk.includes(task.name),
  );
  if (chunk) parts.push(chunk.message);
  const victim = attempt.victims.find((v) => v.job === task.job.name && v.outcome === 'evicted');
  const mr = victim?.verdicts.find((v) => v.plugin === 'minruntime');
  if (mr) parts.push(mr.message);
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}
