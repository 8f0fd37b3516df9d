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
import { isProfile, moduleOf } from '../../registry';

/** Whether a scheduler configuration (as imported, plugin flags as entry keys) builds a tree with `plugin`. */
function hasHierarchy(config: unknown, plugin: string): boolean {
  if (!isData(config) || !Array.isArray(config.tiers)) return false;
  return config.tiers.some(
    (tier) =>
      isData(tier) &&
      Array.isArray(tier.plugins) &&
      tier.plugins.some((p) => isData(p) && p.name === plugin && p.enableHierarchy === true),
  );
}

/**
 * Drops a `parent:` naming the profile's implicit root queue (`ProfileKubernetes.rootQueue`: Volcano's and
 * kube-batch's `root`) unless a queue tree with a written root queue reads it.
 */
export function settleRootParents(scenario: Data): void {
  // A profile without an implicit root (KAI: parentQueue names a queue like any other) keeps every parent.
  const root = isProfile(scenario.profile) ? moduleOf(scenario.profile).kubernetes.rootQueue : null;
  if (root === null) return;
  const queues = Array.isArray(scenario.queues) ? scenario.queues.filter(isData) : [];
  const events = Array.isArray(scenario.events) ? scenario.events.filter(isData) : [];
  const plugin = root.treePlugin;
  const keep =
    plugin !== null &&
    queues.some((q) => q.name === root.name) &&
    [scenario.scheduler, ...events.map((e) => e.updateConfig)].some((c) => hasHierarchy(c, plugin));
  if (keep) return;
  for (const q of queues) if (q.parent === root.name) delete q.parent;
}
