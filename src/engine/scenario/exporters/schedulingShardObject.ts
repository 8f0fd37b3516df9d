/**
 * A node pool (§24) as KAI's `SchedulingShard` (kai.scheduler/v1, KAI pkg/apis/kai/v1/schedulingshard_types.go
 * :85-159 @d5bc503), the object `importers/mapSchedulingShard.ts` reads back (decision 0321). The pool's fields
 * are the spec's under the same names; only the tumbling start is written as the timestamp KAI reads.
 */
import type { NodePoolSpec } from '../../model/nodePool';
import { SCHEDULING_SHARD_API_VERSION, SCHEDULING_SHARD_KIND } from '../importers/mapSchedulingShard';
import { nodePoolsData } from '../nodePoolsData';
import { usageDBConfigData } from '../usageParamsData';

type Data = Record<string, unknown>;

export function schedulingShard(pool: NodePoolSpec): Data {
  const { name, ...fields } = nodePoolsData([pool])[0] as Data;
  // Written even when empty, as KAI's Helm chart writes its default shard (templates/default-shard.yaml:13).
  const spec: Data = { partitionLabelValue: pool.labelValue, ...fields };
  // Real KAI reads the tumbling start only as a timestamp (decision 0248), as in the scheduler ConfigMap.
  if (pool.usage !== undefined) spec.usageDBConfig = usageDBConfigData(pool.usage, 'timestamp');
  return { apiVersion: SCHEDULING_SHARD_API_VERSION, kind: SCHEDULING_SHARD_KIND, metadata: { name }, spec };
}
