/**
 * KAI's preemption delay in cluster objects (§23): a PodGroup's `spec.preemptionDelay` (what the scheduler
 * reads, KAI pkg/apis/scheduling/v2alpha2/podgroup_types.go @d5bc503) and the pod annotation
 * `kai.scheduler/preemption-delay` that KAI's podgrouper copies into it (KAI
 * pkg/podgrouper/podgrouper/plugins/defaultgrouper/default_grouper.go @d5bc503, #1890). Either becomes the
 * job's `preemptionDelay`.
 */
import { parseDuration } from '../../model/duration';
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';

export const PREEMPTION_DELAY_ANNOTATION = 'kai.scheduler/preemption-delay';

/**
 * The delay as scenario text, or null when `value` is not a Go duration the format accepts (non-negative,
 * at most the §10 duration bound). Go's own parser takes no `d` or `w`, and a unit-less number is invalid
 * (the podgrouper ignores it with a warning).
 */
export function readPreemptionDelay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const parsed = parseDuration(value);
  // parseDuration already refuses more than the §10 bound (MAX_DURATION_MS).
  if (!parsed.ok || parsed.ms < 0) return null;
  return value.trim();
}

/** PodGroup `spec.preemptionDelay` onto `job`; an unreadable value stays unmapped with the reason. */
export function mapPodGroupPreemptionDelay(t: FieldTracker, job: Data): void {
  const value = t.peek('spec.preemptionDelay');
  if (value === undefined) return;
  const delay = readPreemptionDelay(value);
  if (delay === null) {
    t.explain(
      'spec.preemptionDelay',
      'a preemption delay is a non-negative Go duration such as "5m" (at most 10000h)',
    );
    return;
  }
  t.use('spec.preemptionDelay');
  job.preemptionDelay = delay;
}

/**
 * The pod annotation, for a pod that is a job of its own (the podgrouper's input). An unreadable value is
 * left unmapped with the reason, as the podgrouper ignores it (with a warning).
 */
export function podPreemptionDelay(t: FieldTracker): string | null {
  const annotations = t.peek('metadata.annotations');
  if (!isData(annotations) || annotations[PREEMPTION_DELAY_ANNOTATION] === undefined) return null;
  const delay = readPreemptionDelay(annotations[PREEMPTION_DELAY_ANNOTATION]);
  const path = ['metadata', 'annotations', PREEMPTION_DELAY_ANNOTATION];
  if (delay === null) {
    t.explain(path, 'KAI ignores a preemption delay that is not a non-negative Go duration such as "5m"');
    return null;
  }
  t.use(path);
  return delay;
}
