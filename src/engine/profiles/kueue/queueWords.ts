/**
 * How Kueue names a queue's figures (kueue apis/kueue/v1beta1/clusterqueue_types.go ResourceQuota
 * @ff69552e: `nominalQuota`, `borrowingLimit`, `lendingLimit`; a ClusterQueue joins a `cohort`). The cards
 * are the block's Cohorts and ClusterQueues (profile.ts `kueueQueues`): the band is the nominal quota (a
 * cohort's includes its subtree), since Kueue computes no fair share without fair sharing (decision 0283).
 * Pure data: the views read it through the profile's UI module.
 */
import type { QueueWords } from '../../framework/ProfileModule';

export const KUEUE_QUEUE_WORDS: QueueWords = {
  profile: 'kueue',
  share: {
    label: 'nominal quota',
    meaning:
      'the quota the ClusterQueue (or the cohort, with its subtree) owns, summed over flavors; more is borrowed from the cohort',
  },
  floor: {
    label: 'nominal quota',
    meaning: 'what the ClusterQueue owns; above it the ClusterQueue borrows unused quota from its cohort',
  },
  cap: {
    label: 'borrowing limit',
    meaning:
      'the most the ClusterQueue may borrow from its cohort above its nominal quota (none = unlimited); its lending limit caps what it lends',
  },
  weight: {
    label: 'cohort',
    meaning:
      'the cohort whose ClusterQueues lend one another unused quota (fair-sharing weights are not modelled)',
    perResource: false,
  },
  // Kueue orders Workloads by priority, not ClusterQueues (no queue priority).
  priority: false,
  floorIsQuota: true,
};
