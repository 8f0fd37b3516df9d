/**
 * The `kai.scheduler/node-pool` label of a KAI Queue or PodGroup (§24): the pool whose shard lists the
 * object (KAI pkg/scheduler/cache/cluster_info/data_lister/kubernetes_lister.go:121-135 @d5bc503). A
 * node's label stays a node label (§3), read with the others.
 */
import { NODE_POOL_LABEL_KEY } from '../../model/nodePool';
import type { FieldTracker } from './FieldTracker';

export function readNodePoolLabel(t: FieldTracker, into: Record<string, unknown>): void {
  const labels = t.peek('metadata.labels');
  if (typeof labels !== 'object' || labels === null || Array.isArray(labels)) return;
  const value = (labels as Record<string, unknown>)[NODE_POOL_LABEL_KEY];
  if (typeof value !== 'string' || value === '') return;
  into['nodePool'] = value;
  t.use(['metadata', 'labels', NODE_POOL_LABEL_KEY]);
}
