/**
 * A job's `preemptionDelay` (§23, addition): KAI's PodGroup `spec.preemptionDelay` (KAI
 * pkg/apis/scheduling/v2alpha2/podgroup_types.go @d5bc503, #1886). Only the `kai` profile has it: another
 * profile refuses the field rather than ignore it.
 */
import type { JobSpec } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';

/** Sets `job.preemptionDelayMs` from the read field, or reports it for a profile without the rule. */
export function applyPreemptionDelay(
  job: JobSpec,
  delayMs: number | undefined,
  path: FieldPath,
  ctx: NormaliseContext,
): void {
  if (delayMs === undefined) return;
  if (ctx.profile !== 'kai') {
    ctx.sink.report(
      'invalid-value',
      [...path, 'preemptionDelay'],
      `preemptionDelay is KAI's delay before a pending job may trigger evictions; profile ${ctx.profile} has no such rule`,
      'Remove the field, or use profile kai.',
    );
    return;
  }
  // KAI treats 0 as "no delay" (job_info.go:207 @d5bc503: Duration <= 0 returns no end); so does the lab.
  if (delayMs > 0) job.preemptionDelayMs = delayMs;
}
