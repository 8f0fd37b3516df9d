/**
 * A scenario of any profile as a KAI scenario, for `sim compare --profiles` and the Compare view (decision
 * 0288). Volcano's `deserved` is KAI's quota, `capability` its limit and the queue `weight` the over-quota
 * weight of every resource (Volcano staging/src/volcano.sh/apis/pkg/apis/scheduling/v1beta1/types.go:
 * 466,469,496 @ed72c7c8; KAI pkg/apis/scheduling/v2/resources.go:19-23 @d5bc503). A job is non-preemptible
 * where a task carries `volcano.sh/preemptable=false`, else KAI's own rule from its priority (KAI
 * pkg/apis/scheduling/v2alpha2/podgroup_types.go:65-67 @d5bc503; normaliseJob.ts defaultPreemptible). The
 * configuration is KAI's default (pkg/scheduler/conf_util/scheduler_conf_util.go:38 @d5bc503).
 */
import type { JobSpec, QueuePatch, QueueSpec, Scenario } from '../../model/scenario';
import { QUEUE_RESOURCE_NAMES } from '../../model/resources';
import { KAI_CATALOGUE } from './catalogue';
import { defaultTiers } from '../../scenario/profileMapping/mappingKit';
import type { MappingLog, MappingResult } from '../../scenario/profileMapping/MappingLog';
import { refuseVolcanoStructure, volcanoJobFieldsOut } from '../../scenario/profileMapping/fieldRules';
import {
  listUncarriedPlugins,
  mappedActions,
  mappedScheduler,
  mapWithRules,
} from '../../scenario/profileMapping/mappingKit';
import { defaultQueueResources } from '../../scenario/normaliseQueue';
import { defaultPreemptible } from '../../scenario/normaliseJob';

/** KAI's actions that evict without preempt or reclaim: run only when the source evicts at all. */
const KAI_EVICT_ONLY = ['consolidation', 'stalegangeviction'];

export function mapScenarioToKai(source: Scenario): MappingResult {
  return mapWithRules(source, {
    target: 'kai',
    refuseStructure: (s, log) => refuseVolcanoStructure(s, 'kai', log),
    scheduler: (s, log) => {
      const tiers = defaultTiers('kai');
      listUncarriedPlugins(s, tiers, 'kai', log);
      const actions = mappedActions(s, 'kai', KAI_CATALOGUE.defaultActions, KAI_EVICT_ONLY, log);
      return mappedScheduler(s, actions, tiers, log);
    },
    queue: (q, path, log) => ({ ...q, ...kaiQueueFields(q, path, log) }),
    queuePatch: (p, path, log) => {
      const out: QueuePatch = { ...p, ...kaiQueueFields(p, path, log) };
      for (const key of ['weight', 'capability', 'deserved', 'guarantee', 'state', 'reclaimable'] as const)
        delete out[key];
      return Object.keys(out).length > 1 ? out : null;
    },
    job: (job, path, log) => kaiJob(volcanoJobFieldsOut(job, path, 'kai', log), log),
  });
}

/** deserved → quota, capability → limit, weight → over-quota weight; guarantee, state, reclaimable listed. */
function kaiQueueFields(q: Partial<QueueSpec>, path: string, log: MappingLog): Partial<QueueSpec> {
  if (q.guarantee !== undefined && q.guarantee !== null)
    log.drop(
      `${path}.guarantee`,
      'Volcano reserved resources: KAI queues reserve nothing beyond their quota',
    );
  if (q.state !== undefined && q.state !== 'Open')
    log.drop(
      `${path}.state`,
      `Volcano queue state ${q.state}: KAI queues have no state, the queue stays open`,
    );
  if (q.reclaimable === false)
    log.drop(
      `${path}.reclaimable`,
      'Volcano reclaimable: false: KAI has no per-queue switch; its jobs can be reclaimed',
    );
  const volcano =
    (q.deserved !== undefined && q.deserved !== null) ||
    (q.capability !== undefined && q.capability !== null) ||
    (q.weight !== undefined && q.weight !== 1);
  const out: Partial<QueueSpec> = {
    weight: 1,
    capability: null,
    deserved: null,
    guarantee: null,
    state: 'Open',
    reclaimable: true,
  };
  if (!volcano) return out;
  log.assume(
    'Volcano deserved → KAI quota (0 where unset), capability → limit (-1 where unset), weight → overQuotaWeight of every resource',
  );
  const resources = defaultQueueResources();
  for (const r of QUEUE_RESOURCE_NAMES) {
    resources[r] = {
      quota: q.deserved?.[r] ?? 0,
      limit: q.capability?.[r] ?? -1,
      overQuotaWeight: q.weight ?? 1,
    };
  }
  return { ...out, resources };
}

/** KAI preemptibility: non-preemptible where any task is `preemptable: false`, else from the priority. */
function kaiJob(job: JobSpec, log: MappingLog): JobSpec {
  const pinned = job.tasks.some((t) => !t.preemptable);
  if (pinned)
    log.assume(
      'a task labelled volcano.sh/preemptable=false makes its whole KAI job non-preemptible (KAI decides per job)',
    );
  log.assume(
    'KAI preemptibility from the priority where no task is pinned: preemptible below 100 (a job at 100 or more stays within quota)',
  );
  return {
    ...job,
    preemptible: !pinned && defaultPreemptible('kai', job.priority),
    tasks: job.tasks.map((t) => (t.preemptable ? t : { ...t, preemptable: true })),
  };
}
