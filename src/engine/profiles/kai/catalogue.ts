/**
 * KAI's names and defaults (docs/scenario-format.md §1-2): pure data, read by the scenario reader through
 * the registry and by the editor through features/profiles/kai (so the views need no engine runtime).
 */
import type { ProfileCatalogue } from '../../framework/ProfileModule';
import type { PriorityClass } from '../../model/scenario';

const kaiClasses: PriorityClass[] = [
  { name: 'train', value: 50, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'build-preemptible', value: 75, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'interactive-preemptible', value: 75, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'build', value: 100, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'interactive', value: 100, preemptionPolicy: 'PreemptLowerPriority' },
  { name: 'inference', value: 125, preemptionPolicy: 'PreemptLowerPriority' },
];

export const KAI_CATALOGUE: ProfileCatalogue = {
  actions: ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'],
  plugins: ['predicates', 'proportion', 'priority', 'elastic', 'nodeplacement', 'minruntime', 'topology'],
  defaultActions: ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'],
  // KAI's default configuration also has `topology`; a scenario gets it when it defines `topologies`
  // (normaliseTopology.ts addTopologyPlugin, decision 0197), so every other scenario reads as before.
  defaultTiers: [['predicates', 'proportion', 'priority', 'elastic', 'nodeplacement', 'minruntime']],
  defaultPriorityClasses: kaiClasses,
  defaultQueuePriority: 100,
  defaultJobClass: 'train',
};
