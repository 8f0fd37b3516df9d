/**
 * What of the scenario format Volcano and kube-batch read (docs/scenario-format.md §25, decisions 0222,
 * 0250): KAI-only queue and job fields are refused at their path with the profile named, never accepted
 * and ignored. Neither profile reads them: their queues are bounded by `capability`/`deserved`/`guarantee`
 * (volcano pkg/scheduler/plugins/proportion, capacity @ed72c7c8), min-runtimes are KAI's minruntime plugin
 * (KAI pkg/scheduler/plugins/minruntime @d5bc503), and a job's preemptibility is KAI's PodGroup
 * `spec.preemptibility` (KAI pkg/apis/scheduling/v2alpha2/podgroup_types.go:67 @d5bc503); Volcano marks
 * victims per pod (`volcano.sh/preemptable`, volcano pkg/scheduler/api/job_info.go:211 @ed72c7c8; the
 * task's `preemptable` here).
 *
 * Volcano reads `parent` only in the capacity plugin with `enableHierarchy: true` (volcano
 * `plugins/capacity/capacity.go:450-456`, framework/session.go:1006-1016 @ed72c7c8; proportion has no
 * hierarchy); kube-batch has none.
 */
import type { FormatFeature, ProfileFormat } from '../../framework/ProfileModule';
import type { Scenario, SchedulerConfig } from '../../model/scenario';
import type { Dialect } from './framework/Session';

const KAI_ONLY_QUEUE_FIELDS: Readonly<Record<string, string>> = {
  resources:
    'KAI quota/limit/over-quota weight; a Volcano queue is bounded by `capability`, `deserved` and `guarantee`',
  preemptMinRuntime: 'KAI min-runtime (minruntime plugin)',
  reclaimMinRuntime: 'KAI min-runtime (minruntime plugin)',
};

/**
 * kube-batch's Queue CRD has `weight` and `capability` only (kube-batch
 * pkg/apis/scheduling/v1alpha1/types.go:197-200 @86b2ba21), and its scheduler copies only the weight into
 * QueueInfo (pkg/scheduler/api/queue_info.go:84-93 @86b2ba21): proportion water-fills by weight alone
 * (pkg/scheduler/plugins/proportion/proportion.go:70-76,101-151 @86b2ba21) and orders queues by share alone
 * (proportion.go:157-171). Nothing reads `capability`; queue priority, state, reclaimable, deserved and
 * guarantee are Volcano's later additions.
 */
const KUBE_BATCH_WHY =
  "kube-batch's Queue has weight and capability, and its scheduler reads only the weight (proportion by weight, queue order by share)";
const KUBE_BATCH_UNREAD_QUEUE_FIELDS: Readonly<Record<string, string>> = Object.fromEntries(
  ['priority', 'state', 'reclaimable', 'capability', 'deserved', 'guarantee'].map((k) => [k, KUBE_BATCH_WHY]),
);

/** Whether any configuration of the run (the scheduler or an `updateConfig`) has capacity with hierarchy. */
export function hasCapacityTree(scenario: Scenario): boolean {
  const configs = [
    scenario.scheduler,
    ...scenario.events.flatMap((e) => (e.kind === 'updateConfig' ? [e.patch] : [])),
  ];
  return configs.some((c) =>
    (c.tiers ?? []).some((t) =>
      t.plugins.some((p) => p.name === 'capacity' && p.flags['enableHierarchy'] === true),
    ),
  );
}

/** Hierarchical DRF is configured through queue annotations the format cannot carry (not implemented). */
function unsupported(config: Partial<SchedulerConfig>): string | null {
  for (const t of config.tiers ?? [])
    for (const p of t.plugins)
      if (p.name === 'drf' && p.flags['enableHierarchy'] === true)
        return 'drf with enableHierarchy: true (hierarchical DRF) is not implemented: its queue annotations cannot be written in this format.';
  return null;
}

export function volcanoFormat(dialect: Dialect): ProfileFormat {
  const volcano = dialect === 'volcano';
  return {
    accepts(feature: FormatFeature, scenario: Scenario | null): boolean {
      if (feature === 'taskRoles') return volcano;
      // Both count a succeeded pod toward the gang (volcano pkg/scheduler/api/job_info.go:925,1178 @ed72c7c8).
      if (feature === 'succeededTasks') return true;
      if (feature === 'queueHierarchy') return volcano && scenario !== null && hasCapacityTree(scenario);
      return false;
    },
    whyRefused(feature: FormatFeature): string {
      if (feature === 'taskRoles') return volcano ? 'a Volcano field' : 'kube-batch has no task roles';
      if (feature === 'queueHierarchy')
        return volcano
          ? 'profile volcano: only the capacity plugin with `enableHierarchy: true` reads `parent` (proportion has no queue hierarchy); without it the parent would be ignored'
          : 'profile kube-batch has no queue hierarchy, so `parent` would be ignored';
      return `profile ${dialect} does not model ${feature}`;
    },
    unreadQueueFields: volcano
      ? KAI_ONLY_QUEUE_FIELDS
      : { ...KAI_ONLY_QUEUE_FIELDS, ...KUBE_BATCH_UNREAD_QUEUE_FIELDS },
    unreadJobFields: {
      preemptibility: 'KAI preemptibility; Volcano marks victims per task with `preemptable`',
    },
    unreadWorkloadFields: {
      preemptible:
        'the share of jobs given KAI preemptibility; Volcano marks victims per task with `preemptable`',
    },
    unsupported,
  };
}
