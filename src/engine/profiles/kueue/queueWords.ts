/**
 * How Kueue names a queue's figures (kueue apis/kueue/v1beta1/clusterqueue_types.go ResourceQuota
 * @ff69552e: `nominalQuota`, `borrowingLimit`, `lendingLimit`; a ClusterQueue joins a `cohort`). The cards
 * are the block's Cohorts and ClusterQueues (profile.ts `kueueQueues`): the band is the nominal quota (a
 * cohort's includes its subtree), since Kueue computes no fair share without fair sharing (decision 0283).
 * Pure data, in the profile's UI module (`uiModuleOf('kueue').queueWords`), from which the queue tree's
 * legend, cards, tooltip and the inspector take their words (decision 0298).
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
  // No cap drawn on the cards: the borrowing limit is not a cap on the card's figures (it bounds what is
  // borrowed above the nominal quota); the UI module shows it as a badge and an inspector row instead.
  cap: null,
  // The shape's weight slot: Kueue's fairSharing.weight, not modelled (§27.6); ClusterQueues of a cohort
  // borrow in admission order, so no view should show a weight for Kueue.
  weight: {
    label: 'fair-sharing weight',
    meaning:
      'Kueue fair sharing is not modelled: the ClusterQueues of a cohort borrow its unused quota in admission order',
    perResource: false,
  },
  // Kueue orders Workloads by priority, not ClusterQueues (no queue priority).
  priority: false,
  floorIsQuota: true,
};
