/**
 * Min-runtime protection when the cluster has node pools (§24): each pool resolves with its own minruntime
 * arguments (its `minRuntime` defaults are the base of the hierarchy) over its own queues, and only the
 * waiting jobs of that pool can reclaim from it, since every shard schedules alone (KAI
 * docs/operator/scheduling-shards.md @d5bc503). A queue lies in exactly one pool, so each question is
 * answered by the pool of the queue asked about.
 */
import type { ResolveResult } from '../../../model/protection';
import { poolsOf } from '../../../model/nodePool';
import type { NodePoolSpec } from '../../../model/nodePool';
import type { QueueSpec, SchedulerConfig } from '../../../model/scenario';
import { ReclaimerIndex } from '../plugins/minruntime/reclaimerGroups';
import { createProtectionModel, type ProtectionModel } from '../queries/protectionModel';
import { poolConfig } from './poolConfig';

export function createPooledProtectionModel(
  config: SchedulerConfig,
  queues: readonly QueueSpec[],
  declared: readonly NodePoolSpec[] | undefined,
): ProtectionModel {
  const pools = poolsOf(declared);
  if (pools.length === 0) return createProtectionModel(config, queues);
  const models = pools.map((p) => ({
    value: p.labelValue,
    model: createProtectionModel(
      poolConfig(config, p),
      queues.filter((q) => (q.nodePool ?? '') === p.labelValue),
    ),
  }));
  const poolOfQueue = new Map(queues.map((q) => [q.name, q.nodePool ?? '']));
  const fallback = models[0] as (typeof models)[number];
  const modelOf = (queue: string) =>
    models.find((m) => m.value === poolOfQueue.get(queue))?.model ?? fallback.model;
  // The index handed out stands for one per pool (each built from that pool's waiting queues only).
  const perPool = new WeakMap<ReclaimerIndex, Map<ProtectionModel, ReclaimerIndex>>();
  const indexFor = (model: ProtectionModel, reclaimers: ReclaimerIndex) =>
    perPool.get(reclaimers)?.get(model) ?? reclaimers;
  return {
    enabled: models.some((m) => m.model.enabled),
    args: fallback.model.args,
    resolve(query): ResolveResult {
      return modelOf(query.victimQueue).resolve(query);
    },
    protectedUntil(queue, startedAtMs, reclaimers) {
      const model = modelOf(queue);
      return model.protectedUntil(queue, startedAtMs, indexFor(model, reclaimers));
    },
    reclaimerIndex(waitingQueues) {
      const handle = new ReclaimerIndex(new Map(), new Set());
      const map = new Map<ProtectionModel, ReclaimerIndex>();
      for (const m of models) {
        const waiting = new Set([...waitingQueues].filter((q) => poolOfQueue.get(q) === m.value));
        map.set(m.model, m.model.reclaimerIndex(waiting));
      }
      perPool.set(handle, map);
      return handle;
    },
    jobProtection(queue, startedAtMs, nowMs, reclaimers) {
      const model = modelOf(queue);
      return model.jobProtection(queue, startedAtMs, nowMs, indexFor(model, reclaimers));
    },
  };
}
