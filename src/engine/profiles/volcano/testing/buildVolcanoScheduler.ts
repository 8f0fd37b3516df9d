/**
 * Volcano's and kube-batch's scheduler fields in a generated scheduler document (moved from the shared
 * buildScheduler.ts, decision 0296).
 */
import type { RawScheduler } from '../../../testing/arbitraries/rawScenario';

type Dialect = 'volcano' | 'kube-batch';

/**
 * Volcano / kube-batch tiers: the profile's default tiers, Volcano's with `sla` (its waiting time from the
 * minruntime default pick, so short waits that expire during the run are common) and `binpack` sometimes.
 */
export function volcanoTiers(raw: RawScheduler, profile: Dialect, tree: boolean): Record<string, unknown>[] {
  const p = raw.plugins as NonNullable<RawScheduler['plugins']>;
  if (profile === 'kube-batch')
    return [
      { plugins: [{ name: 'priority' }, { name: 'gang' }] },
      { plugins: [{ name: 'drf' }, { name: 'predicates' }, { name: 'proportion' }, { name: 'nodeorder' }] },
    ];
  const second: Record<string, unknown>[] = [
    { name: 'overcommit' },
    { name: 'drf' },
    { name: 'predicates' },
    { name: 'proportion' },
    { name: 'nodeorder' },
  ];
  if (p.elastic) second.push({ name: 'binpack' });
  // A queue tree: the capacity plugin with hierarchy (as upstream's hierarchical-queue configuration).
  if (tree) second.push({ name: 'capacity', enableHierarchy: true });
  if (p.minruntime)
    second.push({ name: 'sla', arguments: { 'sla-waiting-time': `${p.reclaimDefault ?? 15}s` } });
  return [
    { plugins: [{ name: 'priority' }, { name: 'gang' }, { name: 'conformance' }] },
    { plugins: second },
  ];
}
