/**
 * Test fixture: a job state with KAI's protections in its extras, as the engine sends them (decision 0316),
 * so a test can still write `{ reclaimProtection: … }` beside the job's core fields.
 */
import type { ProtectionExtras } from '../../../engine/model/protection';
import type { JobExtras, JobState } from '../../../engine/model/snapshot';
import { jobState } from '../../../viz/testing/vizFixtures';

export type KaiJobOver = Partial<JobState> & Partial<ProtectionExtras>;

/** A running one-task job at t=0 with nothing protected (viz's fixture, in the train class). */
export function runningJob(name: string, queue: string): JobState {
  return { ...jobState(name, queue), priorityClassName: 'train' };
}

/** `base` with `over` applied; the protections go into KAI's extras (a given null overrides a default). */
export function kaiJob(base: JobState, over: KaiJobOver, defaults: Partial<ProtectionExtras> = {}): JobState {
  const { preemptProtection, reclaimProtection, ...rest } = over;
  const extras = {
    profile: 'kai',
    preemptProtection: 'preemptProtection' in over ? preemptProtection : (defaults.preemptProtection ?? null),
    reclaimProtection: 'reclaimProtection' in over ? reclaimProtection : (defaults.reclaimProtection ?? null),
  } as JobExtras;
  return { ...base, extras, ...rest };
}
