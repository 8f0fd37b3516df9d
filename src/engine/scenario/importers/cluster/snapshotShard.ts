/**
 * The scheduling shard a KAI snapshot was taken from (§17.1, §24). A snapshot is one scheduler's view: the
 * shard's scheduler runs with `--nodepool-label-key`/`--partition-label-value` (KAI
 * cmd/scheduler/app/options/options.go:101-103 @d5bc503), stored in the snapshot as
 * `schedulerParams.partitionParams` `{NodePoolLabelKey, NodePoolLabelValue}` (no json tags:
 * pkg/scheduler/conf/scheduler_conf.go:94-97 @d5bc503), and its lister lists only the nodes, queues and pod
 * groups that the shard's label selector matches, and every pod (pkg/scheduler/cache/cluster_info/
 * data_lister/kubernetes_lister.go:115-135 @d5bc503). The snapshot tool replays a snapshot through the same
 * lister (cmd/snapshot-tool/main.go:85 @d5bc503), so objects the selector does not match are left out here too.
 */
import { isData, type Data } from '../FieldTracker';

export interface SnapshotShard {
  /** The node-pool label key; '' = no partition (the scheduler lists everything). */
  key: string;
  /** The shard's label value; '' = the shard of objects without the label. */
  value: string;
}

/** The shard of `schedulerParams.partitionParams`; no partition when absent or not strings. */
export function readSnapshotShard(params: Data | null): SnapshotShard {
  const p = params?.partitionParams;
  if (!isData(p)) return { key: '', value: '' };
  const key = typeof p.NodePoolLabelKey === 'string' ? p.NodePoolLabelKey : '';
  const value = typeof p.NodePoolLabelValue === 'string' ? p.NodePoolLabelValue : '';
  return { key, value: key === '' ? '' : value };
}

/**
 * Whether the shard lists an object with these labels: upstream's `GetLabelSelector`
 * (scheduler_conf.go:99-116 @d5bc503): everything without a key, else the key equal to the value, or the
 * key absent when the value is empty.
 */
export function shardLists(shard: SnapshotShard, labels: unknown): boolean {
  if (shard.key === '') return true;
  const value = isData(labels) ? labels[shard.key] : undefined;
  if (shard.value === '') return value === undefined;
  return value === shard.value;
}

/** How the shard's part of the snapshot is described in notes; `show` renders the label value (redaction). */
export function describeShard(shard: SnapshotShard, show: (value: string) => string): string {
  return shard.value === ''
    ? `the shard of objects without the label ${shard.key}`
    : `the shard with ${shard.key}=${show(shard.value)}`;
}
