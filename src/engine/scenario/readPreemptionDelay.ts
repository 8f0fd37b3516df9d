/**
 * A job's `preemptionDelay` and `lastEvictedAt` (§23, addition): KAI's PodGroup `spec.preemptionDelay` (KAI
 * pkg/apis/scheduling/v2alpha2/podgroup_types.go @d5bc503, #1886) and its `kai.scheduler/last-eviction-timestamp`
 * annotation (read in pkg/scheduler/api/podgroup_info/job_info.go:259-266 @d5bc503). Only the `kai` profile has
 * them: another profile refuses each field rather than ignore it.
 */
import type { JobSpec } from '../model/scenario';
import { formatDuration } from '../model/duration';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';
import { accepts } from '../registry';

/** Sets the job's delay fields from the read values, or reports them for a profile without the rule. */
export function applyPreemptionDelay(
  job: JobSpec,
  delayMs: number | undefined,
  lastEvictedAtMs: number | undefined,
  path: FieldPath,
  ctx: NormaliseContext,
): void {
  if (!accepts(ctx.profile, 'preemptionDelay')) {
    for (const [field, value] of [
      ['preemptionDelay', delayMs],
      ['lastEvictedAt', lastEvictedAtMs],
    ] as const) {
      if (value === undefined) continue;
      ctx.sink.report(
        'invalid-value',
        [...path, field],
        `${field} belongs to KAI's preemption delay (a pending job may not trigger evictions for a while); profile ${ctx.profile} has no such rule`,
        'Remove the field, or use profile kai.',
      );
    }
    return;
  }
  // KAI treats 0 as "no delay" (job_info.go:207 @d5bc503: Duration <= 0 returns no end); so does the lab.
  if (delayMs !== undefined && delayMs > 0) job.preemptionDelayMs = delayMs;
  if (lastEvictedAtMs === undefined) return;
  // An eviction is a past event: the run starts at t=0 and later evictions are the engine's own.
  if (lastEvictedAtMs > 0) {
    ctx.sink.report(
      'out-of-range',
      [...path, 'lastEvictedAt'],
      `lastEvictedAt is when the job was last evicted before the run began; it must be at or before 0s, got ${formatDuration(lastEvictedAtMs)}`,
    );
    return;
  }
  job.lastEvictedAtMs = lastEvictedAtMs;
}
