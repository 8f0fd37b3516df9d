/**
 * Which action and plugin names each profile understands, and its defaults (docs/scenario-format.md §1-2).
 * Pure data: the scenario validator reads it; `registry.ts` maps the names to implementations and a test
 * checks that both agree.
 */
import type { PriorityClass, Profile, Tier } from '../model/scenario';

export interface ProfileCatalogue {
  actions: readonly string[];
  plugins: readonly string[];
  defaultActions: readonly string[];
  defaultTiers: readonly (readonly string[])[];
  defaultPriorityClasses: readonly PriorityClass[];
  defaultQueuePriority: number;
  /** Priority class used by jobs without one (null = raw priority 0). */
  defaultJobClass: string | null;
}

const kaiClasses: PriorityClass[] = [
  { name: 'train', value: 50, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'build-preemptible', value: 75, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'interactive-preemptible', value: 75, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'build', value: 100, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'interactive', value: 100, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'inference', value: 125, preemptionPolicy: 'PreemptLowerPriority' },
];

export const CATALOGUE: Record<Profile, ProfileCatalogue> = {
  kai: {
    actions: ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'],
    plugins: ['predicates', 'proportion', 'priority', 'elastic', 'nodeplacement', 'minruntime', 'topology'],
    defaultActions: ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'],
    // KAI's default configuration also has `topology`; a scenario gets it when it defines `topologies`
    // (normaliseTopology.ts addTopologyPlugin, decision 0197), so every other scenario reads as before.
    defaultTiers: [['predicates', 'proportion', 'priority', 'elastic', 'nodeplacement', 'minruntime']],
    defaultPriorityClasses: kaiClasses,
    defaultQueuePriority: 100,
    defaultJobClass: 'train',
  },
  volcano: {
    actions: ['enqueue', 'allocate', 'backfill', 'preempt', 'reclaim'],
    plugins: [
      'priority',
      'gang',
      'conformance',
      'overcommit',
      'drf',
      'predicates',
      'proportion',
      'nodeorder',
      'binpack',
      'sla',
      'capacity',
    ],
    defaultActions: ['enqueue', 'allocate', 'backfill'],
    defaultTiers: [
      ['priority', 'gang', 'conformance'],
      ['overcommit', 'drf', 'predicates', 'proportion', 'nodeorder'],
    ],
    defaultPriorityClasses: [],
    defaultQueuePriority: 0,
    defaultJobClass: null,
  },
  'kube-batch': {
    actions: ['allocate', 'backfill', 'preempt', 'reclaim'],
    plugins: ['priority', 'gang', 'conformance', 'drf', 'predicates', 'proportion', 'nodeorder'],
    defaultActions: ['allocate', 'backfill'],
    defaultTiers: [
      ['priority', 'gang'],
      ['drf', 'predicates', 'proportion', 'nodeorder'],
    ],
    defaultPriorityClasses: [],
    defaultQueuePriority: 0,
    defaultJobClass: null,
  },
};

export function defaultTiers(profile: Profile): Tier[] {
  return CATALOGUE[profile].defaultTiers.map((names) => ({
    plugins: names.map((name) => ({ name, arguments: {}, flags: {} })),
  }));
}
