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
  // The shape's weight slot: Kueue's fairSharing.weight (fairsharing_types.go:25-40; fair_sharing.go:90-98
  // divides the share by it). It only counts when the kueue block turns fair sharing on (§27).
  weight: {
    label: 'fair-sharing weight',
    meaning:
      "with fair sharing on, the ClusterQueue's (or cohort's) share of what it borrows is divided by this weight: a higher weight may borrow more before it is preempted or waits; 0 means it yields to everyone while borrowing",
    perResource: false,
  },
  // Kueue orders Workloads by priority, not ClusterQueues (no queue priority).
  priority: false,
  floorIsQuota: true,
};
