/**
 * kube-batch `preempt` (`kube-batch/pkg/scheduler/actions/preempt/preempt.go`, reference §3.3), the
 * dialect the seed document describes. Differences from Volcano: every job with a pending task is a
 * preemptor (no starving, validity or phase checks); victims are **Running** tasks only; JobPipelined is
 * checked after every task (commit and stop as soon as it holds; a job that got a task placed is pushed
 * back for another turn); a node's victims must be non-empty and together cover the request, and victims
 * are evicted (reverse task order) until the **evicted resources alone** cover the request — idle room on
 * the node is ignored, and evictions on a node that still falls short are not rolled back. Within-job
 * preemption commits unconditionally and stops the job at its first failure. Queues are taken in name
 * order (upstream iterates a Go map).
 */
import { PriorityQueue } from '../../../../framework/PriorityQueue';
import { addInto, zeroResources } from '../../../../model/resources';
import { lessEqual } from '../../../../framework/NodeAccount';
import type { Verdict, VictimRecord } from '../../../../model/trace';
import type { JobInfo, TaskInfo } from '../../api/JobInfo';
import type { VolcanoAction } from '../../framework/Plugin';
import type { Statement, VolcanoSession } from '../../framework/Session';
import { victimRecord } from '../../framework/victims';

export const createKubeBatchPreemptAction = (): VolcanoAction => ({
  name: 'preempt',
  execute(ssn) {
    const byQueue = new Map<string, PriorityQueue<JobInfo>>();
    const underRequest = new Map<string, JobInfo[]>();
    const taskHeaps = new Map<JobInfo, PriorityQueue<TaskInfo>>();
    for (const job of ssn.jobs) {
      if (!job.tasks.some((t) => t.status === 'Pending')) continue;
      let heap = byQueue.get(job.queue);
      if (!heap) {
        heap = new PriorityQueue<JobInfo>((l, r) => ssn.jobOrderFn(l, r));
        byQueue.set(job.queue, heap);
        underRequest.set(job.queue, []);
      }
      heap.push(job);
      (underRequest.get(job.queue) as JobInfo[]).push(job);
      const tasks = new PriorityQueue<TaskInfo>((l, r) => ssn.taskOrderFn(l, r));
      for (const t of job.tasks) if (t.status === 'Pending') tasks.push(t);
      taskHeaps.set(job, tasks);
    }
    for (const queue of [...byQueue.keys()].sort()) {
      const preemptors = byQueue.get(queue) as PriorityQueue<JobInfo>;
      for (;;) {
        const job = preemptors.pop();
        if (!job) break;
        const index = ssn.beginAttempt(job, []);
        const attempt = ssn.attempt(index);
        ssn.currentAttempt = index;
        ssn.currentPreemptor = job.name;
        const stmt = ssn.statement();
        const tasks = taskHeaps.get(job) as PriorityQueue<TaskInfo>;
        let assigned = false;
        let pipelined = false;
        for (;;) {
          const task = tasks.pop();
          if (!task) break;
          attempt.tasks.push(task.name);
          const filter = (c: TaskInfo): boolean =>
            c.status === 'Running' && c.job.queue === job.queue && c.job !== job;
          if (kubeBatchPreempt(ssn, stmt, task, filter, attempt.verdicts, attempt.victims)) assigned = true;
          if (ssn.jobPipelined(job)) {
            stmt.commit();
            pipelined = true;
            break;
          }
        }
        if (!pipelined && !ssn.jobPipelined(job, attempt.verdicts)) {
          stmt.discard();
          attempt.code = 'gang-unsatisfiable';
          attempt.message = `preempt: ${job.name} is not pipelined after trying all its tasks; its evictions were rolled back.`;
        } else {
          if (!pipelined) stmt.commit();
          attempt.outcome = attempt.victims.length > 0 ? 'evicted' : assigned ? 'pipelined' : 'skipped';
          attempt.message = assigned
            ? `preempt: ${job.name} is pipelined (JobPipelined true); committed.`
            : `preempt: ${job.name}: JobPipelined is true without any placement (nothing committed).`;
          if (assigned) preemptors.push(job);
        }
        ssn.currentAttempt = null;
        ssn.currentPreemptor = null;
      }
      for (const job of underRequest.get(queue) ?? []) {
        const tasks = taskHeaps.get(job) as PriorityQueue<TaskInfo>;
        for (;;) {
          const task = tasks.pop();
          if (!task) break;
          const index = ssn.beginAttempt(job, [task]);
          const attempt = ssn.attempt(index);
          ssn.currentAttempt = index;
          ssn.currentPreemptor = job.name;
          const stmt = ssn.statement();
          const filter = (c: TaskInfo): boolean => c.status === 'Running' && c.job === job;
          const ok = kubeBatchPreempt(ssn, stmt, task, filter, attempt.verdicts, attempt.victims);
          stmt.commit();
          ssn.currentAttempt = null;
          ssn.currentPreemptor = null;
          attempt.outcome = ok ? 'evicted' : 'failed';
          attempt.message = ok
            ? `preempt (within ${job.name}): ${task.name} pipelined after evicting lower-priority tasks of its own job until the evicted resources alone covered its request.`
            : `preempt (within ${job.name}): no node offers enough victims of its own job for ${task.name}.`;
          if (!ok) {
            attempt.code = 'no-eligible-victims';
            break;
          }
        }
      }
    }
  },
});

/** Every dimension of `l` strictly below `r`'s (kube-batch `Resource.Less`, on the dimensions requested). */
function lessAll(l: TaskInfo['req'], r: TaskInfo['req']): boolean {
  if (!(l.cpu < r.cpu && l.memory < r.memory)) return false;
  if (r.gpu > 0 && !(l.gpu < r.gpu)) return false;
  return true;
}

function kubeBatchPreempt(
  ssn: VolcanoSession,
  stmt: Statement,
  task: TaskInfo,
  filter: (c: TaskInfo) => boolean,
  verdicts: Verdict[],
  records: VictimRecord[],
): boolean {
  const nodes = ssn.sortNodesByScore(
    task,
    ssn.nodes.filter((n) => ssn.predicate(task, n) === null),
  );
  for (const node of nodes) {
    const candidates = [...node.tasks.values()].filter(filter).sort((a, b) => (a.name < b.name ? -1 : 1));
    const decision = ssn.preemptable(task, candidates, node);
    const victims = decision.victims;
    const all = zeroResources();
    for (const v of victims) addInto(all, v.req);
    if (victims.length === 0 || lessAll(all, task.req)) continue;
    const heap = new PriorityQueue<TaskInfo>((l, r) => !ssn.taskOrderFn(l, r));
    for (const v of victims) heap.push(v);
    const preempted = zeroResources();
    const evicted: TaskInfo[] = [];
    for (;;) {
      const v = heap.pop();
      if (!v) break;
      stmt.evict(v, 'preempt');
      evicted.push(v);
      addInto(preempted, v.req);
      if (lessEqual(task.req, preempted)) break;
    }
    const local = decision.verdicts();
    verdicts.push(...local);
    for (const v of evicted)
      records.push(
        victimRecord(
          v,
          local,
          `${v.name} evicted for ${task.name} on ${node.name} (kube-batch evicts until the evicted resources alone cover the request).`,
        ),
      );
    if (lessEqual(task.req, preempted)) {
      stmt.pipeline(task, node, true);
      return true;
    }
  }
  return false;
}
