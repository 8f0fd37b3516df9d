/**
 * Fields a profile does not read (decision 0250 adds kube-batch's queue fields).
 *
 * KAI-only queue and job fields on a Volcano or kube-batch scenario: refused at their field path with the
 * profile named (code field-not-in-profile), never accepted and ignored (decision 0222, audit of decision
 * 0221). Neither profile reads them: their queues are bounded by `capability`/`deserved`/`guarantee`
 * (volcano pkg/scheduler/plugins/proportion, capacity @ed72c7c8), min-runtimes are KAI's minruntime
 * plugin (KAI pkg/scheduler/plugins/minruntime @d5bc503), and a job's preemptibility is KAI's PodGroup
 * `spec.preemptibility` (KAI pkg/apis/scheduling/v2alpha2/podgroup_types.go:67 @d5bc503); Volcano marks
 * victims per pod (`volcano.sh/preemptable`, volcano pkg/scheduler/api/job_info.go:211 @ed72c7c8; the
 * task's `preemptable` here).
 */
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';

/** Queue fields only KAI reads (also in `updateQueue` events). */
export const KAI_ONLY_QUEUE_FIELDS = ['resources', 'preemptMinRuntime', 'reclaimMinRuntime'] as const;
/** Job fields only KAI reads (also in submitted jobs). */
export const KAI_ONLY_JOB_FIELDS = ['preemptibility'] as const;
/** Workload generator fields only KAI reads (`preemptible`: the share of jobs written preemptible). */
export const KAI_ONLY_WORKLOAD_FIELDS = ['preemptible'] as const;

const WHY: Record<string, string> = {
  resources:
    'KAI quota/limit/over-quota weight; a Volcano queue is bounded by `capability`, `deserved` and `guarantee`',
  preemptMinRuntime: 'KAI min-runtime (minruntime plugin)',
  reclaimMinRuntime: 'KAI min-runtime (minruntime plugin)',
  preemptibility: 'KAI preemptibility; Volcano marks victims per task with `preemptable`',
  preemptible:
    'the share of jobs given KAI preemptibility; Volcano marks victims per task with `preemptable`',
};

/**
 * Queue fields kube-batch does not read (besides the KAI-only ones). kube-batch's Queue CRD has `weight`
 * and `capability` only (kube-batch pkg/apis/scheduling/v1alpha1/types.go:197-200 @86b2ba21), and its
 * scheduler copies only the weight into QueueInfo (pkg/scheduler/api/queue_info.go:84-93 @86b2ba21):
 * proportion water-fills by weight alone (pkg/scheduler/plugins/proportion/proportion.go:70-76,101-151
 * @86b2ba21) and orders queues by share alone (proportion.go:157-171). Nothing reads `capability`; queue
 * priority, state, reclaimable, deserved and guarantee are Volcano's later additions.
 */
export const KUBE_BATCH_UNREAD_QUEUE_FIELDS = [
  'priority',
  'state',
  'reclaimable',
  'capability',
  'deserved',
  'guarantee',
] as const;

const KUBE_BATCH_WHY =
  "kube-batch's Queue has weight and capability, and its scheduler reads only the weight (proportion by weight, queue order by share)";

/**
 * Every queue field the scenario's profile does not read, in `queues`, `updateQueue` events and variant
 * queue changes alike (one rule in every place a queue is written).
 */
export function refuseUnreadQueueFields(raw: unknown, path: FieldPath, ctx: NormaliseContext): void {
  refuseKaiOnlyFields(raw, path, KAI_ONLY_QUEUE_FIELDS, ctx);
  if (ctx.profile === 'kube-batch')
    refuseWritten(raw, path, KUBE_BATCH_UNREAD_QUEUE_FIELDS, () => KUBE_BATCH_WHY, ctx);
}

/** Reports each KAI-only field `raw` writes (any value, null included) when the profile is not KAI. */
export function refuseKaiOnlyFields(
  raw: unknown,
  path: FieldPath,
  fields: readonly string[],
  ctx: NormaliseContext,
): void {
  if (ctx.profile !== 'kai') refuseWritten(raw, path, fields, (key) => WHY[key] ?? 'a KAI field', ctx);
}

/** Reports each of `fields` that `raw` (a mapping) writes, any value, `null` included. */
function refuseWritten(
  raw: unknown,
  path: FieldPath,
  fields: readonly string[],
  why: (key: string) => string,
  ctx: NormaliseContext,
): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return;
  const written = raw as Record<string, unknown>;
  for (const key of fields) {
    if (!(key in written)) continue;
    ctx.sink.report(
      'field-not-in-profile',
      [...path, key],
      `profile ${ctx.profile} does not read \`${key}\` (${why(key)}), so it would be ignored`,
    );
  }
}
