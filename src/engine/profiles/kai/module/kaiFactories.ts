/**
 * KAI's action and plugin names (as in scenarios and KAI's scheduler ConfigMap) to their implementations.
 * A new KAI action or plugin is a new folder, one line here and its name in ../catalogue.ts (a test checks
 * that both agree).
 */
import type { PluginConfig } from '../../../model/scenario';
import { UnsupportedError } from '../../../framework/UnsupportedError';
import { createAllocateAction } from '../actions/allocate/allocate';
import { createConsolidationAction } from '../actions/consolidation/consolidation';
import { createPreemptAction } from '../actions/preempt/preempt';
import { createReclaimAction } from '../actions/reclaim/reclaim';
import { createStaleGangEvictionAction } from '../actions/stalegangeviction/stalegangeviction';
import type { Action, ActionFactory, Plugin, PluginFactory } from '../framework/Plugin';
import { createElasticPlugin } from '../plugins/elastic/elastic';
import { createMinRuntimePlugin } from '../plugins/minruntime/minruntime';
import { createNodePlacementPlugin } from '../plugins/nodeplacement/nodeplacement';
import { createPredicatesPlugin } from '../plugins/predicates/predicates';
import { createPriorityPlugin } from '../plugins/priority/priority';
import { createProportionPlugin } from '../plugins/proportion/proportion';
import { createTopologyPlugin } from '../plugins/topology/topology';

export const KAI_ACTIONS: Readonly<Record<string, ActionFactory>> = {
  allocate: createAllocateAction,
  consolidation: createConsolidationAction,
  reclaim: createReclaimAction,
  preempt: createPreemptAction,
  stalegangeviction: createStaleGangEvictionAction,
};

export const KAI_PLUGINS: Readonly<Record<string, PluginFactory>> = {
  predicates: createPredicatesPlugin,
  proportion: createProportionPlugin,
  priority: createPriorityPlugin,
  elastic: createElasticPlugin,
  nodeplacement: createNodePlacementPlugin,
  minruntime: createMinRuntimePlugin,
  topology: createTopologyPlugin,
};

export function createAction(name: string): Action {
  const factory = KAI_ACTIONS[name];
  if (!factory) throw new UnsupportedError(`action "${name}" is not implemented in this engine yet`);
  return factory();
}

export function createPlugin(config: PluginConfig): Plugin {
  const factory = KAI_PLUGINS[config.name];
  if (!factory) throw new UnsupportedError(`plugin "${config.name}" is not implemented in this engine yet`);
  return factory(config);
}
