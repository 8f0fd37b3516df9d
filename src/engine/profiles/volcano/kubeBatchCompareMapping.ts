/**
 * A scenario of any profile as a kube-batch scenario, for `sim compare --profiles` (decision 0288).
 * kube-batch's Queue has a weight and a capability and its scheduler reads only the weight
 * (kube-batch pkg/apis/scheduling/v1alpha1/types.go:197-200, pkg/scheduler/api/queue_info.go:84-93
 * @86b2ba21), so KAI's GPU over-quota weight (or Volcano's weight) is the queue weight and every other queue
 * field is listed as dropped. The configuration is kube-batch's own (config/kube-batch-conf.yaml:1-11
 * @86b2ba21).
 */
import type { QueuePatch, QueueSpec, Scenario, Tier } from '../../model/scenario';
import { KUBE_BATCH_CATALOGUE } from './catalogue';
import { catalogueOf } from '../../scenario/profileMapping/mappingKit';
import type { MappingLog, MappingResult } from '../../scenario/profileMapping/MappingLog';
import {
  flattenQueueTree,
  hasKaiResources,
  kaiJobFieldsOut,
  listMinRuntimes,
  oneWeight,
  refuseKaiStructure,
  refuseVolcanoStructure,
  volcanoJobFieldsOut,
  withoutKaiPatchFields,
  withoutKaiQueueFields,
} from '../../scenario/profileMapping/fieldRules';
import {
  listUncarriedPlugins,
  mappedActions,
  mappedScheduler,
  mapWithRules,
} from '../../scenario/profileMapping/mappingKit';

/** config/kube-batch-conf.yaml:1 @86b2ba21. */
const KUBE_BATCH_ACTIONS = ['reclaim', 'allocate', 'backfill', 'preempt'];

/** config/kube-batch-conf.yaml:2-11 @86b2ba21. */
const KUBE_BATCH_TIERS = [
  ['priority', 'gang', 'conformance'],
  ['drf', 'predicates', 'proportion', 'nodeorder'],
];

/** Volcano queue fields kube-batch has no reader for (refuseKaiOnlyFields.ts KUBE_BATCH_UNREAD_QUEUE_FIELDS). */
const UNREAD = ['priority', 'state', 'reclaimable', 'capability', 'deserved', 'guarantee'] as const;

export function mapScenarioToKubeBatch(source: Scenario): MappingResult {
  return mapWithRules(source, {
    target: 'kube-batch',
    refuseStructure: (s, log) => {
      refuseKaiStructure(s, 'kube-batch', log);
      refuseVolcanoStructure(s, 'kube-batch', log);
    },
    scheduler: (s, log) => {
      const tiers: Tier[] = KUBE_BATCH_TIERS.map((names) => ({
        plugins: names.map((name) => ({ name, arguments: {}, flags: {} })),
      }));
      listUncarriedPlugins(s, tiers, 'kube-batch', log);
      return mappedScheduler(s, mappedActions(s, 'kube-batch', KUBE_BATCH_ACTIONS, [], log), tiers, log);
    },
    queue: (q, path, log) => ({
      ...withoutKaiQueueFields(q),
      ...kubeBatchQueueFields(q, path, source, log),
      priority: KUBE_BATCH_CATALOGUE.defaultQueuePriority,
      state: 'Open',
      reclaimable: true,
      capability: null,
      deserved: null,
      guarantee: null,
    }),
    queuePatch: (p, path, log) => {
      const out: QueuePatch = { ...withoutKaiPatchFields(p), ...kubeBatchQueueFields(p, path, source, log) };
      for (const key of UNREAD) delete out[key];
      return Object.keys(out).length > 1 ? out : null;
    },
    job: (job, path, log) => volcanoJobFieldsOut(kaiJobFieldsOut(job, path, log), path, 'kube-batch', log),
    reshape: (s, log) => flattenQueueTree(s, 'kube-batch', log),
  });
}

/** The weight (KAI's GPU over-quota weight when set); every other queue field listed. */
function kubeBatchQueueFields(
  q: Partial<QueueSpec>,
  path: string,
  source: Scenario,
  log: MappingLog,
): Partial<QueueSpec> {
  listMinRuntimes(q, path, 'kube-batch', log);
  for (const key of UNREAD) {
    const v = q[key];
    const unset =
      v === undefined ||
      v === null ||
      (key === 'priority' && v === catalogueOf(source.profile).defaultQueuePriority) ||
      (key === 'state' && v === 'Open') ||
      (key === 'reclaimable' && v === true);
    if (!unset) log.drop(`${path}.${key}`, 'kube-batch reads only the queue weight');
  }
  const resources = q.resources;
  if (resources === undefined || !hasKaiResources({ resources })) return {};
  log.assume(
    'KAI GPU overQuotaWeight → kube-batch queue weight; KAI quota and limit have no kube-batch reader (listed)',
  );
  for (const r of ['gpu', 'cpu', 'memory'] as const) {
    if (resources[r].quota !== 0 || resources[r].limit !== -1)
      log.drop(`${path}.resources.${r}`, 'KAI quota/limit: kube-batch shares by weight alone');
  }
  return { weight: oneWeight({ resources }, path, log) };
}
