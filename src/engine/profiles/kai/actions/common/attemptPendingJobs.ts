/**
 * The loop reclaim, preempt and consolidation share: pending jobs in queue/job order, one attempt each
 * for the tasks the job needs now. A successful attempt counts as a commit and re-ranks the queues whose
 * jobs it changed (the preemptor's, the victims'; a queue's rank depends only on its own allocation and
 * the job it offers, so the others keep theirs, as the tournaments of JobsOrderByQueues already assume);
 * a failure rolls everything back and may be reused for an identical later request (FailureMemo) when
 * `reuseFailures` is set.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { tasksToAllocate } from '../../framework/tasksToAllocate';
import type { JobAttempt } from '../../../../model/trace';
import { FailureMemo, reuseFailure } from './FailureMemo';
import { JobsOrderByQueues } from './JobsOrderByQueues';

export interface PendingJobLoop {
  action: string;
  jobs: readonly JobInfo[];
  reuseFailures: boolean;
  /** Return false to pass over a job without recording an attempt. */
  worthTrying?: (job: JobInfo, tasks: readonly TaskInfo[]) => boolean;
  /** One attempt; returns whether it kept its changes. */
  attempt: (job: JobInfo, tasks: readonly TaskInfo[], attempt: number, record: JobAttempt) => boolean;
}

export function attemptPendingJobs(ssn: Session, loop: PendingJobLoop): void {
  const order = new JobsOrderByQueues(ssn, loop.jobs);
  const memo = loop.reuseFailures ? new FailureMemo(ssn) : null;
  /** Leaf queues with a task changed during the current attempt. */
  const touched = new Set<QueueInfo>();
  const unwatch = ssn.watchTasks((task) => touched.add(task.job.queue));
  try {
    for (let job = order.pop(); job; job = order.pop()) {
      touched.clear();
      attemptOne(ssn, loop, order, memo, job, touched);
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
  if (loop.attempt(job, tasks, attempt, record)) {
    ssn.commits++;
    for (const q of touched) order.invalidate(q);
  } else {
    memo?.remember(key, record);
  }
}
