/**
 * The node pool (§24) of a snapshot taken from one scheduling shard (snapshotShard.ts). A shard with KAI's
 * node-pool label and a value becomes one `nodePools` entry with that value; every queue and job of the
 * snapshot is in it (the shard listed only its own, kubernetes_lister.go:121-135 @d5bc503), and its nodes
 * keep the label. The pool's configuration is the snapshot's `config`, which is what the operator rendered
 * for that shard (KAI pkg/operator/operands/scheduler/resources_for_shard.go @d5bc503): the scenario's
 * `scheduler` already holds it, min-runtime defaults and usage parameters included, so the pool overrides
 * nothing. The shard's name is not in the snapshot: the pool is named after its label value.
 *
 * Any other snapshot has no pools: the label (when a queue or pod group carries it) is an ordinary label,
 * as for a scheduler started without a partition, and `nodePool` is taken off again.
 */
import { NODE_POOL_LABEL_KEY } from '../../../model/nodePool';
import type { Data } from '../FieldTracker';
import type { SnapshotShard } from './snapshotShard';

export interface SnapshotPoolResult {
  /** The scenario's `nodePools`, or null. */
  nodePools: Data[] | null;
  /** Queues and jobs whose `kai.scheduler/node-pool` label is left as a plain label (no pools). */
  cleared: number;
}

export function applySnapshotNodePool(
  shard: SnapshotShard,
  nodes: Iterable<Data>,
  queues: Data[],
  jobs: Data[],
): SnapshotPoolResult {
  if (shard.key !== NODE_POOL_LABEL_KEY || shard.value === '') {
    let cleared = 0;
    for (const o of [...queues, ...jobs])
      if (o.nodePool !== undefined) {
        delete o.nodePool;
        cleared++;
      }
    return { nodePools: null, cleared };
  }
  const value = shard.value;
  for (const o of [...queues, ...jobs]) o.nodePool = value;
  // The shard listed only nodes with the label; it stays on them, since it is what puts them in the pool.
  for (const node of nodes)
    node.labels = { ...((node.labels as Data | undefined) ?? {}), [NODE_POOL_LABEL_KEY]: value };
  return { nodePools: [{ name: value, partitionLabelValue: value }], cleared: 0 };
}
