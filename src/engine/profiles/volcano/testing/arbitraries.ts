/**
 * Volcano's and kube-batch's parts of the scenario generators (decision 0296): their action menus (the first
 * entry the simplest, so shrinking simplifies) and when generated queues form a tree.
 */
import type { ProfileArbitraries } from '../../../framework/ProfileModule';
import type { RawScenario } from '../../../testing/arbitraries/rawScenario';

const VOLCANO_ACTIONS = ['enqueue', 'allocate', 'backfill', 'preempt', 'reclaim'] as const;
const KUBE_BATCH_ACTIONS = ['allocate', 'backfill', 'preempt', 'reclaim'] as const;

/**
 * A Volcano scenario is a capacity tree when it writes tiers (the generated tiers then carry `capacity` with
 * `enableHierarchy`, as upstream's hierarchical-queue configuration) and some queue drew a parent.
 */
function capacityTree(draw: unknown): boolean {
  const raw = draw as RawScenario;
  return raw.scheduler?.plugins != null && raw.queues.some((q, i) => i > 0 && q.parentPick !== 0);
}

export const volcanoArbitraries: ProfileArbitraries = {
  actions: VOLCANO_ACTIONS,
  weight: 1,
  queueTree: capacityTree,
  startsRunning: true,
  queueEvents: true,
  variants: true,
  gangs: true,
};

export const kubeBatchArbitraries: ProfileArbitraries = {
  actions: KUBE_BATCH_ACTIONS,
  weight: 1,
  // kube-batch has no queue hierarchy: the parser refuses a `parent` it would ignore.
  queueTree: () => false,
  startsRunning: true,
  queueEvents: true,
  variants: true,
  gangs: true,
};
