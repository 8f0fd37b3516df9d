/**
 * Volcano's and kube-batch's parts of the scenario generators (decision 0296): their action menus (the first
 * entry the simplest, so shrinking simplifies) and when generated queues form a tree; and their checks in the
 * property run (checks.ts, decision 0311).
 */
import type { KubeData, ProfileArbitraries } from '../../../framework/ProfileModule';
import type { RawQueue, RawScenario, RawScheduler } from '../../../testing/arbitraries/rawScenario';
import { queuePriority, weightFields } from '../../../testing/arbitraries/buildQueues';
import { volcanoTiers } from './buildVolcanoScheduler';
import { volcanoChecks } from './checks';

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

/** Tiers when the draw has plugins (the profile's defaults otherwise). */
function tiersFor(dialect: 'volcano' | 'kube-batch') {
  return (out: KubeData, draw: unknown, tree: boolean) => {
    const raw = draw as RawScheduler;
    if (raw.plugins !== null) out['tiers'] = volcanoTiers(raw, dialect, tree);
  };
}

export const volcanoArbitraries: ProfileArbitraries = {
  actions: VOLCANO_ACTIONS,
  weight: 1,
  queueTree: capacityTree,
  // Upstream's capacity tree names its root `root` (decision 0249).
  treeRoot: 'root',
  queueFields: (draw: unknown) => {
    const q = draw as RawQueue;
    return { ...queuePriority(q), ...weightFields(q, { spec: true, deserved: true }) };
  },
  schedulerFields: tiersFor('volcano'),
  startsRunning: true,
  queueEvents: true,
  variants: true,
  gangs: true,
  checks: volcanoChecks('volcano'),
};

export const kubeBatchArbitraries: ProfileArbitraries = {
  actions: KUBE_BATCH_ACTIONS,
  weight: 1,
  // kube-batch has no queue hierarchy: the parser refuses a `parent` it would ignore.
  queueTree: () => false,
  // kube-batch reads a queue's weight only (refuseUnreadQueueFields, decision 0250).
  queueFields: (draw: unknown) => weightFields(draw as RawQueue, { spec: false, deserved: false }),
  schedulerFields: tiersFor('kube-batch'),
  startsRunning: true,
  queueEvents: true,
  variants: true,
  gangs: true,
  checks: volcanoChecks('kube-batch'),
};
