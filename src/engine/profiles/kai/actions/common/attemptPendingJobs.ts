/**
 * The loop reclaim, preempt and consolidation share: pending jobs in queue/job order, one attempt each
 * for the tasks the job needs now. A successful attempt counts as a commit and re-ranks the queues whose
 * jobs it changed (the preemptor's, the victims'; a queue's rank depends only on its own allocation and
 * the job it offers, so the others keep theirs, as the tournaments of JobsOrderByQueues already assume);
 * a failure rolls everything back and may be reused for an identical later request (FailureMemo) when
 * `reuseFailures` is set. With `scheduler.useSchedulingSignatures` a job not easier to schedule than one of
 * the same signature that already failed is skipped, as upstream (schedulingSignatures.ts, decision 0353).
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { tasksToAllocate } from '../../framework/tasksToAllocate';
import type { JobAttempt } from '../../../../model/trace';
import { FailureMemo, reuseFailure } from './FailureMemo';
import { JobsOrderByQueues } from './JobsOrderByQueues';
import { MinimalJobRepresentatives, type Representative } from './schedulingSignatures';

export interface PendingJobLoop {
  action: string;
  jobs: readonly JobInfo[];
  reuseFailures: boolean;
  /**
   * Where the failed jobs' representatives are kept when scheduling signatures are on: one set per queue
   * (reclaim.go:69-87, preempt.go:67-83 @d5bc503) or one for the action (consolidation.go:60-70).
   */
  signatures: 'per-queue' | 'action';
  /**
   * A refusal checked before the signature (reclaim's CanReclaimResources, reclaim.go:75-78): a job it
   * refuses is not a failed job upstream. Return false to refuse (the record says why).
   */
  gate?: (job: JobInfo, tasks: readonly TaskInfo[], record: JobAttempt) => boolean;
  /** Return false to pass over a job without recording an attempt (a failure for the signatures). */
  worthTrying?: (job: JobInfo, tasks: readonly TaskInfo[]) => boolean;
  /** One attempt; returns whether it kept its changes. */
  attempt: (job: JobInfo, tasks: readonly TaskInfo[], attempt: number, record: JobAttempt) => boolean;
}

export function attemptPendingJobs(ssn: Session, loop: PendingJobLoop): void {
  const order = new JobsOrderByQueues(ssn, loop.jobs);
  const memo = loop.reuseFailures ? new FailureMemo(ssn) : null;
  const reps = ssn.config.useSchedulingSignatures
    ? new MinimalJobRepresentatives(loop.signatures === 'per-queue')
    : null;
  /** Leaf queues with a task changed during the current attempt. */
  const touched = new Set<QueueInfo>();
  const unwatch = ssn.watchTasks((task) => touched.add(task.job.queue));
  try {
    for (let job = order.pop(); job; job = order.pop()) {
      touched.clear();
      if (reps === null) attemptOne(ssn, loop, order, memo, job, touched);
      else attemptWithSignatures(ssn, loop, order, memo, reps, job, touched);
    }
  } finally {
    unwatch();
  }
}

function attemptOne(
  ssn: Session,
  loop: PendingJobLoop,
  order: JobsOrderByQueues,
  memo: FailureMemo | null,
  job: JobInfo,
  touched: ReadonlySet<QueueInfo>,
): void {
  const tasks = tasksToAllocate(job, ssn.compareTasks);
  if (tasks.length === 0 || (loop.worthTrying && !loop.worthTrying(job, tasks))) return;
  const attempt = ssn.startAttempt(loop.action, job, tasks);
  const record = ssn.attempt(attempt);
  const key = memo?.key(job, tasks) ?? null;
  const earlier = memo?.lookup(key) ?? null;
  if (earlier) {
    reuseFailure(ssn, attempt, earlier);
    return;
  }
  if ((!loop.gate || loop.gate(job, tasks, record)) && loop.attempt(job, tasks, attempt, record)) {
    ssn.commits++;
    for (const q of touched) order.invalidate(q);
  } else {
    memo?.remember(key, record);
  }
}

/**
 * The same attempt in upstream's order with signatures on: the gate, the signature check, the GPU check
 * (consolidation), the search; every failure after the gate updates the representatives (an action's budget
 * running out stops the action upstream; here it fails every later search at once, so it counts as a failure).
 */
function attemptWithSignatures(
  ssn: Session,
  loop: PendingJobLoop,
  order: JobsOrderByQueues,
  memo: FailureMemo | null,
  reps: MinimalJobRepresentatives,
  job: JobInfo,
  touched: ReadonlySet<QueueInfo>,
): void {
  const tasks = tasksToAllocate(job, ssn.compareTasks);
  if (tasks.length === 0) return;
  let attempt: number | null = null;
  if (loop.gate) {
    attempt = ssn.startAttempt(loop.action, job, tasks);
    if (!loop.gate(job, tasks, ssn.attempt(attempt))) return;
  }
  const rep = reps.notEasierThan(job);
  if (rep !== null) {
    recordSkip(ssn, attempt ?? ssn.startAttempt(loop.action, job, tasks), rep, loop.signatures);
    return;
  }
  if (loop.worthTrying && !loop.worthTrying(job, tasks)) {
    reps.failed(job, attempt);
    return;
  }
  attempt ??= ssn.startAttempt(loop.action, job, tasks);
  const record = ssn.attempt(attempt);
  const key = memo?.key(job, tasks) ?? null;
  const earlier = memo?.lookup(key) ?? null;
  if (earlier) {
    reuseFailure(ssn, attempt, earlier);
    reps.failed(job, attempt);
    return;
  }
  if (loop.attempt(job, tasks, attempt, record)) {
    ssn.commits++;
    for (const q of touched) order.invalidate(q);
  } else {
    memo?.remember(key, record);
    reps.failed(job, attempt);
  }
}

/** The trace's word for a job upstream skips (the log line of reclaim.go:82, preempt.go:79, consolidation.go:67). */
function recordSkip(
  ssn: Session,
  attempt: number,
  rep: Representative,
  scope: PendingJobLoop['signatures'],
): void {
  const record = ssn.attempt(attempt);
  const earlier = rep.attempt === null ? null : ssn.attempt(rep.attempt);
  record.code = earlier?.code ?? 'no-capacity';
  // No gate or validator decided this attempt: its verdicts stay empty (the failed job's are on its own).
  record.message = `Not tried: not easier to schedule than ${rep.job.name}, which failed in this action (same ${scope === 'per-queue' ? 'queue and ' : ''}scheduling constraints, no fewer or smaller pending pods: KAI's scheduling signatures skip it).${earlier && earlier.message !== '' ? ` ${rep.job.name}: ${earlier.message}` : ''}`;
}
