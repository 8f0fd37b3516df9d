/**
 * A scenario of any profile as a Volcano scenario, for `sim compare --profiles` and the Compare view
 * (decision 0288). KAI's queue quota is Volcano's capacity-plugin `deserved`, its limit `capability` and its
 * GPU over-quota weight the queue `weight` (KAI pkg/apis/scheduling/v2/resources.go:19-23 @d5bc503; Volcano
 * staging/src/volcano.sh/apis/pkg/apis/scheduling/v1beta1/types.go:466,469,496 @ed72c7c8). The configuration
 * is Volcano's own CI configuration (installer/helm/chart/volcano/config/volcano-scheduler-ci.conf:1-20
 * @ed72c7c8) without its sla, binpack and network-topology plugins, with the capacity plugin in place of
 * proportion when queues have quotas or a tree (capacity reads Spec.Deserved: pkg/scheduler/plugins/capacity/capacity.go:1074; hierarchy on for a tree: capacity.go:450-454, conf/scheduler_conf.go:57-58 @ed72c7c8).
 */
import type { QueuePatch, QueueSpec, Scenario, Tier } from '../../model/scenario';
import type { MappingLog } from '../../scenario/profileMapping/MappingLog';
import { type MappingResult } from '../../scenario/profileMapping/MappingLog';
import {
  hasKaiResources,
  kaiJobFieldsOut,
  listMinRuntimes,
  oneWeight,
  refuseKaiStructure,
  resourceList,
  withoutKaiPatchFields,
  withoutKaiQueueFields,
} from '../../scenario/profileMapping/fieldRules';
import {
  listUncarriedPlugins,
  mappedActions,
  mappedScheduler,
  mapWithRules,
} from '../../scenario/profileMapping/mappingKit';

/** volcano-scheduler-ci.conf:1 @ed72c7c8. */
const VOLCANO_CI_ACTIONS = ['enqueue', 'allocate', 'backfill', 'reclaim', 'preempt'];

export function mapScenarioToVolcano(source: Scenario): MappingResult {
  return mapWithRules(source, {
    target: 'volcano',
    refuseStructure: (s, log) => refuseKaiStructure(s, 'volcano', log),
    scheduler: (s, log) => {
      const tiers = volcanoTiers(s, log);
      listUncarriedPlugins(s, tiers, 'volcano', log);
      return mappedScheduler(s, mappedActions(s, 'volcano', VOLCANO_CI_ACTIONS, [], log), tiers, log);
    },
    queue: (q, path, log) => ({ ...withoutKaiQueueFields(q), ...volcanoQueueFields(q, path, log) }),
    queuePatch: (p, path, log) => {
      const out: QueuePatch = { ...withoutKaiPatchFields(p), ...volcanoQueueFields(p, path, log) };
      return Object.keys(out).length > 1 ? out : null;
    },
    job: (job, path, log) => kaiJobFieldsOut(job, path, log),
  });
}

/** Quota-shaped queues (KAI quotas, or a tree) use capacity; weight-only queues use proportion. */
function volcanoTiers(s: Scenario, log: MappingLog): Tier[] {
  const tree = s.queues.some((q) => q.parent !== null);
  const quotas = s.queues.some((q) => hasKaiResources(q) || q.deserved !== null);
  const plugin = (name: string, flags: Record<string, boolean> = {}) => ({ name, arguments: {}, flags });
  const queuePlugin =
    tree || quotas ? plugin('capacity', tree ? { enableHierarchy: true } : {}) : plugin('proportion');
  log.assume(
    queuePlugin.name === 'capacity'
      ? `queues by the capacity plugin (deserved, capability${tree ? '; enableHierarchy for the queue tree' : ''}), as Volcano's elastic quota`
      : 'queues by the proportion plugin (weight, capability), Volcano’s default',
  );
  return [
    { plugins: [plugin('priority'), plugin('gang', { enablePreemptable: false }), plugin('conformance')] },
    {
      plugins: [
        plugin('overcommit'),
        plugin('drf', { enablePreemptable: false }),
        plugin('predicates'),
        queuePlugin,
        plugin('nodeorder'),
      ],
    },
  ];
}

/** KAI quota → deserved, limit → capability, GPU over-quota weight → weight; min-runtimes listed. */
function volcanoQueueFields(q: Partial<QueueSpec>, path: string, log: MappingLog): Partial<QueueSpec> {
  listMinRuntimes(q, path, 'volcano', log);
  const resources = q.resources;
  if (resources === undefined || !hasKaiResources({ resources })) return {};
  log.assume(
    'KAI queue quota → Volcano deserved, limit → capability (limit -1: none), GPU overQuotaWeight → weight',
  );
  const out: Partial<QueueSpec> = {
    deserved: resourceList((r) => (resources[r].quota > 0 ? resources[r].quota : null)),
    capability: resourceList((r) => (resources[r].limit >= 0 ? resources[r].limit : null)),
    weight: oneWeight({ resources }, path, log),
  };
  for (const r of ['gpu', 'cpu', 'memory'] as const) {
    if (resources[r].quota < 0)
      log.drop(
        `${path}.resources.${r}.quota`,
        'quota -1 (unlimited) has no deserved amount; deserved left unset',
      );
  }
  return out;
}
