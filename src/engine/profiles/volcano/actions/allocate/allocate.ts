/**
 * Volcano `allocate` action (`actions/allocate/allocate.go`, non-topology path, reference §1.8):
 * queues by QueueOrderFn (an Overused queue is dropped for the rest of the action), jobs by JobOrderFn,
 * tasks by TaskOrderFn (BestEffort tasks are left to backfill). Each turn places a job's tasks in one
 * Statement until the job is ready (then it is committed and, with tasks left, re-queued: a ready job
 * places one task per turn). A job that is not ready keeps its statement only if JobPipelined: the
 * statement is then neither committed nor discarded, its tasks hold node resources for the rest of the
 * session and vanish when it ends (the reservation sla relies on). Otherwise it is discarded.
 * kube-batch (dialect) commits only ready jobs and discards the rest.
 * A task that fits no node is recorded in the job's fit errors; its role's later siblings are skipped
 * without predicates (the cache by role), and the turn goes on with the other tasks while
 * NeedContinueAllocating says the job can still be ready (volcano pkg/scheduler/actions/allocate/
 * allocate.go:767-828 @ed72c7c8; decisions 0227, 0228).
 */
import { PriorityQueue } from '../../../../framework/PriorityQueue';
import type { ReservedPlacement } from '../../../../model/trace';
import type { JobInfo, TaskInfo } from '../../api/JobInfo';
import type { NodeInfo } from '../../api/NodeInfo';
import type { QueueInfo } from '../../api/QueueInfo';
import type { Dialect, VolcanoSession } from '../../framework/Session';
import type { VolcanoAction } from '../../framework/Plugin';
import { needContinueAllocating } from '../../api/taskRoles';
import { describeFailures, roleOf } from './roleNotes';

export const createAllocateAction = (dialect: Dialect): VolcanoAction => ({
  name: 'allocate',
  execute(ssn) {
    const queues = new PriorityQueue<QueueInfo>((l, r) => ssn.queueOrderFn(l, r));
    const seen = new Set<string>();
    const jobsOf = new Map<string, PriorityQueue<JobInfo>>();
    for (const job of ssn.jobs) {
      if (job.phase === 'Pending') {
        // With enqueue configured a Pending PodGroup waits for it; without, allocate admits it itself.
        if (ssn.enabledActions.has('enqueue')) continue;
        job.phase = 'Inqueue';
      }
      if (ssn.jobValid(job) !== null) continue;
      const queue = ssn.queues.get(job.queue);
      if (!queue) continue;
      if (!seen.has(queue.name)) {
        seen.add(queue.name);
        queues.push(queue);
      }
      let heap = jobsOf.get(queue.name);
      if (!heap) {
        heap = new PriorityQueue<JobInfo>((l, r) => ssn.jobOrderFn(l, r));
        jobsOf.set(queue.name, heap);
      }
      heap.push(job);
    }
    const pendingTasks = new Map<JobInfo, PriorityQueue<TaskInfo>>();
    for (;;) {
      const queue = queues.pop();
      if (!queue) break;
      if (ssn.overused(queue).value) continue;
      const jobs = jobsOf.get(queue.name);
      if (!jobs || jobs.empty()) continue;
      const job = jobs.pop() as JobInfo;
      let tasks = pendingTasks.get(job);
      if (!tasks) {
        tasks = new PriorityQueue<TaskInfo>((l, r) => ssn.taskOrderFn(l, r));
        for (const t of job.tasks) if (t.status === 'Pending' && !t.bestEffort) tasks.push(t);
        pendingTasks.set(job, tasks);
      }
      if (tasks.empty()) {
        queues.push(queue);
        continue;
      }
      allocateForJob(ssn, dialect, job, queue, tasks, jobs);
      queues.push(queue);
    }
  },
});

