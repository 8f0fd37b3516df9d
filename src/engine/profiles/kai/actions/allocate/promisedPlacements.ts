/**
 * Tasks pipelined in the previous session take the capacity they were promised first.
 *
 * Upstream keeps nothing about pipelining between sessions, but it does not need to: an evicted pod keeps
 * its node (Releasing) until it has terminated, so in the next sessions that capacity is not idle and no
 * other job can be allocated onto it; only the pods pipelined there can use it once it is free. The engine
 * releases an evicted task's capacity when the next session opens, so without this step any job ordered
 * before the preemptor (for instance the victim a consolidation just moved, re-created pending) would
 * take the capacity back, and the same move would be made again every other session (issue 8: a gang on
 * an otherwise idle cluster never ran). Binding a promised task on its promised node before anything else
 * reproduces what the termination delay guarantees upstream, without delaying the bind. A promise that an
 * earlier action this session made stray from a required topology domain is left to allocate
 * (promiseKeepsDomains.ts).
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { Session } from '../../framework/Session';
import { tasksToAllocate } from '../../framework/tasksToAllocate';
import { JobsOrderByQueues } from '../common/JobsOrderByQueues';
import { promiseKeepsDomains } from './promiseKeepsDomains';

/** Binds, in job order, every job whose tasks needed now all fit on the nodes they were promised. */
export function bindPromisedTasks(ssn: Session, pending: readonly JobInfo[]): void {
  const promised = pending.filter((j) => j.tasks.some((t) => t.status === 'Pending' && t.promisedNode));
  if (promised.length === 0) return;
  const order = new JobsOrderByQueues(ssn, promised);
  for (let job = order.pop(); job; job = order.pop()) {
    const tasks = tasksToAllocate(job, ssn.compareTasks);
    if (tasks.length === 0 || !tasks.every((t) => t.promisedNode !== null)) continue;
    if (ssn.hasNodeSubsets && !promiseKeepsDomains(ssn.topologies, job, tasks)) continue;
    if (ssn.checkCapacity(job, tasks).length > 0) continue;
    const wasFresh = job.activeAllocated === 0;
    const attempt = ssn.startAttempt('allocate', job, tasks);
    const stmt = ssn.statement({ action: 'allocate', by: null, attempt });
    if (!bindAll(ssn, tasks, stmt)) {
      stmt.discard();
      ssn.trace.attempts.pop();
      continue;
    }
    ssn.commits++;
    const record = ssn.attempt(attempt);
    record.outcome = 'allocated';
    record.message = `${job.name}: ${tasks.length} task(s) bound on the node(s) they were promised in the previous session (${[...new Set(tasks.map((t) => t.promisedNode?.name))].join(', ')}).`;
    if (wasFresh) job.startedAtMs = ssn.timeMs;
    if (job.tasks.some((t) => t.status === 'Pending' && t.promisedNode)) order.push(job);
  }
}

function bindAll(ssn: Session, tasks: readonly TaskInfo[], stmt: ReturnType<Session['statement']>): boolean {
  for (const task of tasks) {
    const node = task.promisedNode;
    if (!node || ssn.predicate(task, node) !== null || !node.fitsTask(task, 'idle')) return false;
    stmt.allocate(task, node, node.pickGpusFor(task, 'idle'));
  }
  return true;
}
