/**
 * What the merge of several shards says about queues a snapshot left out because their parent was not in it
 * (scenario/importers/cluster/orphanQueues.ts, decision 0326). With shards the parent is often in another
 * shard's snapshot; the merge names that file, but does not join the two: upstream no scheduler ever sees
 * both. The child's shard lists only queues with its label (KAI pkg/scheduler/cache/cluster_info/
 * data_lister/kubernetes_lister.go:133-135 @d5bc503) and deletes the child as an orphan
 * (pkg/scheduler/cache/cluster_info/queue.go:105-128 @d5bc503); the parent's shard does not list the child.
 * A pool whose queue's parent is in another pool is also what §24 refuses (checkNodePools.ts).
 */
import { isData, type Data } from '../../../scenario/importers/FieldTracker';
import type { OrphanQueue } from '../../../scenario/importers/cluster/orphanQueues';

export interface OrphanSource {
  file: string;
  /** The shard's label value ('' = the default shard). */
  value: string;
  data: Data;
  orphans: readonly OrphanQueue[];
}

const describePool = (value: string) => (value === '' ? 'the default shard' : `shard ${value}`);

/** One note per left-out queue: where its parent is among the files (or that it is in none). */
export function orphanQueueNotes(sources: readonly OrphanSource[]): string[] {
  const owner = new Map<string, OrphanSource>();
  for (const s of sources) {
    const list = s.data.queues;
    if (!Array.isArray(list)) continue;
    for (const q of list as unknown[])
      if (isData(q) && !owner.has(String(q.name))) owner.set(String(q.name), s);
  }
  const notes: string[] = [];
  for (const s of sources)
    for (const o of s.orphans) {
      const where = `queue "${o.name}" of ${s.file} (Queue/${o.name}: spec.parentQueue)${o.subtree > 1 ? ` and the ${o.subtree - 1} queue(s) under it` : ''}`;
      const parent = owner.get(o.parent);
      notes.push(
        parent === undefined
          ? `${where}: its parent "${o.parent}" is in none of the snapshots; left out, as KAI's cache deletes an orphan queue and its children (queue.go:105-128 @d5bc503).`
          : `${where}: its parent "${o.parent}" is in ${parent.file} (${describePool(parent.value)}), but ${describePool(s.value)} lists only its own queues and deletes the child as an orphan (queue.go:105-128 @d5bc503), and ${describePool(parent.value)} does not list the child: no shard schedules its jobs, so it stays left out. A queue tree lies in one shard (KAI docs/operator/scheduling-shards.md:104-135 @d5bc503).`,
      );
    }
  return notes;
}