function allocateForJob(
  ssn: VolcanoSession,
  dialect: Dialect,
  job: JobInfo,
  queue: QueueInfo,
  tasks: PriorityQueue<TaskInfo>,
  jobs: PriorityQueue<JobInfo>,
): void {
  const index = ssn.beginAttempt(job, []);
  const attempt = ssn.attempt(index);
  ssn.currentAttempt = index;
  ssn.currentPreemptor = null;
  const stmt = ssn.statement();
  const placed: string[] = [];
  /** The same placements as data, kept on the attempt when the job reserves them (decision 0274). */
  const placedAt: ReservedPlacement[] = [];
  const skipped: string[] = [];
  const failures: string[] = [];
  let stopped = false;
  while (!tasks.empty()) {
    const task = tasks.pop() as TaskInfo;
    attempt.tasks.push(task.name);
    const alloc = ssn.allocatable(queue, task);
    if (!alloc.value) {
      skipped.push(task.name);
      attempt.verdicts.push({
        plugin: alloc.by ?? 'session',
        point: 'allocatable',
        allowed: false,
        message:
          ssn.explanation(alloc.by) !== null
            ? `${alloc.by} says ${ssn.explanation(alloc.by)}.`
            : `${alloc.by} says queue ${queue.name} may not take ${task.name}: its allocation plus the request would exceed its deserved share.`,
        vote: 'refuse',
      });
      continue;
    }
    if (dialect === 'volcano' && job.taskHasFitErrors(task)) {
      // allocate.go:767: a sibling of this role already fit no node this session; skip the predicates.
      const why = `${task.name}${roleOf(task)} skipped: its role already failed predicates this session`;
      job.recordFitError(task, why);
      failures.push(why);
      continue;
    }
    const reasons: string[] = [];
    const fit: NodeInfo[] = [];
    for (const node of ssn.nodes) {
      if (!ssn.fitsFutureIdle(task, node)) {
        reasons.push(`${node.name}: not enough resources`);
        continue;
      }
      const f = ssn.predicate(task, node);
      if (f) {
        reasons.push(`${node.name}: ${f.reason}`);
        continue;
      }
      fit.push(node);
    }
    if (fit.length === 0) {
      const why = `no node fits ${task.name}${roleOf(task)} (${reasons.length > 0 ? reasons.join('; ') : 'the cluster has no nodes'})`;
      failures.push(why);
      if (dialect === 'volcano') {
        job.recordFitError(task, why);
        // allocate.go:825: go on with the other tasks only while the job can still become ready.
        if (needContinueAllocating(job)) continue;
      }
      stopped = true;
      break;
    }
    const idle = fit.filter((n) => ssn.fitsIdle(task, n));
    const node = ssn.bestNode(task, idle.length > 0 ? idle : fit) as NodeInfo;
    if (ssn.fitsIdle(task, node)) stmt.allocate(task, node);
    else stmt.pipeline(task, node, false);
    placed.push(
      `${task.name} → ${node.name}${idle.length > 0 ? '' : ' (pipelined on capacity being released)'}`,
    );
    placedAt.push({ task: task.name, node: node.name, gpu: task.spec.resources.gpu });
    if (ssn.jobReady(job)) {
      if (!tasks.empty()) jobs.push(job);
      break;
    }
  }
  const failure = describeFailures(job, failures, !stopped);
  const ready = ssn.jobReady(job);
  if (ready) {
    stmt.commit();
    attempt.outcome = placed.length > 0 ? 'allocated' : skipped.length > 0 ? 'failed' : 'skipped';
    if (skipped.length > 0 && placed.length === 0) attempt.code = 'fair-share';
    attempt.message =
      placed.length > 0
        ? `${job.name} is ready (JobReady): committed ${placed.join(', ')}${failure ? `; allocate went on past ${failure}` : ''}.`
        : skipped.length > 0
          ? `${job.name}: queue ${queue.name} is at its deserved share for ${skipped.join(', ')}.`
          : failure
            ? `${job.name}: ${failure}.`
            : `${job.name}: nothing to place.`;
    if (failure && placed.length === 0) {
      attempt.outcome = 'failed';
      attempt.code = 'unschedulable';
    }
  } else if (dialect === 'volcano' && ssn.jobPipelined(job, attempt.verdicts)) {
    // Neither committed nor discarded: the placements hold their nodes until the session ends.
    attempt.outcome = placed.length > 0 ? 'reserved' : 'failed';
    if (placed.length > 0) attempt.reserved = placedAt;
    if (placed.length === 0) attempt.code = failure ? 'unschedulable' : 'fair-share';
    attempt.message =
      placed.length > 0
        ? `${job.name} is not ready but JobPipelined is true: ${placed.join(', ')} stay reserved for the rest of this session (not bound; released when the session ends).`
        : `${job.name}: nothing placed${failure ? `: ${failure}` : ''}.`;
  } else {
    stmt.discard();
    attempt.outcome = 'failed';
    attempt.code = placed.length > 0 ? 'gang-unsatisfiable' : failure ? 'unschedulable' : 'fair-share';
    attempt.message =
      placed.length > 0
        ? `${job.name} is not ready (${job.readyTaskNum()} of ${job.minAvailable} minAvailable) and not pipelined, so its placements (${placed.join(', ')}) were discarded${failure ? `: ${failure}` : ''}.`
        : `${job.name}: nothing placed${failure ? `: ${failure}` : skipped.length > 0 ? `: queue ${queue.name} is at its deserved share` : ''}.`;
  }
  ssn.currentAttempt = null;
}
