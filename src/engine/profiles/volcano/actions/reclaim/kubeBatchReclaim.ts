/**
 * kube-batch `reclaim` (reference §3.3): one task per queue pop; an Overused queue is skipped; nodes in
 * name order (upstream: Go map order); victims are Running tasks of other queues that Reclaimable keeps
 * (sticky empty veto); they must be non-empty and together cover the request; they are evicted directly
 * (no statement to roll back) until the reclaimed resources alone cover the request, then the task is
 * pipelined. A queue that got a task placed is pushed back for another turn.
 */
import { PriorityQueue } from '../../../../framework/PriorityQueue';
import { addInto, zeroResources } from '../../../../model/resources';
import { lessEqual } from '../../../../framework/NodeAccount';
import type { JobInfo, TaskInfo } from '../../api/JobInfo';
import type { QueueInfo } from '../../api/QueueInfo';
import type { VolcanoAction } from '../../framework/Plugin';
import { victimRecord } from '../../framework/victims';

export const createKubeBatchReclaimAction = (): VolcanoAction => ({
  name: 'reclaim',
  execute(ssn) {
    const queues = new PriorityQueue<QueueInfo>((l, r) => ssn.queueOrderFn(l, r));
    const seen = new Set<string>();
    const preemptors = new Map<string, PriorityQueue<JobInfo>>();
    const taskHeaps = new Map<JobInfo, PriorityQueue<TaskInfo>>();
    for (const job of ssn.jobs) {
      const queue = ssn.queues.get(job.queue);
      if (!queue) continue;
      if (!seen.has(queue.name)) {
        seen.add(queue.name);
        queues.push(queue);
      }
      if (!job.tasks.some((t) => t.status === 'Pending')) continue;
      let heap = preemptors.get(queue.name);
      if (!heap) {
        heap = new PriorityQueue<JobInfo>((l, r) => ssn.jobOrderFn(l, r));
        preemptors.set(queue.name, heap);
      }
      heap.push(job);
      const tasks = new PriorityQueue<TaskInfo>((l, r) => ssn.taskOrderFn(l, r));
      for (const t of job.tasks) if (t.status === 'Pending') tasks.push(t);
      taskHeaps.set(job, tasks);
    }
    for (;;) {
      const queue = queues.pop();
      if (!queue) break;
      if (ssn.overused(queue).value) continue;
      const jobs = preemptors.get(queue.name);
      const job = jobs?.pop();
      if (!job) continue;
      const task = (taskHeaps.get(job) as PriorityQueue<TaskInfo>).pop();
      if (!task) continue;
      const index = ssn.beginAttempt(job, [task]);
      const attempt = ssn.attempt(index);
      ssn.currentAttempt = index;
      ssn.currentPreemptor = job.name;
      let assigned = false;
      for (const node of ssn.nodes) {
        if (ssn.predicate(task, node) !== null) continue;
        const reclaimees = [...node.tasks.values()]
          .filter((c) => c.status === 'Running' && c.job.queue !== job.queue)
          .sort((a, b) => (a.name < b.name ? -1 : 1));
        const decision = ssn.reclaimable(task, reclaimees, node);
        const victims = decision.victims;
        if (victims.length === 0) continue;
        attempt.verdicts.push(...decision.verdicts());
        const all = zeroResources();
        for (const v of victims) addInto(all, v.req);
        if (all.cpu < task.req.cpu && all.memory < task.req.memory) continue;
        const reclaimed = zeroResources();
        for (const v of victims) {
          const s = ssn.statement();
          s.evict(v, 'reclaim');
          s.commit();
          attempt.victims.push(
            victimRecord(
              v,
              attempt.verdicts,
              `${v.name} (queue ${v.job.queue}) reclaimed for ${task.name} on ${node.name}.`,
            ),
          );
          addInto(reclaimed, v.req);
          if (lessEqual(task.req, reclaimed)) break;
        }
        if (lessEqual(task.req, reclaimed)) {
          const s = ssn.statement();
          s.pipeline(task, node, true);
          s.commit();
          assigned = true;
          break;
        }
      }
      attempt.outcome = assigned ? 'evicted' : 'failed';
      if (!assigned) attempt.code = 'no-eligible-victims';
      attempt.message = assigned
        ? `reclaim: ${task.name} pipelined after reclaiming from other queues.`
        : `reclaim: no node offers enough victims from other queues for ${task.name}.`;
      ssn.currentAttempt = null;
      ssn.currentPreemptor = null;
      if (assigned) queues.push(queue);
    }
  },
});
