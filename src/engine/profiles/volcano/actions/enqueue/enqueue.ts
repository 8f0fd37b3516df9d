/**
 * Volcano `enqueue` action (`actions/enqueue/enqueue.go`, reference §1.8): queues in QueueOrderFn order,
 * each with a heap of its Pending PodGroups in JobOrderFn order. Pop a queue, pop one job: a PodGroup
 * without minResources, or one JobEnqueueable admits, becomes Inqueue (JobEnqueued hooks run); the queue
 * goes back either way until every heap is empty. A rejected job stays Pending and is retried next session.
 */
import { PriorityQueue } from '../../../../framework/PriorityQueue';
import type { JobInfo } from '../../api/JobInfo';
import type { QueueInfo } from '../../api/QueueInfo';
import type { VolcanoAction } from '../../framework/Plugin';

export const createEnqueueAction = (): VolcanoAction => ({
  name: 'enqueue',
  execute(ssn) {
    const queues = new PriorityQueue<QueueInfo>((l, r) => ssn.queueOrderFn(l, r));
    const seen = new Set<string>();
    const jobsOf = new Map<string, PriorityQueue<JobInfo>>();
    for (const job of ssn.jobs) {
      const queue = ssn.queues.get(job.queue);
      if (!queue) continue;
      if (!seen.has(queue.name)) {
        seen.add(queue.name);
        queues.push(queue);
      }
      if (job.phase !== 'Pending') continue;
      let heap = jobsOf.get(queue.name);
      if (!heap) {
        heap = new PriorityQueue<JobInfo>((l, r) => ssn.jobOrderFn(l, r));
        jobsOf.set(queue.name, heap);
      }
      heap.push(job);
    }
    for (;;) {
      const queue = queues.pop();
      if (!queue) break;
      const heap = jobsOf.get(queue.name);
      if (!heap || heap.empty()) continue;
      const job = heap.pop() as JobInfo;
      const i = ssn.beginAttempt(job, []);
      const attempt = ssn.attempt(i);
      if (!job.minResources) {
        ssn.jobEnqueued(job);
        job.phase = 'Inqueue';
        attempt.outcome = 'enqueued';
        attempt.message = `${job.name} has no minResources, so enqueue admits it without a vote: Pending → Inqueue.`;
      } else {
        const vote = ssn.jobEnqueueable(job, attempt.verdicts);
        if (vote.value) {
          ssn.jobEnqueued(job);
          job.phase = 'Inqueue';
          attempt.outcome = 'enqueued';
          attempt.message = `${job.name} admitted: Pending → Inqueue. ${summary(vote.reason, vote.decidedBy, vote.decidingTier)}`;
        } else {
          attempt.outcome = 'failed';
          attempt.code =
            vote.decidedBy === 'proportion' || vote.decidedBy === 'capacity' ? 'over-limit' : 'no-capacity';
          attempt.message = `${job.name} stays Pending: Reject from ${vote.decidedBy} (tier ${vote.decidingTier}). It is tried again next session.`;
        }
      }
      queues.push(queue);
    }
  },
});

function summary(reason: string, by: string | null, tier: number | null): string {
  if (reason === 'permit') return `Tier ${tier} holds a Permit (first from ${by}) and no Reject.`;
  if (reason === 'all-abstain') return 'Every plugin abstained.';
  return 'No plugin has JobEnqueueable enabled.';
}
