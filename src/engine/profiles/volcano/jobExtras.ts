/**
 * Volcano's per-job snapshot extras: the sla clock (from the configuration, so a job's countdown shows in
 * every session, not only when sla voted) and the enqueue decision recorded in the session's trace.
 */
import type { JobSpec, QueueSpec, SchedulerConfig } from '../../model/scenario';
import { writtenSpecOf, type WrittenQueueSpec } from '../../model/writtenQueueSpec';
import type { Resources } from '../../model/resources';
import type { JobExtras, QueueExtras, QueueState } from '../../model/snapshot';
import type { SessionTrace } from '../../model/trace';
import { parseDuration } from '../../model/duration';
import type { TierVoteDetail } from './trace';

/** Volcano's and kube-batch's per-job facts (the snapshot's `JobState.extras`, decision 0316). */
export interface VolcanoJobExtras extends JobExtras {
  readonly profile: string;
  /**
   * The sla plugin's waiting time for this job, when it has one (ms), where it came from, its deadline
   * (creation + waiting time), and at this session's time how long it has waited and how long is left.
   */
  sla: {
    waitingTimeMs: number;
    source: string;
    deadlineMs: number;
    expired: boolean;
    /** Session time − creation (0 before creation). */
    waitedMs: number;
    /** Deadline − session time, 0 once expired. */
    remainingMs: number;
  } | null;
  /** The last enqueue decision about this job in this session (null when enqueue did not look at it). */
  enqueue: { admitted: boolean; decidedBy: string | null; tier: number | null; message: string } | null;
}

function positive(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const r = parseDuration(v);
  return r.ok && r.ms > 0 ? r.ms : null;
}

/** The job's effective SLA as the sla plugin of `config` would see it (null without sla or a waiting time). */
export function slaOf(config: SchedulerConfig, spec: JobSpec, timeMs: number): VolcanoJobExtras['sla'] {
  const sla = config.tiers.flatMap((t) => t.plugins).find((p) => p.name === 'sla');
  if (!sla) return null;
  const candidates: [unknown, string][] = [
    [spec.annotations['volcano.sh/sla-waiting-time'], 'annotation volcano.sh/sla-waiting-time'],
    [spec.annotations['sla-waiting-time'], 'annotation sla-waiting-time'],
    [sla.arguments['sla-waiting-time'], 'argument sla-waiting-time'],
  ];
  for (const [raw, source] of candidates) {
    const ms = positive(raw);
    if (ms === null) continue;
    const deadlineMs = spec.submitAtMs + ms;
    return {
      waitingTimeMs: ms,
      source,
      deadlineMs,
      expired: timeMs >= deadlineMs,
      waitedMs: Math.max(0, timeMs - spec.submitAtMs),
      remainingMs: Math.max(0, deadlineMs - timeMs),
    };
  }
  return null;
}

/**
 * A Volcano or kube-batch queue's spec as proportion reads it (null = not set; -1 never appears): the
 * snapshot's `QueueState.extras` (decision 0340; was the core `QueueExtras`).
 */
export interface VolcanoQueueExtras extends QueueExtras, WrittenQueueSpec {
  readonly profile: string;
  /** The queue's own `deserved` field (capacity plugin's input; proportion computes its own). */
  readonly deserved: Partial<Resources> | null;
}

/** The Volcano (or kube-batch) extras of a queue, as the engine sent them; null for any other profile's. */
export function volcanoQueueExtrasOf(queue: QueueState | undefined): VolcanoQueueExtras | null {
  return writtenSpecOf(queue) as VolcanoQueueExtras | null;
}

/** A Volcano queue's own spec fields, for the queue tree (proportion's deserved is `QueueState.fairShare`). */
export function volcanoQueueExtras(profile: string, spec: QueueSpec): VolcanoQueueExtras {
  return {
    profile,
    weight: spec.weight,
    capability: spec.capability === null ? null : { ...spec.capability },
    guarantee: spec.guarantee === null ? null : { ...spec.guarantee },
    deserved: spec.deserved === null ? null : { ...spec.deserved },
    reclaimable: spec.reclaimable,
  };
}

export function volcanoJobExtras(
  profile: string,
  config: SchedulerConfig,
  spec: JobSpec,
  timeMs: number,
  trace: SessionTrace,
): VolcanoJobExtras {
  let enqueue: VolcanoJobExtras['enqueue'] = null;
  for (const a of trace.attempts) {
    if (a.action !== 'enqueue' || a.job !== spec.name) continue;
    const vote = a.verdicts.find((v) => v.plugin === 'session' && v.point === 'jobEnqueueable');
    const d = vote?.profileDetail as TierVoteDetail | undefined;
    enqueue = {
      admitted: a.outcome === 'enqueued',
      decidedBy: d?.decidedBy ?? null,
      tier: d?.decidingTier ?? null,
      message: a.message,
    };
  }
  return { profile, sla: slaOf(config, spec, timeMs), enqueue };
}
