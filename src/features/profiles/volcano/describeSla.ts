/**
 * The jobs table's SLA clock in words, from the engine's snapshot extras (waited, left and the deadline
 * are the engine's numbers; this only chooses the sentence).
 */
import type { JobState } from '../../../engine/model/snapshot';
import type { VolcanoJobExtras } from '../../../engine/profiles/volcano/jobExtras';
import { formatInstant, formatSpan } from '../../format/formatTime';

export interface SlaText {
  /** `waiting 2m10s of 3m · expires in 50s`, `SLA expired at t=3s`, or `started within its 3m SLA`. */
  headline: string;
  /** Where the waiting time came from (annotation or plugin argument). */
  source: string;
  state: 'waiting' | 'expired' | 'started';
}

export function describeSla(job: JobState, sla: NonNullable<VolcanoJobExtras['sla']>): SlaText {
  // A job with tasks placed no longer waits: sla only orders and admits jobs still waiting (sla.go).
  const started = job.running + job.succeeded + job.releasing > 0;
  if (started) {
    return {
      headline: `started; SLA ${formatSpan(sla.waitingTimeMs)}`,
      source: sla.source,
      state: 'started',
    };
  }
  if (sla.expired) {
    return {
      headline: `SLA expired at ${formatInstant(sla.deadlineMs)} · waited ${formatSpan(sla.waitedMs)} of ${formatSpan(sla.waitingTimeMs)}`,
      source: sla.source,
      state: 'expired',
    };
  }
  return {
    headline: `waiting ${formatSpan(sla.waitedMs)} of ${formatSpan(sla.waitingTimeMs)} · expires in ${formatSpan(sla.remainingMs)}`,
    source: sla.source,
    state: 'waiting',
  };
}
