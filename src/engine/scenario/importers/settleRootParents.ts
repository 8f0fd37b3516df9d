/**
 * Volcano Queue `spec.parent: root` on import (§12).
 *
 * Volcano's queue controller writes `parent: root` on every queue that has none (volcano
 * pkg/controllers/queue/queue_controller_action.go:287-300 @ed72c7c8) and its webhook treats `""` and
 * `root` alike (pkg/webhooks/admission/queues/validate/validate_queue.go:374 @ed72c7c8), so the two mean the
 * same queue tree. The scenario format keeps a written `parent: root` only where something reads it: a
 * capacity tree (§25, checkProfileFields.ts) with a queue named `root` among the queues. There the parent is
 * kept, so that export then import gives back the scenario written; anywhere else it is dropped, so that a
 * cluster dump of a proportion or flat-capacity Volcano (every queue `parent: root`) imports without
 * `field-not-in-profile`.
 */
import type { Data } from './FieldTracker';
import { isData } from './FieldTracker';

const ROOT = 'root';

/** Whether a scheduler configuration (as imported, plugin flags as entry keys) has capacity with hierarchy. */
function hasHierarchy(config: unknown): boolean {
  if (!isData(config) || !Array.isArray(config.tiers)) return false;
  return config.tiers.some(
    (tier) =>
      isData(tier) &&
      Array.isArray(tier.plugins) &&
      tier.plugins.some((p) => isData(p) && p.name === 'capacity' && p.enableHierarchy === true),
  );
}

/** Drops a Volcano or kube-batch `parent: root` unless a capacity tree with a written `root` reads it. */
export function settleRootParents(scenario: Data): void {
  // KAI's parentQueue names a queue like any other: a KAI `root` queue is an ordinary written queue.
  if (scenario.profile === 'kai') return;
  const queues = Array.isArray(scenario.queues) ? scenario.queues.filter(isData) : [];
  const events = Array.isArray(scenario.events) ? scenario.events.filter(isData) : [];
  const keep =
    scenario.profile === 'volcano' &&
    queues.some((q) => q.name === ROOT) &&
    [scenario.scheduler, ...events.map((e) => e.updateConfig)].some(hasHierarchy);
  if (keep) return;
  for (const q of queues) if (q.parent === ROOT) delete q.parent;
}
