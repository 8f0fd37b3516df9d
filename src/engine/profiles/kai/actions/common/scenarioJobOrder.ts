/**
 * The job order a victim scenario is simulated in (KAI actions/common/action.go:59-72 GetJobsToAllocate
 * @d5bc503): every job with a pending task (utils/action.go:177-185), the scenario's victim jobs and its
 * preemptor, in one JobsOrderByQueues. The pending jobs outside the scenario are untouched by it, so their
 * order per leaf queue is sorted once and reused while nothing is committed (`Session.commits`, the same
 * generation FailureMemo relies on); only the scenario's own jobs are put in their places each time.
 */
import type { JobInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { JobsOrderByQueues } from './JobsOrderByQueues';

interface SortedPending {
  commits: number;
  leaves: Map<QueueInfo, JobInfo[]>;
}

const sortedBySession = new WeakMap<Session, SortedPending>();

/**
 * Call before the scenario's evictions (the pending jobs must be sorted as the session stands between
 * scenarios); `order(scenarioJobs)` then builds the queue once they are made.
 */
export function pendingJobsSorted(ssn: Session): ReadonlyMap<QueueInfo, readonly JobInfo[]> {
  const hit = sortedBySession.get(ssn);
  if (hit && hit.commits === ssn.commits) return hit.leaves;
  const leaves = new Map<QueueInfo, JobInfo[]>();
  for (const job of ssn.jobs) {
    if (job.counts.Pending === 0) continue;
    const list = leaves.get(job.queue);
    if (list) list.push(job);
    else leaves.set(job.queue, [job]);
  }
  for (const list of leaves.values()) list.sort(ssn.compareJobs);
  sortedBySession.set(ssn, { commits: ssn.commits, leaves });
  return leaves;
}

export function scenarioJobOrder(
  ssn: Session,
  pending: ReadonlyMap<QueueInfo, readonly JobInfo[]>,
  scenarioJobs: ReadonlySet<JobInfo>,
): JobsOrderByQueues {
  return JobsOrderByQueues.withSortedLeaves(ssn, pending, scenarioJobs);
}
