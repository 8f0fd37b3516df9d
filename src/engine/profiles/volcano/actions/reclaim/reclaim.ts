/**
 * Volcano `reclaim` action (`actions/reclaim/reclaim.go`, reference §3.2): cross-queue. Queues of the
 * non-Pending valid jobs by QueueOrderFn; an Overused queue is skipped. For each starving job of the queue
 * (all of them on the queue's first pop — upstream keeps iterating the same queue after pushing it back),
 * one Statement: while the job is starving, each pending task (not preemptionPolicy Never, Preemptive for
 * its queue) looks for a node whose Running, preemptable tasks of **other, reclaimable** queues give
 * victims (Reclaimable), evicts them in victim order until the task fits the node's future idle, and is
 * pipelined there. Committed if JobPipelined, else discarded. Reclaim does not call Allocatable.
 */
import { PriorityQueue } from '../../../../framework/PriorityQueue';
import { addInto } from '../../../../model/resources';
import { lessEqual } from '../../../../framework/NodeAccount';
import type { Verdict, VictimRecord } from '../../../../model/trace';
import type { JobInfo, TaskInfo } from '../../api/JobInfo';
import type { QueueInfo } from '../../api/QueueInfo';
import type { VolcanoAction } from '../../framework/Plugin';
import type { Statement, VolcanoSession } from '../../framework/Session';
import { validateVictims, viableNodes, victimQueue, victimRecord } from '../../framework/victims';

export const createReclaimAction = (): VolcanoAction => ({
  name: 'reclaim',
  execute(ssn) {
    const queues = new PriorityQueue<QueueInfo>((l, r) => ssn.queueOrderFn(l, r));
    const seen = new Set<string>();
    const preemptors = new Map<string, PriorityQueue<JobInfo>>();
    const starving = new Map<JobInfo, Verdict[]>();
    const failures: FailureMemo = new Map();
    for (const job of ssn.jobs) {
      if (job.phase === 'Pending') continue;
      if (ssn.jobValid(job) !== null) continue;
      const queue = ssn.queues.get(job.queue);
      if (!queue) continue;
      if (!seen.has(queue.name)) {
        seen.add(queue.name);
        queues.push(queue);
      }
      const verdicts: Verdict[] = [];
      if (!ssn.jobStarving(job, verdicts)) continue;
      starving.set(job, verdicts);
      let heap = preemptors.get(queue.name);
      if (!heap) {
        heap = new PriorityQueue<JobInfo>((l, r) => ssn.jobOrderFn(l, r));
        preemptors.set(queue.name, heap);
      }
      heap.push(job);
    }
    for (;;) {
      const queue = queues.pop();
      if (!queue) break;
      const over = ssn.overused(queue);
      const jobs = preemptors.get(queue.name);
      if (over.value) {
        for (const job of drain(jobs)) {
          const a = ssn.attempt(ssn.beginAttempt(job, []));
          a.code = 'fair-share';
          a.message = `reclaim: queue ${queue.name} is overused (${over.by}): its jobs do not reclaim.`;
        }
        continue;
      }
      if (!jobs || jobs.empty()) continue;
      for (const job of drain(jobs)) reclaimForJob(ssn, queue, job, starving.get(job) ?? [], failures);
      queues.push(queue);
    }
  },
});

function drain<T>(heap: PriorityQueue<T> | undefined): T[] {
  const out: T[] = [];
  if (!heap) return out;
  for (let x = heap.pop(); x !== undefined; x = heap.pop()) out.push(x);
  return out;
}

/** Per action: the last failed node walk per (queue, request, selector), valid while nothing changed. */
type FailureMemo = Map<string, { opCount: number; task: string }>;

