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
import type { PluginConfig, Profile, QueueSpec, Scenario, SchedulerConfig } from './model/scenario';
import { createElasticPlugin } from './plugins/elastic/elastic';
import { createMinRuntimePlugin } from './plugins/minruntime/minruntime';
import { createProtectionModel, type ProtectionModel } from './plugins/minruntime/protectionModel';
import { createNodePlacementPlugin } from './plugins/nodeplacement/nodeplacement';
import { createPredicatesPlugin } from './plugins/predicates/predicates';
import { createPriorityPlugin } from './plugins/priority/priority';
import { createProportionPlugin } from './plugins/proportion/proportion';
import { nounFor } from '../common/plural';

const KAI_ACTIONS: Readonly<Record<string, ActionFactory>> = {
  allocate: createAllocateAction,
  consolidation: createConsolidationAction,
  reclaim: createReclaimAction,
  preempt: createPreemptAction,
  stalegangeviction: createStaleGangEvictionAction,
};

const KAI_PLUGINS: Readonly<Record<string, PluginFactory>> = {
  predicates: createPredicatesPlugin,
  proportion: createProportionPlugin,
  priority: createPriorityPlugin,
  elastic: createElasticPlugin,
  nodeplacement: createNodePlacementPlugin,
  minruntime: createMinRuntimePlugin,
};

/**
 * Which implementation each name means, per profile: KAI's `allocate` and Volcano's `allocate` are different
 * actions. Volcano and kube-batch have no implementations yet (their conformance scenarios are pending).
 */
const PROFILES: Record<
  Profile,
  { actions: Readonly<Record<string, ActionFactory>>; plugins: Readonly<Record<string, PluginFactory>> }
> = {
  kai: { actions: KAI_ACTIONS, plugins: KAI_PLUGINS },
  volcano: { actions: {}, plugins: {} },
  'kube-batch': { actions: {}, plugins: {} },
};

/** The scenario is valid but asks for something this engine does not implement yet. */
export class UnsupportedError extends Error {
  override readonly name = 'UnsupportedError';
}

/**
 * Refuses, before anything runs, a scenario whose configuration (including later `updateConfig` events)
 * names an action or plugin that has no implementation here, with one message listing them all.
 */
export function assertSupported(scenario: Scenario): void {
  const configs = [
    scenario.scheduler,
    ...scenario.events.flatMap((e) => (e.kind === 'updateConfig' ? [e.patch] : [])),
  ];
  const impl = PROFILES[scenario.profile];
  const actions = new Set<string>();
  const plugins = new Set<string>();
  for (const c of configs) {
    for (const a of c.actions ?? []) if (!impl.actions[a]) actions.add(a);
    for (const t of c.tiers ?? []) for (const p of t.plugins) if (!impl.plugins[p.name]) plugins.add(p.name);
  }
  if (actions.size === 0 && plugins.size === 0) return;
  const parts: string[] = [];
  if (actions.size > 0) parts.push(`${nounFor(actions.size, 'action')} ${[...actions].join(', ')}`);
  if (plugins.size > 0) parts.push(`${nounFor(plugins.size, 'plugin')} ${[...plugins].join(', ')}`);
  throw new UnsupportedError(
    scenario.profile === 'kai'
      ? `This scenario uses ${parts.join(' and ')} that this engine does not implement.`
      : `The ${scenario.profile} profile is not implemented yet: this engine runs KAI-Scheduler semantics only (the scenario uses ${parts.join(' and ')}).`,
  );
}

export function createAction(profile: Profile, name: string): Action {
  const factory = PROFILES[profile].actions[name];
  if (!factory) throw new UnsupportedError(`action "${name}" is not implemented in this engine yet`);
  return factory();
}

export function createPlugin(profile: Profile, config: PluginConfig): Plugin {
  const factory = PROFILES[profile].plugins[config.name];
  if (!factory) throw new UnsupportedError(`plugin "${config.name}" is not implemented in this engine yet`);
  return factory(config);
}

/** Min-runtime protection outside a session (snapshots, `sim resolve`). */
export function protectionModel(config: SchedulerConfig, queues: readonly QueueSpec[]): ProtectionModel {
  return createProtectionModel(config, queues);
}

export type { ProtectionModel };

/** Names implemented per profile (a test checks them against profiles/catalogue.ts). */
export function implementedNames(profile: Profile): { actions: string[]; plugins: string[] } {
  return { actions: Object.keys(PROFILES[profile].actions), plugins: Object.keys(PROFILES[profile].plugins) };
}
