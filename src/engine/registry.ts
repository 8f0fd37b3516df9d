/**
 * The one list of scheduler profiles (decision 0279). Each profile is a folder under `profiles/` exporting
 * one `ProfileModule`; a new profile is its folder, its UI folder and one line in `PROFILE_MODULES` (and
 * one in features/profiles/uiRegistry.ts). Every shared file asks the module through the functions here
 * and never names a profile.
 */
import type {
  FormatFeature,
  ProfileBlockFormat,
  ProfileCatalogue,
  ProfileModule,
  ProfileQuery,
} from './framework/ProfileModule';
import type { ScenarioMapper } from './framework/ScenarioMapper';
import { UnsupportedError } from './framework/UnsupportedError';
import type { Scenario, Tier } from './model/scenario';
import { kai } from './profiles/kai/module';
import { kubeBatch, volcano } from './profiles/volcano/module';
import { kueue } from './profiles/kueue/module';
import { nounFor } from '../common/plural';

// The one entry point that only KAI's cluster snapshots have (`sim import a.zip b.zip …`, §17.8): index.ts
// re-exports it from here, so no shared engine file imports a profile's folder (decision 0340).
export {
  MAX_MERGED_SNAPSHOTS,
  mergeShardSnapshots,
  tooManySnapshots,
  type MergeResult,
  type ShardSnapshot,
} from './profiles/kai/nodePools/mergeShardSnapshots';
export { createShardBatch, type ShardBatch } from './profiles/kai/nodePools/shardSnapshotBatch';

/** Every profile, the default (a scenario without `profile:`) first. */
export const PROFILE_MODULES = [kai, volcano, kubeBatch, kueue] as const;

/** A profile's name as a scenario writes it. */
export type Profile = (typeof PROFILE_MODULES)[number]['name'];

/** The profile names, in registry order. */
export function profileNames(): Profile[] {
  return PROFILE_MODULES.map((m) => m.name);
}

/** The profile of a scenario without `profile:`. */
export function defaultProfile(): Profile {
  return PROFILE_MODULES[0].name;
}

export function isProfile(name: unknown): name is Profile {
  return PROFILE_MODULES.some((m) => m.name === name);
}

export function moduleOf(profile: Profile): ProfileModule<Profile> {
  const m = PROFILE_MODULES.find((p) => p.name === profile);
  if (m === undefined) throw new RangeError(`unknown profile ${JSON.stringify(profile)}`);
  return m;
}

export function catalogueOf(profile: Profile): ProfileCatalogue {
  return moduleOf(profile).catalogue;
}

/** The query of `kind` the profile answers, or null. */
export function queryOf(profile: Profile, kind: string): ProfileQuery | null {
  return moduleOf(profile).queries.find((q) => q.kind === kind) ?? null;
}

/** The compare mapper onto `profile`: a scenario of any profile → that profile's, with what it assumed. */
export function mapScenarioTo(profile: Profile): ScenarioMapper {
  return moduleOf(profile).mapScenario;
}

export { UnsupportedError };

/**
 * Refuses, before anything runs, a scenario whose configuration (including later `updateConfig` events)
 * names an action or plugin that has no implementation here, with one message listing them all.
 */
export function assertSupported(scenario: Scenario): void {
  const configs = [
    scenario.scheduler,
    ...scenario.events.flatMap((e) => (e.kind === 'updateConfig' ? [e.patch] : [])),
  ];
  const module = moduleOf(scenario.profile);
  const impl = module.implemented();
  const actions = new Set<string>();
  const plugins = new Set<string>();
  for (const c of configs) {
    for (const a of c.actions ?? []) if (!impl.actions.includes(a)) actions.add(a);
    for (const t of c.tiers ?? [])
      for (const p of t.plugins) if (!impl.plugins.includes(p.name)) plugins.add(p.name);
  }
  for (const c of configs) {
    const refusal = module.format.unsupported(c);
    if (refusal !== null) throw new UnsupportedError(refusal);
  }
  if (actions.size === 0 && plugins.size === 0) return;
  const parts: string[] = [];
  if (actions.size > 0) parts.push(`${nounFor(actions.size, 'action')} ${[...actions].join(', ')}`);
  if (plugins.size > 0) parts.push(`${nounFor(plugins.size, 'plugin')} ${[...plugins].join(', ')}`);
  throw new UnsupportedError(
    `This scenario uses ${parts.join(' and ')} that this engine does not implement.`,
  );
}

/** Names implemented per profile (a test checks them against the catalogue). */
export function implementedNames(profile: Profile): { actions: string[]; plugins: string[] } {
  const impl = moduleOf(profile).implemented();
  return { actions: [...impl.actions], plugins: [...impl.plugins] };
}

/** The profile's default tiers as configuration (a scenario without `scheduler.tiers`). */
export function defaultTiers(profile: Profile): Tier[] {
  return catalogueOf(profile).defaultTiers.map((names) => ({
    plugins: names.map((name) => ({ name, arguments: {}, flags: {} })),
  }));
}

/** Whether `profile` reads a format feature (in `scenario`, when the answer depends on its configuration). */
export function accepts(profile: Profile, feature: FormatFeature, scenario: Scenario | null = null): boolean {
  return moduleOf(profile).format.accepts(feature, scenario);
}

/** The profile's own top-level scenario block (decision 0281), or null when it has none. */
export function blockOf(profile: Profile): ProfileBlockFormat | null {
  return moduleOf(profile).format.block ?? null;
}

/** Every profile's own block, for the top-level keys the reader accepts and refuses under other profiles. */
export function profileBlocks(): { profile: Profile; block: ProfileBlockFormat }[] {
  return PROFILE_MODULES.flatMap((m) => {
    const block: ProfileBlockFormat | undefined = m.format.block;
    return block === undefined ? [] : [{ profile: m.name, block }];
  });
}

/**
 * The profile an imported Kubernetes object (apiVersion, kind, labels) belongs to: the first in registry
 * order that claims it (Volcano before kube-batch, whose objects are Volcano's), or null (Nodes, plain Pods).
 */
export function profileClaiming(
  apiVersion: string,
  kind: string,
  labels: Readonly<Record<string, unknown>>,
): Profile | null {
  return PROFILE_MODULES.find((m) => m.kubernetes.claims(apiVersion, kind, labels))?.name ?? null;
}

/** The profile whose scheduler configuration a ConfigMap data key holds, or null. */
export function profileReadingConfig(key: string): Profile | null {
  return PROFILE_MODULES.find((m) => m.kubernetes.readsConfigKey(key))?.name ?? null;
}

/** The profile the cluster snapshot and trace imports write (its snapshot tool's; decision 0295). */
export function clusterImportProfile(): Profile {
  const m = PROFILE_MODULES.find((p) => p.kubernetes.clusterImport);
  if (m === undefined) throw new RangeError('no profile reads cluster snapshots');
  return m.name;
}
