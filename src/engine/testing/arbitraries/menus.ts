/**
 * The fixed menus the raw picks index into. The first entry of each is the simplest value, so shrinking
 * (which moves picks towards 0) also simplifies the scenario.
 */
import type { ProfileArbitraries } from '../../framework/ProfileModule';
import { PROFILE_MODULES, defaultProfile, moduleOf, type Profile } from '../../registry';

export { defaultProfile };

/**
 * Profiles by pick, from the registry: each profile as many times as its generator weight (KAI twice, as it
 * has the most rules to check), in registry order (decision 0296).
 */
export function profileMenu(): readonly Profile[] {
  // Computed on first use, not at load: the profiles' generator hooks import this file, so the registry
  // may still be loading when it is (an import cycle that is harmless as long as nothing runs at load).
  menu ??= PROFILE_MODULES.flatMap((m) => Array.from({ length: m.arbitraries?.weight ?? 0 }, () => m.name));
  return menu;
}
let menu: readonly Profile[] | undefined;
export type GeneratedProfile = Profile;

/**
 * The main run's profile pick covers the menu's first four entries, the profiles generated before Kueue,
 * so that a seed gives the same scenario as before; every later entry gets a share of runs of its own
 * (`sharedProfilePicks`, runProperties.ts).
 */
export const MAIN_RUN_PICKS = 4;

/** Menu picks of the profiles outside the main run's pick, each generated in its own share of runs. */
export function sharedProfilePicks(): number[] {
  const profiles = profileMenu();
  return profiles.flatMap((p, i) => (i >= MAIN_RUN_PICKS && profiles.indexOf(p) === i ? [i] : []));
}

/** The generator hooks of a profile (every registered profile the generators pick has them). */
export function generatorOf(profile: GeneratedProfile): ProfileArbitraries {
  const hooks = moduleOf(profile).arbitraries;
  if (hooks === undefined) throw new RangeError(`profile ${profile} has no generator hooks`);
  return hooks;
}

/**
 * What a profile reads of the fields the shared job and workload generators write, from its module's format
 * and catalogue (so the generators ask instead of naming profiles; decision 0296).
 */
export interface GeneratedTraits {
  /** The profile ships default priority classes (KAI): jobs pick them; otherwise raw priorities. */
  readonly defaultClasses: boolean;
  readonly preemptibility: boolean;
  readonly workloadPreemptible: boolean;
  /** Jobs may write `minAvailable` (Kueue admits a Workload whole and refuses it). */
  readonly minAvailable: boolean;
  /** Workload generators may make elastic jobs (`elastic`, `elasticMin`). */
  readonly workloadElastic: boolean;
  readonly preemptionDelay: boolean;
  readonly terminating: boolean;
  readonly subGroups: boolean;
  readonly taskRoles: boolean;
  /** A task may start `Succeeded` (decision 0330; Kueue refuses it). */
  readonly succeededTasks: boolean;
  /** Queue fields a variant may unset (KAI's `reclaimMinRuntime: null`). */
  readonly minRuntimes: boolean;
  /** Proportion's `kValue` (KAI's time-based fair share, which reads usage history). */
  readonly kValue: boolean;
}

export function traitsOf(profile: GeneratedProfile): GeneratedTraits {
  const m = moduleOf(profile);
  const f = m.format;
  return {
    defaultClasses: m.catalogue.defaultPriorityClasses.length > 0,
    preemptibility: f.unreadJobFields['preemptibility'] === undefined,
    workloadPreemptible: f.unreadWorkloadFields['preemptible'] === undefined,
    minAvailable: f.unreadJobFields['minAvailable'] === undefined,
    workloadElastic: f.unreadWorkloadFields['elastic'] === undefined,
    preemptionDelay: f.accepts('preemptionDelay', null),
    terminating: f.accepts('terminating', null),
    subGroups: f.accepts('subGroups', null),
    taskRoles: f.accepts('taskRoles', null),
    succeededTasks: f.accepts('succeededTasks', null),
    minRuntimes: f.unreadQueueFields['reclaimMinRuntime'] === undefined && f.block === undefined,
    kValue: f.accepts('usageDB', null),
  };
}

