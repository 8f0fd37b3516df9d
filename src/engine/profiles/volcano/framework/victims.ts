/**
 * Helpers preempt and reclaim share (Volcano `util/scheduler_helper.go`, `actions/preempt`): the victim
 * priority queue, ValidateVictims, and predicate filtering for preemption.
 */
import { PriorityQueue } from '../../../framework/PriorityQueue';
import { addInto, type Resources } from '../../../model/resources';
import { lessEqual } from '../../../framework/NodeAccount';
import type { Verdict, VictimRecord } from '../../../model/trace';
import type { TaskInfo } from '../api/JobInfo';
import type { NodeInfo } from '../api/NodeInfo';
import type { QueueInfo } from '../api/QueueInfo';
import type { VolcanoSession } from './Session';

/**
 * `BuildVictimsPriorityQueue` (reference §1.5): popped first = evicted first. Same job → reverse task
 * order; same queue → the job that would be scheduled later first (job-order plugins only), else reverse
 * task order; different queues → `VictimQueueOrderFn` (default: the queue scheduled later first).
 */
export function victimQueue(ssn: VolcanoSession, preemptor: TaskInfo): PriorityQueue<TaskInfo> {
  const pq = ssn.queues.get(preemptor.job.queue) ?? null;
  return new PriorityQueue<TaskInfo>((l, r) => {
    if (l.job === r.job) return !ssn.taskOrderFn(l, r);
    if (l.job.queue === r.job.queue) {
      const c = ssn.jobOrderCompare(l.job, r.job);
      if (c !== 0) return c > 0;
      return !ssn.taskOrderFn(l, r);
    }
    return ssn.victimQueueOrderFn(
      ssn.queues.get(l.job.queue) as QueueInfo,
      ssn.queues.get(r.job.queue) as QueueInfo,
      pq,
    );
  });
}

/** `ValidateVictims`: FutureIdle + Σ victims covers the request (an empty list is fine when it fits). */
export function validateVictims(task: TaskInfo, node: NodeInfo, victims: readonly TaskInfo[]): boolean {
  const future: Resources = node.account.futureIdle();
  for (const v of victims) addInto(future, v.req);
  return lessEqual(task.req, future);
}

/**
 * Nodes preemption may use (`PredicateForPreemptAction`): only UnschedulableAndUnresolvable failures
 * exclude a node; there is no resource check here.
 */
export function preemptionNodes(ssn: VolcanoSession, task: TaskInfo): NodeInfo[] {
  return ssn.nodes.filter((n) => {
    const f = ssn.predicate(task, n);
    return f === null || !f.unresolvable;
  });
}

/** A victim's trace record: the verdicts of the node vote that chose it. */
export function victimRecord(v: TaskInfo, verdicts: readonly Verdict[], message: string): VictimRecord {
  return {
    job: v.job.name,
    queue: v.job.queue,
    tasks: [v.name],
    outcome: 'evicted',
    verdicts: verdicts.filter((x) => x.point === 'preemptable' || x.point === 'reclaimable'),
    message,
  };
}