function reclaimForJob(
  ssn: VolcanoSession,
  queue: QueueInfo,
  job: JobInfo,
  starving: Verdict[],
  failures: FailureMemo,
): void {
  const index = ssn.beginAttempt(job, []);
  const attempt = ssn.attempt(index);
  attempt.verdicts.push(...starving);
  ssn.currentAttempt = index;
  ssn.currentPreemptor = job.name;
  const tasks = new PriorityQueue<TaskInfo>((l, r) => ssn.taskOrderFn(l, r));
  for (const t of job.tasks) if (t.status === 'Pending') tasks.push(t);
  const stmt = ssn.statement();
  const placed: string[] = [];
  while (!tasks.empty() && ssn.jobStarving(job)) {
    const task = tasks.pop() as TaskInfo;
    attempt.tasks.push(task.name);
    if ((task.spec.preemptionPolicy ?? job.spec.preemptionPolicy) === 'Never') continue;
    const pre = ssn.preemptive(queue, task);
    if (!pre.value) {
      attempt.verdicts.push({
        plugin: pre.by ?? 'session',
        point: 'preemptive',
        allowed: false,
        message:
          ssn.explanation(pre.by) !== null
            ? `${pre.by} says ${ssn.explanation(pre.by)}.`
            : `${pre.by} says queue ${queue.name} may not reclaim for ${task.name}: its allocation plus the request would exceed its deserved share.`,
        vote: 'refuse',
      });
      continue;
    }
    // A task of the same queue, request and node selector found no node while nothing has changed since:
    // the answer is the same (Volcano's Reclaimable plugins — conformance, gang, proportion — do not look
    // at the reclaimer, and the predicates see the same nodes), so the node walk is not repeated.
    const key = `${queue.name}|${task.req.gpu}|${task.req.cpu}|${task.req.memory}|${JSON.stringify(task.spec.nodeSelector)}`;
    const memo = failures.get(key);
    if (memo !== undefined && memo.opCount === ssn.opCount) {
      attempt.verdicts.push({
        plugin: 'reclaim',
        point: 'validateVictims',
        allowed: false,
        message: `No node offers victims for ${task.name}: the same as for ${memo.task} (same queue and request), and nothing has changed since.`,
        vote: 'refuse',
      });
      continue;
    }
    const node = reclaimForTask(ssn, stmt, task, attempt.verdicts, attempt.victims);
    if (node === null) failures.set(key, { opCount: ssn.opCount, task: task.name });
    if (node) placed.push(`${task.name} → ${node}`);
  }
  if (ssn.jobPipelined(job, attempt.verdicts)) {
    const evicted = stmt.operations().filter((o) => o.kind === 'evict').length;
    stmt.commit();
    attempt.outcome = evicted > 0 ? 'evicted' : placed.length > 0 ? 'pipelined' : 'failed';
    if (placed.length === 0) attempt.code = 'no-eligible-victims';
    attempt.message =
      placed.length > 0
        ? `reclaim: ${job.name} pipelined ${placed.join(', ')}${evicted > 0 ? ` after reclaiming ${evicted} task(s) from other queues` : ''}.`
        : `reclaim: no node offers victims from other queues for ${job.name}.`;
  } else {
    stmt.discard();
    for (const v of attempt.victims) if (v.outcome === 'evicted') v.outcome = 'rejected';
    attempt.code = 'gang-unsatisfiable';
    attempt.message = `reclaim: ${job.name} is not pipelined after trying its tasks (JobPipelined false), so its reclaims were rolled back.`;
  }
  ssn.currentAttempt = null;
  ssn.currentPreemptor = null;
}

function reclaimForTask(
  ssn: VolcanoSession,
  stmt: Statement,
  task: TaskInfo,
  verdicts: Verdict[],
  records: VictimRecord[],
): string | null {
  let lastFailure: () => Verdict[] = () => [];
  // Reclaimees: Running (not Bound), preemptable tasks of other queues that allow reclaim.
  const eligible = (c: TaskInfo): boolean =>
    c.status === 'Running' &&
    c.preemptable &&
    c.job.queue !== task.job.queue &&
    (ssn.queues.get(c.job.queue)?.reclaimable ?? true);
  // Upstream walks the predicate-passing nodes in list order (no scoring); here: by name.
  for (const viable of viableNodes(ssn, task, eligible)) {
    if (viable === null || viable.candidates.length === 0) continue;
    const { node, candidates: reclaimees } = viable;
    const decision = ssn.reclaimable(task, reclaimees, node);
    const victims = decision.victims;
    if (!validateVictims(task, node, victims)) {
      lastFailure = () => [
        ...decision.verdicts(),
        {
          plugin: 'reclaim',
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
    const available = node.account.futureIdle();
    const nodeStmt = ssn.statement();
    const evicted: TaskInfo[] = [];
    while (!lessEqual(task.req, available) && !heap.empty()) {
      const v = heap.pop() as TaskInfo;
      nodeStmt.evict(v, 'reclaim');
      addInto(available, v.req);
      evicted.push(v);
    }
    if (!lessEqual(task.req, available)) {
      nodeStmt.discard();
      lastFailure = decision.verdicts;
      continue;
    }
    nodeStmt.pipeline(task, node, evicted.length > 0);
    stmt.merge(nodeStmt);
    const local = decision.verdicts();
    verdicts.push(...local);
    for (const v of evicted)
      records.push(
        victimRecord(
          v,
          local,
          `${v.name} (queue ${v.job.queue}) reclaimed so that ${task.name} fits on ${node.name}.`,
        ),
      );
    return node.name;
  }
  verdicts.push(...lastFailure());
  return null;
}
