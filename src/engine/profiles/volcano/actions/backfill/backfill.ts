/**
 * Volcano `backfill` action (`actions/backfill/backfill.go`, reference §1.8): BestEffort pending tasks
 * (no cpu, memory or GPU request), collected queue → job → task by the order functions, each placed on
 * the best node that passes the predicates with `ssn.Allocate` — no statement, no gang check; a job that
 * is then ready has all its Allocated tasks dispatched, including tasks an uncommitted allocate left.
 */
import type { JobInfo, TaskInfo } from '../../api/JobInfo';
import type { QueueInfo } from '../../api/QueueInfo';
import type { VolcanoAction } from '../../framework/Plugin';

export const createBackfillAction = (): VolcanoAction => ({
  name: 'backfill',
  execute(ssn) {
    const queues = [...ssn.queues.values()].sort((l, r) =>
      ssn.queueOrderFn(l, r) ? -1 : ssn.queueOrderFn(r, l) ? 1 : 0,
    );
    for (const queue of queues) {
      const jobs = ssn.jobs
        .filter((j: JobInfo) => j.queue === queue.name && j.phase !== 'Pending' && ssn.jobValid(j) === null)
        .sort((l, r) => (ssn.jobOrderFn(l, r) ? -1 : ssn.jobOrderFn(r, l) ? 1 : 0));
      for (const job of jobs) backfillJob(ssn, queue, job);
    }
  },
});

function backfillJob(
  ssn: Parameters<ReturnType<typeof createBackfillAction>['execute']>[0],
  _queue: QueueInfo,
  job: JobInfo,
): void {
  const tasks = job.tasks
    .filter((t: TaskInfo) => t.bestEffort && t.status === 'Pending')
    .sort((l, r) => (ssn.taskOrderFn(l, r) ? -1 : ssn.taskOrderFn(r, l) ? 1 : 0));
  for (const task of tasks) {
    const fit = ssn.nodes.filter((n) => ssn.fitsFutureIdle(task, n) && ssn.predicate(task, n) === null);
    const node = ssn.bestNode(task, fit);
    const i = ssn.beginAttempt(job, [task]);
    const attempt = ssn.attempt(i);
    if (!node) {
      attempt.code = 'unschedulable';
      attempt.message = `backfill: no node passes the predicates for BestEffort task ${task.name}.`;
      continue;
    }
    ssn.currentAttempt = i;
    ssn.allocateNow(task, node);
    ssn.currentAttempt = null;
    attempt.outcome = 'allocated';
    attempt.message = `backfill: BestEffort task ${task.name} allocated on ${node.name} (no statement, no gang check).`;
  }
}
