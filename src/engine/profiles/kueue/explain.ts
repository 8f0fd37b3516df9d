/**
 * Kueue's answers to the shared explain code (decision 0309), true to Kueue at ff69552e rather than a copy
 * of Volcano's. The share a card shows is the ClusterQueue's nominal quota (session.ts: Kueue computes no
 * fair share without fair sharing). A Workload is evicted by preemption only, and Kueue has no min-runtime
 * at this commit (decision 0283), so what would have kept a victim is the rule that let it go:
 * - in the preemptor's own ClusterQueue, its `withinClusterQueue` policy over priorities
 *   (pkg/scheduler/preemption/common/preemption_policy.go SatisfiesPreemptionPolicy);
 * - from another ClusterQueue of the cohort, only while the victim's ClusterQueue borrows in a resource the
 *   preemptor needs, and under the preemptor's `reclaimWithinCohort` policy (pkg/scheduler/preemption/
 *   preemption.go:633-666 findCandidates and cqIsBorrowing @ff69552e); with fair sharing on, also only
 *   when the strategies find the victim's ClusterQueue's share above the preemptor's (:536-589).
 * Queue what-ifs: none. Its quotas live in the `kueue:` block, which no what-if change edits yet (they
 * write `queues:` and updateQueue events, which a Kueue scenario may not write, §27); deleting a job and
 * adding a node are still tried by the shared code, and only kept when a re-run proves them.
 */
import type { EvictionInput, ProfileExplain } from '../../framework/ProfileModule';
import { isKueueSpec, type KueueSpec } from './spec';

export const kueueExplain: ProfileExplain = {
  shareWord: 'nominal quota',
  queueCandidates: () => [],
  wouldHaveProtected: (input) => ({
    wouldHaveProtected: ruleWords(input),
    protectingChange: null,
    protectionProven: false,
  }),
};

function ruleWords({ scenario, decision: d, victimQueue, byQueue }: EvictionInput): string | null {
  if (d.action !== 'preempt') return null;
  const data = scenario.profileBlock?.data;
  const spec: KueueSpec | null = isKueueSpec(data) ? data : null;
  const by = d.by ?? 'the preemptor';
  const policies = spec?.clusterQueues.find((q) => q.name === byQueue)?.preemption;
  const head = `Kueue has no min-runtime at ff69552e`;
  if (victimQueue !== null && victimQueue === byQueue) {
    const policy = policies?.withinClusterQueue ?? 'LowerPriority';
    const priority =
      policy === 'LowerOrNewerEqualPriority'
        ? `a priority above ${by}'s (or equal to it, created no later than ${by})`
        : `a priority at least ${by}'s`;
    return `${head}: in ClusterQueue ${victimQueue} (withinClusterQueue=${policy}), ${priority}, or withinClusterQueue: Never, would have kept ${d.job}.`;
  }
  const policy = policies?.reclaimWithinCohort ?? 'Never';
  const priority = policy === 'Any' ? '' : `, a priority at least ${by}'s (reclaimWithinCohort=${policy})`;
  const fair =
    spec?.fairSharing != null
      ? `, a share of ClusterQueue ${victimQueue ?? '?'} not above ${byQueue ?? "the preemptor's ClusterQueue"}'s under the fair-sharing strategies (${spec.fairSharing.preemptionStrategies.join(', ')})`
      : '';
  return `${head}: ClusterQueue ${victimQueue ?? '?'} within its nominal quota in the resources ${by} needed (only a borrowing ClusterQueue is reclaimed from)${priority}${fair}, or reclaimWithinCohort: Never on ClusterQueue ${byQueue ?? '?'}, would have kept ${d.job}.`;
}
