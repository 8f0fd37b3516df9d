/**
 * "Why is this job still pending?": for every job with pending tasks at the end of a session, the most
 * telling reason among the session's attempts for it (a later action's verdict over an earlier one, a
 * protection over a plain lack of room), with the attempts it was drawn from.
 */
import type { JobInfo } from './framework/JobInfo';
import type { Session } from './framework/Session';
import type { PendingCode, PendingExplanation } from '../../model/trace';

/** Higher wins when several attempts failed for different reasons. */
const WEIGHT: Record<PendingCode, number> = {
  'waiting-for-release': 9,
  'victims-protected': 8,
  // Nothing was tried for it: the delay is what keeps eviction actions from helping (KAI #1886).
  'preemption-delay': 8,
  'non-preemptible-over-quota': 7,
  'over-limit': 6,
  'fair-share': 5,
  'gang-unsatisfiable': 4,
  'no-eligible-victims': 3,
  unschedulable: 2,
  'no-capacity': 1,
  'not-attempted': 0,
};

export function explainPending(ssn: Session): PendingExplanation[] {
  const byJob = new Map<string, number[]>();
  ssn.trace.attempts.forEach((a, i) => {
    const list = byJob.get(a.job) ?? [];
    list.push(i);
    byJob.set(a.job, list);
  });
  const out: PendingExplanation[] = [];
  for (const job of ssn.jobs) {
    if (job.counts.Pending === 0 && job.counts.Pipelined === 0) continue;
    const attempts = byJob.get(job.name) ?? [];
    if (job.counts.Pipelined > 0) {
      out.push({
        job: job.name,
        queue: job.queue.name,
        code: 'waiting-for-release',
        message:
          job.counts.Pipelined === 1
            ? `1 task of ${job.name} is pipelined: it waits for evicted tasks to release their node and will bind in a later session.`
            : `${job.counts.Pipelined} tasks of ${job.name} are pipelined: they wait for evicted tasks to release their node and will bind in a later session.`,
        attempts,
      });
      continue;
    }
    // The placement reason comes first (why allocate could not place it); what eviction actions found is
    // added after it. Protection by min-runtime is the headline whenever it is what stopped an eviction.
    let protectedCode = false;
    // Like a protection, the preemption delay is the headline: it is why no eviction made room.
    let delayed = false;
    let allocateCode: PendingCode | null = null;
    let other: PendingCode | null = null;
    const parts: string[] = [];
    for (const i of attempts) {
      const a = ssn.attempt(i);
      if (a.code === null) continue;
      if (a.code === 'victims-protected') protectedCode = true;
      if (a.code === 'preemption-delay') delayed = true;
      if (a.action === 'allocate') allocateCode = a.code;
      else if (other === null || WEIGHT[a.code] > WEIGHT[other]) other = a.code;
      // Attempt messages never name their action (views show it beside them): named once here.
      const part = a.action === 'allocate' ? a.message : `${a.action}: ${a.message}`;
      if (!parts.includes(part)) parts.push(part);
    }
    const code: PendingCode | null = protectedCode
      ? 'victims-protected'
      : delayed
        ? 'preemption-delay'
        : (allocateCode ?? other);
    out.push({
      job: job.name,
      queue: job.queue.name,
      code: code ?? 'not-attempted',
      message: parts.join(' ') || notAttempted(job),
      attempts,
    });
  }
  return out;
}

/**
 * Why no action tried a job. KAI's allocate, preempt, reclaim and consolidation order only jobs that are ready
 * for scheduling (`FilterUnready`, PodGroupInfo.IsReadyForScheduling, job_info.go:479 @d5bc503): alive tasks
 * (Pending, Allocated, Pipelined, Running; pod_status.go:70-74) reach minAvailable, per pod set when the job has
 * subgroups. A succeeded or releasing pod is not alive, so a gang with one pod finished never starts its others;
 * saying "not reached" there hid the rule (decision 0330).
 */
function notAttempted(job: JobInfo): string {
  if (!job.isReadyForScheduling) {
    const c = job.counts;
    const alive = c.Pending + c.Allocated + c.Pipelined + c.Running;
    const notAlive = [
      c.Succeeded > 0 ? `${c.Succeeded} succeeded` : '',
      c.Releasing > 0 ? `${c.Releasing} releasing` : '',
    ].filter((s) => s !== '');
    const uncounted = notAlive.length > 0 ? ` (its ${notAlive.join(' and ')} task(s) do not count)` : '';
    const total = job.tasks.length;
    if (job.subGroupTree !== null)
      return `${job.name} is not ready for scheduling: its pending, placed and running tasks do not meet every subgroup's minimum${uncounted}, so KAI's actions do not try it.`;
    if (total < job.minAvailable)
      return `${job.name} is not ready for scheduling and never will be: it has ${total} task(s), fewer than minAvailable ${job.minAvailable}, so KAI's actions do not try it.`;
    return `${job.name} is not ready for scheduling: ${alive} of its ${total} tasks ${alive === 1 ? 'is' : 'are'} pending, placed or running, fewer than minAvailable ${job.minAvailable}${uncounted}, so KAI's actions do not try it.`;
  }
  return `No action tried ${job.name} in this session (no action that could place it is configured, or it was not reached).`;
}
