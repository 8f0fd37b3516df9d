/**
 * The only file that knows every action and plugin: names (as in scenarios and upstream ConfigMaps) to
 * factories. A new action or plugin is a new folder and one line here (and its name in
 * `profiles/catalogue.ts`, which the scenario validator reads).
 */
import { createAllocateAction } from './profiles/kai/actions/allocate/allocate';
import { createConsolidationAction } from './profiles/kai/actions/consolidation/consolidation';
import { createPreemptAction } from './profiles/kai/actions/preempt/preempt';
import { createReclaimAction } from './profiles/kai/actions/reclaim/reclaim';
import { createStaleGangEvictionAction } from './profiles/kai/actions/stalegangeviction/stalegangeviction';
import type { Action, ActionFactory, Plugin, PluginFactory } from './profiles/kai/framework/Plugin';
import type { JobSpec, PluginConfig, Profile, QueueSpec, Scenario, SchedulerConfig } from './model/scenario';
import type { JobExtras, QueueExtras } from './model/snapshot';
import type { SessionTrace } from './model/trace';
import { volcanoJobExtras, volcanoQueueExtras } from './profiles/volcano/jobExtras';
import {
  volcanoSessionMarks,
  type VolcanoSessionMarks,
  type WaitingJob,
} from './profiles/volcano/sessionMarks';
import { createElasticPlugin } from './profiles/kai/plugins/elastic/elastic';
import { createMinRuntimePlugin } from './profiles/kai/plugins/minruntime/minruntime';
import { createProtectionModel, type ProtectionModel } from './profiles/kai/queries/protectionModel';
import { createPooledProtectionModel } from './profiles/kai/nodePools/pooledProtectionModel';
import type { NodePoolSpec } from './model/nodePool';
import { createNodePlacementPlugin } from './profiles/kai/plugins/nodeplacement/nodeplacement';
import { createTopologyPlugin } from './profiles/kai/plugins/topology/topology';
import { createPredicatesPlugin } from './profiles/kai/plugins/predicates/predicates';
import { createPriorityPlugin } from './profiles/kai/plugins/priority/priority';
import { createProportionPlugin } from './profiles/kai/plugins/proportion/proportion';
import type { SessionProfile } from './framework/Profile';
import {
  KUBE_BATCH_ACTIONS,
  KUBE_BATCH_PLUGINS,
  VOLCANO_ACTIONS,
  VOLCANO_PLUGINS,
  kubeBatchProfile,
  volcanoProfile,
} from './profiles/volcano/profile';
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
  topology: createTopologyPlugin,
};

/**
 * Which implementation each name means, per profile: KAI's `allocate` and Volcano's `allocate` are different
 * actions. KAI runs through the shared Session (its files move into profiles/kai later, decision 0014);
 * Volcano and its kube-batch dialect run their own sessions (`profiles/volcano`).
 */
const PROFILES: Record<
  Profile,
  { actions: Readonly<Record<string, unknown>>; plugins: Readonly<Record<string, unknown>> }
> = {
  kai: { actions: KAI_ACTIONS, plugins: KAI_PLUGINS },
  volcano: { actions: VOLCANO_ACTIONS, plugins: VOLCANO_PLUGINS },
  'kube-batch': { actions: KUBE_BATCH_ACTIONS, plugins: KUBE_BATCH_PLUGINS },
};

/** Profiles that run their own sessions (all but KAI, which still uses the shared Session). */
const SESSION_PROFILES: Partial<Record<Profile, SessionProfile>> = {
  volcano: volcanoProfile,
  'kube-batch': kubeBatchProfile,
};

/** Per-job snapshot extras of a profile (null for KAI, whose extras are its protection fields). */
export function jobExtras(
  profile: Profile,
  config: SchedulerConfig,
  spec: JobSpec,
  timeMs: number,
  trace: SessionTrace,
): JobExtras | null {
  return profile === 'kai' ? null : volcanoJobExtras(profile, config, spec, timeMs, trace);
}

/** Per-queue snapshot extras of a profile (null for KAI, whose queue fields are the core ones). */
export function queueExtras(profile: Profile, spec: QueueSpec): QueueExtras | null {
  return profile === 'kai' ? null : volcanoQueueExtras(profile, spec);
}

/** Timeline facts of a profile's session (enqueues, SLA expiries); null for KAI. */
export function sessionMarks(
  profile: Profile,
  config: SchedulerConfig,
  jobs: Iterable<WaitingJob>,
  fromMs: number,
  toMs: number,
  trace: SessionTrace,
): VolcanoSessionMarks | null {
  return profile === 'kai' ? null : volcanoSessionMarks(config, jobs, fromMs, toMs, trace);
}

/** The session runner of a profile that has its own, or null for KAI. */
export function sessionProfile(profile: Profile): SessionProfile | null {
  return SESSION_PROFILES[profile] ?? null;
}

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
  // Hierarchical DRF is configured through queue annotations the format cannot carry (not implemented).
  if (scenario.profile !== 'kai') {
    for (const c of configs)
      for (const t of c.tiers ?? [])
        for (const p of t.plugins)
          if (p.name === 'drf' && p.flags.enableHierarchy === true)
            throw new UnsupportedError(
              'drf with enableHierarchy: true (hierarchical DRF) is not implemented: its queue annotations cannot be written in this format.',
            );
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
  const factory = profile === 'kai' ? KAI_ACTIONS[name] : undefined;
  if (!factory) throw new UnsupportedError(`action "${name}" is not implemented in this engine yet`);
  return factory();
}

export function createPlugin(profile: Profile, config: PluginConfig): Plugin {
  const factory = profile === 'kai' ? KAI_PLUGINS[config.name] : undefined;
  if (!factory) throw new UnsupportedError(`plugin "${config.name}" is not implemented in this engine yet`);
  return factory(config);
}

/** Min-runtime protection outside a session (snapshots, `sim resolve`). */
export function protectionModel(
  config: SchedulerConfig,
  queues: readonly QueueSpec[],
  pools?: readonly NodePoolSpec[],
): ProtectionModel {
  // Node pools (§24): each pool resolves with its own minruntime defaults over its own queues.
  return pools === undefined
    ? createProtectionModel(config, queues)
    : createPooledProtectionModel(config, queues, pools);
}

export type { ProtectionModel };

/** Names implemented per profile (a test checks them against profiles/catalogue.ts). */
export function implementedNames(profile: Profile): { actions: string[]; plugins: string[] } {
  return { actions: Object.keys(PROFILES[profile].actions), plugins: Object.keys(PROFILES[profile].plugins) };
}
