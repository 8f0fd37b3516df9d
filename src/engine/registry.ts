/**
 * The only file that knows every action and plugin: names (as in scenarios and upstream ConfigMaps) to
 * factories. A new action or plugin is a new folder and one line here (and its name in
 * `profiles/catalogue.ts`, which the scenario validator reads).
 */
import { createAllocateAction } from './actions/allocate/allocate';
import { createConsolidationAction } from './actions/consolidation/consolidation';
import { createPreemptAction } from './actions/preempt/preempt';
import { createReclaimAction } from './actions/reclaim/reclaim';
import { createStaleGangEvictionAction } from './actions/stalegangeviction/stalegangeviction';
import type { Action, ActionFactory, Plugin, PluginFactory } from './framework/Plugin';
import type { PluginConfig, QueueSpec, SchedulerConfig } from './model/scenario';
import { createElasticPlugin } from './plugins/elastic/elastic';
import { createMinRuntimePlugin } from './plugins/minruntime/minruntime';
import { createProtectionModel, type ProtectionModel } from './plugins/minruntime/protectionModel';
import { createNodePlacementPlugin } from './plugins/nodeplacement/nodeplacement';
import { createPredicatesPlugin } from './plugins/predicates/predicates';
import { createPriorityPlugin } from './plugins/priority/priority';
import { createProportionPlugin } from './plugins/proportion/proportion';

export const ACTIONS: Readonly<Record<string, ActionFactory>> = {
  allocate: createAllocateAction,
  consolidation: createConsolidationAction,
  reclaim: createReclaimAction,
  preempt: createPreemptAction,
  stalegangeviction: createStaleGangEvictionAction,
};

export const PLUGINS: Readonly<Record<string, PluginFactory>> = {
  predicates: createPredicatesPlugin,
  proportion: createProportionPlugin,
  priority: createPriorityPlugin,
  elastic: createElasticPlugin,
  nodeplacement: createNodePlacementPlugin,
  minruntime: createMinRuntimePlugin,
};

export class UnsupportedError extends Error {}

export function createAction(name: string): Action {
  const factory = ACTIONS[name];
  if (!factory) throw new UnsupportedError(`action "${name}" is not implemented in this engine yet`);
  return factory();
}

export function createPlugin(config: PluginConfig): Plugin {
  const factory = PLUGINS[config.name];
  if (!factory) throw new UnsupportedError(`plugin "${config.name}" is not implemented in this engine yet`);
  return factory(config);
}

/** Min-runtime protection outside a session (snapshots, `sim resolve`). */
export function protectionModel(config: SchedulerConfig, queues: readonly QueueSpec[]): ProtectionModel {
  return createProtectionModel(config, queues);
}

export type { ProtectionModel };
