/**
 * What the timeline marks for a Volcano or kube-batch session: how many PodGroups enqueue admitted
 * (Pending → Inqueue) and which waiting jobs' SLA deadlines passed since the previous session. Computed
 * once per session when it runs, so the marker list stays cheap to send.
 */
import type { JobSpec, SchedulerConfig } from '../../model/scenario';
import type { SessionTrace, TaskStatus } from '../../model/trace';
import { slaOf } from './jobExtras';

/** Per-session timeline facts of the Volcano profile. */
export interface VolcanoSessionMarks {
  /** PodGroups enqueue moved from Pending to Inqueue in this session. */
  enqueued: number;
  /** Jobs (by name) whose SLA deadline fell in (previous session's time, this session's time]. */
  slaExpired: string[];
}

/** A job as the marks need it: its spec and the status of each task when the session opened. */
export interface WaitingJob {
  spec: JobSpec;
  statuses: readonly TaskStatus[];
}

/**
 * The session's marks. A job counts as an SLA expiry only while it is still waiting (no task Running or
 * Succeeded when the session opened): sla's votes only matter for jobs not yet started (sla.go
 * JobEnqueueable/JobPipelined), so a deadline passing under a running job changes nothing to show.
 */
export function volcanoSessionMarks(
  config: SchedulerConfig,
  jobs: Iterable<WaitingJob>,
  fromMs: number,
  toMs: number,
  trace: SessionTrace,
): VolcanoSessionMarks {
  let enqueued = 0;
  for (const a of trace.attempts) if (a.action === 'enqueue' && a.outcome === 'enqueued') enqueued++;
  const slaExpired: string[] = [];
  for (const job of jobs) {
    if (job.statuses.some((s) => s === 'Running' || s === 'Succeeded')) continue;
    const sla = slaOf(config, job.spec, toMs);
    if (sla !== null && sla.deadlineMs > fromMs && sla.deadlineMs <= toMs) slaExpired.push(job.spec.name);
  }
  slaExpired.sort();
  return { enqueued, slaExpired };
}
