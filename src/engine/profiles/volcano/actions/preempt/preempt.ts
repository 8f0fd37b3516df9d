/**
 * Volcano `preempt` action (`actions/preempt/preempt.go`, normal mode, reference §3.1). Preemptor jobs are
 * the non-Pending, valid, starving jobs (JobStarving: the first tier with a starving callback decides).
 * Per queue (QueueOrderFn), each queue once:
 * - Phase A, between jobs of the queue: for each preemptor job (JobOrderFn) one Statement; while it is
 *   starving, its next pending task preempts Bound/Running, preemptable tasks of **other jobs of the same
 *   queue**; at the end the statement is committed if JobPipelined, else discarded.
 * - Phase B, within each job that was starving at the start: each currently pending task may preempt
 *   tasks of its own job; committed per task, the job stops at its first failure.
 * Preempt never checks Overused; cross-queue eviction is reclaim's.
 */
import { PriorityQueue } from '../../../../framework/PriorityQueue';
import type { Verdict, VictimRecord } from '../../../../model/trace';
import type { JobInfo, TaskInfo } from '../../api/JobInfo';
import type { QueueInfo } from '../../api/QueueInfo';
import type { VolcanoAction } from '../../framework/Plugin';
import type { Statement, VolcanoSession } from '../../framework/Session';
import {
  preemptionNodes,
  tasksByNode,
  validateVictims,
  victimQueue,
  victimRecord,
} from '../../framework/victims';
import type { NodeInfo } from '../../api/NodeInfo';

type Filter = (candidate: TaskInfo) => boolean;

