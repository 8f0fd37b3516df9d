/**
 * Volcano's and kube-batch's answers to the shared explain code (decision 0309): their share is the
 * deserved share (proportion's, or capacity's written `deserved`), their queue what-ifs are weight,
 * capability and deserved, and with no min-runtime the rule that let a victim go is told in words.
 */
import type { Decision } from '../../../model/trace';
import type { ProfileExplain } from '../../../framework/ProfileModule';
import type { Dialect } from '../framework/Session';
import { volcanoQueueCandidates } from './queueCandidates';

export function volcanoExplain(dialect: Dialect): ProfileExplain {
  return {
    shareWord: 'deserved share',
    queueCandidates: volcanoQueueCandidates,
    wouldHaveProtected: ({ decision, victimQueue }) => ({
      wouldHaveProtected: ruleWords(dialect, decision, victimQueue),
      protectingChange: null,
      protectionProven: false,
    }),
  };
}

/**
 * Reclaim: proportion's and capacity's Reclaimable skip a queue that is not reclaimable or within its
 * deserved share; preempt: the priority plugin's Preemptable and the gang plugin's minAvailable.
 */
function ruleWords(dialect: Dialect, d: Decision, victimQueue: string | null): string | null {
  const by = d.by ?? 'the preemptor';
  if (d.action === 'reclaim')
    return `${dialect} has no min-runtime: queue ${victimQueue ?? '?'} set to reclaimable: false (proportion/capacity Reclaimable skip unreclaimable queues), or its queue within its deserved share, would have kept ${d.job}.`;
  if (d.action === 'preempt')
    return `${dialect} has no min-runtime: a priority at least ${by}'s (priority plugin's Preemptable), or a gang at its minAvailable (gang plugin), would have kept ${d.job}.`;
  return null;
}
