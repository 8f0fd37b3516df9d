/**
 * The Volcano profile and its kube-batch dialect: which names mean which action and plugin, and one
 * session run (open → plugins open → actions → plugins close → PodGroup phases → result).
 */
import type { PluginHandle } from '../../framework/ExtensionRegistry';
import type { ProfileSessionInput, ProfileSessionResult, SessionProfile } from '../../framework/Profile';
import { createAllocateAction } from './actions/allocate/allocate';
import { createBackfillAction } from './actions/backfill/backfill';
import { createEnqueueAction } from './actions/enqueue/enqueue';
import { createKubeBatchPreemptAction } from './actions/preempt/kubeBatchPreempt';
import { createPreemptAction } from './actions/preempt/preempt';
import { createKubeBatchReclaimAction } from './actions/reclaim/kubeBatchReclaim';
import { createReclaimAction } from './actions/reclaim/reclaim';
import { closeSession } from './closeSession';
import type { VolcanoActionFactory, VolcanoPluginFactory } from './framework/Plugin';
import { VolcanoSession, type Dialect } from './framework/Session';
import { createCapacityPlugin } from './plugins/capacity/capacity';
import { createBinpackPlugin } from './plugins/binpack/binpack';
import { createConformancePlugin } from './plugins/conformance/conformance';
import { createDrfPlugin } from './plugins/drf/drf';
import { createGangPlugin } from './plugins/gang/gang';
import { createNodeOrderPlugin } from './plugins/nodeorder/nodeorder';
import { createOvercommitPlugin } from './plugins/overcommit/overcommit';
import { createPredicatesPlugin } from './plugins/predicates/predicates';
import { createPriorityPlugin } from './plugins/priority/priority';
import { createProportionPlugin } from './plugins/proportion/proportion';
import { createSlaPlugin } from './plugins/sla/sla';

export const VOLCANO_ACTIONS: Readonly<Record<string, VolcanoActionFactory>> = {
  enqueue: createEnqueueAction,
  allocate: createAllocateAction,
  backfill: createBackfillAction,
  preempt: createPreemptAction,
  reclaim: createReclaimAction,
};

export const VOLCANO_PLUGINS: Readonly<Record<string, VolcanoPluginFactory>> = {
  priority: createPriorityPlugin,
  gang: createGangPlugin,
  conformance: createConformancePlugin,
  drf: createDrfPlugin,
  proportion: createProportionPlugin,
  overcommit: createOvercommitPlugin,
  predicates: createPredicatesPlugin,
  nodeorder: createNodeOrderPlugin,
  binpack: createBinpackPlugin,
  sla: createSlaPlugin,
  capacity: createCapacityPlugin,
};

export const KUBE_BATCH_ACTIONS: Readonly<Record<string, VolcanoActionFactory>> = {
  allocate: createAllocateAction,
  backfill: createBackfillAction,
  preempt: createKubeBatchPreemptAction,
  reclaim: createKubeBatchReclaimAction,
};

export const KUBE_BATCH_PLUGINS: Readonly<Record<string, VolcanoPluginFactory>> = {
  priority: createPriorityPlugin,
  gang: createGangPlugin,
  conformance: createConformancePlugin,
  drf: createDrfPlugin,
  proportion: createProportionPlugin,
  predicates: createPredicatesPlugin,
  nodeorder: createNodeOrderPlugin,
};

/** Runs one session of `dialect` over `input`. */
export function runSession(input: ProfileSessionInput, dialect: Dialect): ProfileSessionResult {
  const actions = dialect === 'volcano' ? VOLCANO_ACTIONS : KUBE_BATCH_ACTIONS;
  const pluginFactories = dialect === 'volcano' ? VOLCANO_PLUGINS : KUBE_BATCH_PLUGINS;
  const ssn = new VolcanoSession(input, dialect);
  const plugins = input.config.tiers.flatMap((tier, i) =>
    tier.plugins.flatMap((config) => {
      const factory = pluginFactories[config.name];
      if (!factory) return [];
      const handle: PluginHandle = { name: config.name, tier: i + 1, flags: config.flags };
      return [{ plugin: factory(config, dialect), handle }];
    }),
  );
  for (const { plugin, handle } of plugins) plugin.onSessionOpen(ssn, handle);
  for (const name of input.config.actions) {
    const factory = actions[name];
    if (!factory) continue;
    ssn.currentAction = name;
    factory(dialect).execute(ssn);
  }
  ssn.currentAction = '';
  for (const { plugin } of plugins) plugin.onSessionClose?.(ssn);
  return closeSession(ssn);
}

export const volcanoProfile: SessionProfile = {
  name: 'volcano',
  runSession: (input) => runSession(input, 'volcano'),
};

export const kubeBatchProfile: SessionProfile = {
  name: 'kube-batch',
  runSession: (input) => runSession(input, 'kube-batch'),
};
