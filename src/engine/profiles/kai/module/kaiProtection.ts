/** Min-runtime protection outside a session (snapshots, the `min-runtime` query, protection marks). */
import type { NodePoolSpec } from '../../../model/nodePool';
import type { QueueSpec, SchedulerConfig } from '../../../model/scenario';
import { createPooledProtectionModel } from '../nodePools/pooledProtectionModel';
import { createProtectionModel, type ProtectionModel } from '../queries/protectionModel';

export function kaiProtectionModel(
  config: SchedulerConfig,
  queues: readonly QueueSpec[],
  pools?: readonly NodePoolSpec[],
): ProtectionModel {
  // Node pools (§24): each pool resolves with its own minruntime defaults over its own queues.
  return pools === undefined
    ? createProtectionModel(config, queues)
    : createPooledProtectionModel(config, queues, pools);
}
