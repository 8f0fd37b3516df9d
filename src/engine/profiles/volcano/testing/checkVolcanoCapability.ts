/**
 * Volcano `capacity` plugin: no queue's capability is exceeded anywhere in the tree. Upstream refuses a
 * placement when the leaf's or any ancestor's allocated plus the request exceeds its real capability on a
 * requested dimension (volcano pkg/scheduler/plugins/capacity/capacity.go:1681-1684 `queueAllocatable` up
 * the tree, :1212-1556 hierarchical attrs @ed72c7c8), in allocate and in reclaim (actions/reclaim/reclaim.go:435
 * calls `ssn.Allocatable`). The real capability is at most the written `capability`, so the check is made
 * against that: for every queue on the path of a job placed (bound or pipelined) this session, and every
 * dimension that placement requested, Running+Pipelined of the queue's subtree ≤ its capability. Releasing
 * tasks are not counted (upstream's `AllocatedStatus`, api/helpers.go:80-87, leaves them out; eviction
 * fires the deallocate event). Tasks that ran before the session are only judged where new work was placed:
 * a capability lowered below what already runs is not a placement error.
 */
import { VOLCANO_TOLERANCE } from '../../../framework/NodeAccount';
import type { Scenario } from '../../../model/scenario';
import type { SessionSnapshot } from '../../../model/snapshot';
import type { Violation } from '../../../testing/property/invariants';
import { configAt, type ScenarioFacts } from '../../../testing/property/sessionFacts';
import { queueSums } from '../../../testing/property/queueSums';
import { volcanoQueueExtrasOf } from '../jobExtras';

// The dimensions capacity compares are gpu, cpu and memory (checks.ts `exceedsOnRequested`: pods is not
// compared), the ones queueSums records.
/**
 * Whether the session at `snap.timeMs` ran a configuration with the capacity plugin (the Volcano dialect
 * registers this check; kube-batch has no capacity plugin).
 */
export function capacityConfigured(scenario: Scenario, snap: SessionSnapshot): boolean {
  return configAt(scenario, snap.timeMs).tiers.some((t) => t.plugins.some((p) => p.name === 'capacity'));
}

export function checkVolcanoCapability(snap: SessionSnapshot, facts: ScenarioFacts, out: Violation[]): void {
  const sums = queueSums(snap, facts);
  if (sums === null) return;
  const { placedIn, used } = sums;
  for (const q of snap.queues) {
    const placed = placedIn.get(q.name);
    const capability = volcanoQueueExtrasOf(q)?.capability;
    if (!placed || !capability) continue;
    for (const k of placed) {
      const cap = capability[k];
      if (cap === undefined) continue;
      const sum = used.get(q.name)?.[k] ?? 0;
      if (sum > cap + VOLCANO_TOLERANCE[k])
        out.push({
          invariant: 'queue-capability',
          session: snap.index,
          message: `queue ${q.name}: Running+Pipelined ${k} ${sum} of its subtree > capability ${cap}`,
        });
    }
  }
}
