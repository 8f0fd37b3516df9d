/**
 * Kueue's names and defaults (pure data, read by the editor without the engine runtime). Kueue has no
 * actions or plugins: its ClusterQueues, Cohorts and flavors are the `kueue:` block (§27); Workloads
 * without a priority class have priority 0 (kueue pkg/util/priority/priority.go:41
 * @ff69552e, `constants.DefaultPriority`).
 */
import type { ProfileCatalogue } from '../../framework/ProfileModule';

export const KUEUE_CATALOGUE: ProfileCatalogue = {
  actions: [],
  plugins: [],
  defaultActions: [],
  defaultTiers: [],
  defaultPriorityClasses: [],
  defaultQueuePriority: 0,
  defaultJobClass: null,
};
