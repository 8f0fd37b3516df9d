/**
 * `elastic`: among jobs of equal priority, those below minAvailable go first, then those exactly at it,
 * then those above it (growth of an already satisfied elastic job comes last).
 */
import type { JobInfo } from '../../framework/JobInfo';
import type { Plugin } from '../../framework/Plugin';
import type { PluginConfig } from '../../../../model/scenario';
import { podSetsOf, type PodSetNode } from '../../framework/subGroupTree';
import { placedCount } from '../../framework/subGroupAllocation';

/**
 * KAI elastic.go:53 `minAvailableState` @d5bc503 for a job with subgroups: below when some pod set is below
 * minMember, exactly at when every pod set is at it, above otherwise.
 */
function podSetState(podSets: readonly PodSetNode[]): number {
  let exactly = true;
  for (const ps of podSets) {
    const n = placedCount(ps);
    if (n < ps.minMember) return 0;
    if (n > ps.minMember) exactly = false;
  }
  return exactly ? 1 : 2;
}

function state(job: JobInfo): number {
  const tree = job.subGroupTree;
  if (tree !== null) return podSetState(podSetsOf(tree));
  const placed = job.placed;
  return placed < job.minAvailable ? 0 : placed === job.minAvailable ? 1 : 2;
}

export function createElasticPlugin(_config: PluginConfig): Plugin {
  return {
    name: 'elastic',
    onSessionOpen(ssn) {
      ssn.register('jobOrder', (a, b) => state(a) - state(b));
    },
  };
}
