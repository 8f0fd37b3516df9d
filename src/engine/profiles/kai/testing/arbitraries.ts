/**
 * KAI's part of the scenario generators (decision 0296): its action menu (the first entry the simplest, so
 * shrinking simplifies), a queue tree always (KAI reads `parent`, §4), jobs that may start Running.
 */
import type { ProfileArbitraries } from '../../../framework/ProfileModule';

export const KAI_ACTIONS = ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'] as const;

export const kaiArbitraries: ProfileArbitraries = {
  actions: KAI_ACTIONS,
  // Picked twice as often as the others: KAI has the most rules to check.
  weight: 2,
  queueTree: () => true,
  startsRunning: true,
  queueEvents: true,
  variants: true,
  gangs: true,
};
