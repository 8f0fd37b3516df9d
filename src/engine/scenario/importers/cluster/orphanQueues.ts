/**
 * Queues whose parent the snapshot does not hold (decision 0326). KAI's cache builds the queue tree from the
 * queues its lister lists (only the shard's, kubernetes_lister.go:133-135 @d5bc503), then deletes every queue
 * whose parent is not among them, with all its children (KAI pkg/scheduler/cache/cluster_info/queue.go:88-129,
 * called at cluster_info.go:188 @d5bc503: `cleanQueueOrphans`, "Found orphan queue … deleting it and all
 * children"). A pod group naming a deleted queue gets the fit error `QueueDoesNotExist`
 * (cluster_info.go:447-450, 476-481 @d5bc503) and the actions skip it (pkg/scheduler/actions/utils/
 * input_jobs.go:56-68 @d5bc503), while its pods stay on their nodes (every pod is added to its node,
 * cluster_info.go:177 @d5bc503). So the import leaves such queues and their jobs out, lists each queue as not
 * mapped at its path, and keeps the running pods' requests held on their nodes.
 */
import type { Data } from '../FieldTracker';
import type { ObjectRef } from './objectRef';
import type { UnmappedCollector } from './unmappedGroups';

const QUEUE_CLEANUP = 'KAI pkg/scheduler/cache/cluster_info/queue.go:105-128 @d5bc503';

/** One queue left out because its parent is missing: the root of a deleted subtree. */
export interface OrphanQueue {
  name: string;
  parent: string;
  /** How many queues went with it (itself and every descendant). */
  subtree: number;
}

export interface OrphanResult {
  /** The queues kept, in their order. */
  kept: Data[];
  /** The names of every queue left out (roots and descendants). */
  dropped: Set<string>;
  roots: OrphanQueue[];
}

/**
 * Splits the listed queues into the tree KAI keeps and the orphans it deletes. Every left-out queue is
 * recorded in `unmapped` at its path (`Queue/<name>: spec.parentQueue` for a root).
 */
export function dropOrphanQueues(
  listed: readonly { ref: ObjectRef; queue: Data }[],
  unmapped: UnmappedCollector,
): OrphanResult {
  const names = new Set(listed.map((q) => String(q.queue.name)));
  const parentOf = (q: Data) => (typeof q.parent === 'string' && q.parent !== '' ? q.parent : null);
  const children = new Map<string, string[]>();
  for (const { queue } of listed) {
    const parent = parentOf(queue);
    if (parent === null) continue;
    let list = children.get(parent);
    if (list === undefined) children.set(parent, (list = []));
    list.push(String(queue.name));
  }
  const dropped = new Set<string>();
  const roots: OrphanQueue[] = [];
  // Upstream deletes each orphan and, recursively, its children; the set deleted is the same in any order.
  const deleteSubtree = (name: string): number => {
    if (dropped.has(name)) return 0; // a cycle is the scenario checks' to report, never a loop here
    dropped.add(name);
    let n = 1;
    for (const child of children.get(name) ?? []) n += deleteSubtree(child);
    return n;
  };
  for (const { queue } of listed) {
    const parent = parentOf(queue);
    if (parent === null || names.has(parent)) continue;
    const name = String(queue.name);
    roots.push({ name, parent, subtree: deleteSubtree(name) });
  }
  for (const { ref, queue } of listed) {
    const name = String(queue.name);
    if (!dropped.has(name)) continue;
    const parent = parentOf(queue) ?? '';
    if (!names.has(parent))
      unmapped.add(
        'Queue whose parent queue is not in the snapshot',
        `KAI's cache deletes a queue whose parent it does not list, and all its children (${QUEUE_CLEANUP}); its jobs are never scheduled (input_jobs.go:56-68). With shards, the parent may be in another shard's snapshot (§17.8)`,
        ref,
        'spec.parentQueue',
      );
    else
      unmapped.add(
        'Queue under a queue whose parent is not in the snapshot',
        `deleted with its ancestor (${QUEUE_CLEANUP})`,
        ref,
        '',
      );
  }
  return { kept: listed.map((q) => q.queue).filter((q) => !dropped.has(String(q.name))), dropped, roots };
}