export const createPreemptAction = (): VolcanoAction => ({
  name: 'preempt',
  execute(ssn) {
    const queues = new PriorityQueue<QueueInfo>((l, r) => ssn.queueOrderFn(l, r));
    const preemptors = new Map<string, PriorityQueue<JobInfo>>();
    const underRequest = new Map<string, JobInfo[]>();
    const taskHeaps = new Map<JobInfo, PriorityQueue<TaskInfo>>();
    const starvingVerdicts = new Map<JobInfo, Verdict[]>();
    for (const job of ssn.jobs) {
      if (job.phase === 'Pending') continue;
      if (ssn.jobValid(job) !== null) continue;
      const queue = ssn.queues.get(job.queue);
      if (!queue) continue;
      const verdicts: Verdict[] = [];
      if (!ssn.jobStarving(job, verdicts)) continue;
      starvingVerdicts.set(job, verdicts);
      let heap = preemptors.get(queue.name);
      if (!heap) {
        heap = new PriorityQueue<JobInfo>((l, r) => ssn.jobOrderFn(l, r));
        preemptors.set(queue.name, heap);
        underRequest.set(queue.name, []);
        queues.push(queue);
      }
      heap.push(job);
      (underRequest.get(queue.name) as JobInfo[]).push(job);
      taskHeaps.set(job, pendingHeap(ssn, job));
    }

    for (;;) {
      const queue = queues.pop();
      if (!queue) break;
      const heap = preemptors.get(queue.name) as PriorityQueue<JobInfo>;
      // Every task that may become a candidate in this queue, by node (tasks only leave the set).
      const pool = tasksByNode(ssn.jobs.filter((j) => j.queue === queue.name).flatMap((j) => j.tasks));
      const failures = new Map<string, { opCount: number; task: string }>();
      // Phase A: between jobs of this queue.
      for (;;) {
        const job = heap.pop();
        if (!job) break;
        const index = ssn.beginAttempt(job, []);
        const attempt = ssn.attempt(index);
        attempt.verdicts.push(...(starvingVerdicts.get(job) ?? []));
        ssn.currentAttempt = index;
        ssn.currentPreemptor = job.name;
        const stmt = ssn.statement();
        const tasks = taskHeaps.get(job) as PriorityQueue<TaskInfo>;
        const placed: string[] = [];
        while (ssn.jobStarving(job) && !tasks.empty()) {
          const task = tasks.pop() as TaskInfo;
          attempt.tasks.push(task.name);
          // A preemptor with nothing placed yet sees the same candidates and plugin answers as an earlier
          // one of the same queue, priorities and request (priority, conformance and gang read only
          // those; drf reads the job's allocation, zero for both): while nothing has changed since that
          // one failed, this one fails too, so the node walk is not repeated.
          const key =
            job.readyTaskNum() + job.waitingTaskNum() === 0 && job.countOf('Releasing') === 0
              ? `${job.priority}|${task.priority}|${task.req.gpu}|${task.req.cpu}|${task.req.memory}|${task.bestEffort}|${task.spec.preemptionPolicy ?? job.spec.preemptionPolicy}|${JSON.stringify(task.spec.nodeSelector)}`
              : null;
          const memo = key === null ? undefined : failures.get(key);
          if (memo !== undefined && memo.opCount === ssn.opCount) {
            attempt.verdicts.push({
              plugin: 'preempt',
              point: 'validateVictims',
              allowed: false,
              message: `No node can take ${task.name} by preemption: the same as for ${memo.task} (same queue, priorities and request), and nothing has changed since.`,
              vote: 'refuse',
            });
            continue;
          }
          const node = preempt(
            ssn,
            stmt,
            task,
            attempt.verdicts,
            attempt.victims,
            (c) => c.job.queue === job.queue && c.job !== job,
            pool,
          );
          if (node) placed.push(`${task.name} → ${node}`);
          else if (key !== null) failures.set(key, { opCount: ssn.opCount, task: task.name });
        }
        if (ssn.jobPipelined(job, attempt.verdicts)) {
          const evicted = stmt.operations().filter((o) => o.kind === 'evict').length;
          stmt.commit();
          attempt.outcome = evicted > 0 ? 'evicted' : placed.length > 0 ? 'pipelined' : 'skipped';
          attempt.message =
            placed.length > 0
              ? `preempt: ${job.name} pipelined ${placed.join(', ')}${evicted > 0 ? ` after evicting ${evicted} task(s) of other jobs in queue ${job.queue}` : ' without evicting anyone'}.`
              : `preempt: ${job.name} found nothing to place.`;
        } else {
          stmt.discard();
          markRolledBack(attempt.victims);
          attempt.outcome = 'failed';
          attempt.code = attempt.victims.length > 0 ? 'gang-unsatisfiable' : 'no-eligible-victims';
          attempt.message = `preempt: ${job.name} is not pipelined after trying its tasks (JobPipelined false), so every eviction and pipeline of this turn was rolled back.`;
        }
        ssn.currentAttempt = null;
        ssn.currentPreemptor = null;
      }
      // Phase B: within each job that was starving at the start.
      for (const job of underRequest.get(queue.name) ?? []) {
        const tasks = pendingHeap(ssn, job);
        const own = tasksByNode(job.tasks);
        for (;;) {
          const task = tasks.pop();
          if (!task) break;
          const index = ssn.beginAttempt(job, [task]);
          const attempt = ssn.attempt(index);
          ssn.currentAttempt = index;
          ssn.currentPreemptor = job.name;
          const stmt = ssn.statement();
          const node = preempt(ssn, stmt, task, attempt.verdicts, attempt.victims, (c) => c.job === job, own);
          ssn.currentAttempt = null;
          ssn.currentPreemptor = null;
          if (!node) {
            stmt.discard();
            markRolledBack(attempt.victims);
            attempt.code = 'no-eligible-victims';
            attempt.message = `preempt (within ${job.name}): no node can take ${task.name} by evicting lower-priority tasks of its own job.`;
            break;
          }
          const evicted = stmt.operations().filter((o) => o.kind === 'evict').length;
          stmt.commit();
          attempt.outcome = evicted > 0 ? 'evicted' : 'pipelined';
          attempt.message = `preempt (within ${job.name}): ${task.name} pipelined to ${node}${evicted > 0 ? ` after evicting ${evicted} task(s) of its own job` : ''}.`;
        }
      }
    }
  },
});

function pendingHeap(ssn: VolcanoSession, job: JobInfo): PriorityQueue<TaskInfo> {
  const heap = new PriorityQueue<TaskInfo>((l, r) => ssn.taskOrderFn(l, r));
  for (const t of job.tasks) if (t.status === 'Pending') heap.push(t);
  return heap;
}

