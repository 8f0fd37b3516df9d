/**
 * The loop reclaim, preempt and consolidation share: pending jobs in queue/job order, one attempt each
 * for the tasks the job needs now. A successful attempt counts as a commit and re-ranks every queue
 * (victims changed allocations everywhere); a failure may be reused for an identical later request
 * (FailureMemo) when `reuseFailures` is set.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
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
  for (let job = order.pop(); job; job = order.pop()) {
    const tasks = tasksToAllocate(job, ssn.compareTasks);
    if (tasks.length === 0 || (loop.worthTrying && !loop.worthTrying(job, tasks))) continue;
    const attempt = ssn.startAttempt(loop.action, job, tasks);
    const record = ssn.attempt(attempt);
    const key = memo?.key(job, tasks) ?? null;
    const earlier = memo?.lookup(key) ?? null;
    if (earlier) {
      reuseFailure(ssn, attempt, earlier);
      continue;
    }
    if (loop.attempt(job, tasks, attempt, record)) {
      ssn.commits++;
      order.invalidateAll();
    } else {
      memo?.remember(key, record);
    }
  }
}