export function actionsOf(profile: GeneratedProfile): readonly string[] {
  return generatorOf(profile).actions;
}

/** Line ends a person's editor may write: LF, CRLF (Windows), lone CR (old Mac), or a mix of them. */
export const LINE_ENDS = ['lf', 'crlf', 'cr', 'mixed'] as const;
export const DEFAULT_CLASSES = [
  'train',
  'build-preemptible',
  'interactive-preemptible',
  'build',
  'interactive',
  'inference',
] as const;
export const CUSTOM_CLASS = { name: 'batch-never', value: 60, preemptionPolicy: 'Never' } as const;
export const RAW_PRIORITIES = [60, 110] as const;
/** Volcano and kube-batch have no default classes: a class pick becomes one of these raw priorities. */
export const VOLCANO_PRIORITIES = [0, 10, 60, 110, 1000, 5, 100] as const;

export const QUEUE_GPU_QUOTA = [1, 0, 2, 4, -1, 0.5, 8];
export const QUEUE_GPU_LIMIT = [-1, 1, 2, 4, 0, 8, 3];
export const QUEUE_CPU_QUOTA = [2, 0, 4, -1, 1, 8, 16];
export const QUEUE_CPU_LIMIT = [-1, 4, 2, 8, 0, 1, 16];
export const OVER_QUOTA_WEIGHT = [1, 0, 2, 3];
export const QUEUE_PRIORITY = [100, 50, 150, 0];

/** `null` means the resource is omitted (unconstrained on that node). */
export const NODE_GPU: (number | null)[] = [4, 1, 2, 8, 0, null];
export const NODE_CPU: (string | null)[] = [null, '8', '4', '16000m'];
export const NODE_MEMORY: (string | null)[] = [null, '32Gi', '8G'];
export const NODE_COUNT: (number | null)[] = [null, 2, 1];
export const NODE_PODS: (number | null)[] = [null, 110, 2];
export const VOLCANO_WEIGHT = [1, 2, 4, 0];
export const VOLCANO_AMOUNT = [2, 0, 4, 8];

/**
 * Values a variant may NOT set (the base rejects each of them at that field): a variant carrying one must
 * be rejected with a `variants[…]` path, never run (issue 18: `kValue: 1e308` ran).
 */
export const VARIANT_OUT_OF_RANGE = [
  'kValue',
  'schedulePeriod',
  'reclaimMinRuntime',
  'quota',
  'priority',
  'runtime',
  'actions',
  'weight',
] as const;
export const ZONES = ['a', 'b', 'c'];

export const JOB_GPU = [1, 0.5, 2, 0, 0.25];
export const TASK_GPU = [1, 0.5, 2, 0, 0.25];
export const JOB_CPU: (string | null)[] = [null, '500m', '1', '2'];
export const JOB_MEMORY: (string | null)[] = [null, '1Gi', '512Mi'];
export const PREEMPTIBILITY: (string | null)[] = [null, 'preemptible', 'non-preemptible'];
export const NAMESPACES: (string | null)[] = [null, 'team-a', 'kube-system'];
/**
 * Label and annotation values as clusters hold them: plain words, YAML-looking text, a leading `-` or `#`,
 * and line breaks (issue 18: `"-\nx"` broke the Kubernetes export and `serialise`).
 */
export const ODD_VALUES = [
  'worker',
  'a: b',
  '-\nx',
  '# not a comment',
  'two\nlines',
  ' spaced ',
  '[1, 2]',
  '*star',
];

/** Schedule periods in ms, written as Go durations. */
export const PERIODS_MS = [1000, 5000, 500, 10_000];

/** The menu entry at `pick` (wrapping), so any pick is valid. */
export function at<T>(menu: readonly T[], pick: number): T {
  return menu[((pick % menu.length) + menu.length) % menu.length] as T;
}