function markRolledBack(victims: VictimRecord[]): void {
  for (const v of victims) {
    if (v.outcome === 'evicted') {
      v.outcome = 'rejected';
      v.message = `${v.message} Rolled back: the preemptor's statement was discarded.`;
    }
  }
}

/** Upstream's eligibility for a preemptor pod and the common candidate filter. */
function candidateFilter(task: TaskInfo, filter: Filter): Filter {
  return (c) =>
    (c.status === 'Running' || c.status === 'Binding') &&
    !(task.bestEffort && !c.bestEffort) &&
    c.preemptable &&
    filter(c);
}

/**
 * `preempt(task)`: nodes that pass the preemption predicates, by score; on each, victims =
 * Preemptable(candidates) and ValidateVictims; evict victims (in victim order) until the task fits
 * (Allocatable, FutureIdle, predicate), then pipeline it. A node where it never fits is rolled back.
 * Returns the node name, or null.
 */
function preempt(
  ssn: VolcanoSession,
  stmt: Statement,
  task: TaskInfo,
  verdicts: Verdict[],
  victimRecords: VictimRecord[],
  filter: Filter,
  pool: ReadonlyMap<NodeInfo, readonly TaskInfo[]>,
): string | null {
  if ((task.spec.preemptionPolicy ?? task.job.spec.preemptionPolicy) === 'Never') {
    verdicts.push({
      plugin: 'preempt',
      point: 'preemptionPolicy',
      allowed: false,
      message: `${task.name} has preemptionPolicy Never: it never evicts anyone.`,
      vote: 'refuse',
    });
    return null;
  }
  const queue = ssn.queues.get(task.job.queue) as QueueInfo;
  const eligible = candidateFilter(task, filter);
  const { nodes, skipped } = preemptionNodes(ssn, task, eligible, pool);
  let lastFailure: () => Verdict[] = () => [];
  for (const { node, candidates } of nodes) {
    const decision = ssn.preemptable(task, candidates, node);
    const victims = decision.victims;
    if (!validateVictims(task, node, victims)) {
      lastFailure = () => [
        ...decision.verdicts(),
        {
          plugin: 'preempt',
          point: 'validateVictims',
          allowed: false,
          message: `${node.name}: future idle plus the victims' requests does not cover ${task.name}.`,
          vote: 'refuse',
        },
      ];
      continue;
    }
    const heap = victimQueue(ssn, task);
    for (const v of victims) heap.push(v);
    const nodeStmt = ssn.statement();
    const evicted: TaskInfo[] = [];
    const fits = (): boolean =>
      ssn.isAllocatable(queue, task) && ssn.fitsFutureIdle(task, node) && ssn.predicate(task, node) === null;
    while (!fits() && !heap.empty()) {
      const v = heap.pop() as TaskInfo;
      nodeStmt.evict(v, 'preempt');
      evicted.push(v);
    }
    if (!fits()) {
      nodeStmt.discard();
      lastFailure = () => [
        ...decision.verdicts(),
        {
          plugin: 'preempt',
          point: 'fits',
          allowed: false,
          message: `${node.name}: even after evicting every victim ${task.name} does not fit (queue allocatable, future idle, predicates); evictions on this node rolled back.`,
          vote: 'refuse',
        },
      ];
      continue;
    }
    nodeStmt.pipeline(task, node, evicted.length > 0);
    stmt.merge(nodeStmt);
    const local = decision.verdicts();
    verdicts.push(...local);
    for (const v of evicted)
      victimRecords.push(
        victimRecord(v, local, `${v.name} evicted so that ${task.name} fits on ${node.name}.`),
      );
    return node.name;
  }
  verdicts.push(...lastFailure());
  if (skipped > 0)
    verdicts.push({
      plugin: 'preempt',
      point: 'validateVictims',
      allowed: false,
      message: `${skipped} node(s) skipped for ${task.name}: even evicting every eligible task there would not make room (or a predicate rules the node out).`,
      vote: 'refuse',
    });
  return null;
}
