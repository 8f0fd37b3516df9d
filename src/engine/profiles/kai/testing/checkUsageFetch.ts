/**
 * KAI time-based fair share (decision 0217): a session runs with the usage of KAI's last fetch, made on start
 * and every fetchInterval (KAI pkg/scheduler/cache/usagedb/usagedb.go:84-105 @d5bc503), never a newer one
 * and never one older than an interval; and every usage is a fraction of the cluster, in [0, 1]. With node
 * pools the schedule is the queue's pool's: each shard's scheduler has its own usage lister (decision 0247).
 */
import type { Scenario } from '../../../model/scenario';
import type { SessionSnapshot } from '../../../model/snapshot';
import { QUEUE_RESOURCE_NAMES } from '../../../model/resources';
import type { Violation } from '../../../testing/property/invariants';
import { poolsOf } from '../../../model/nodePool';
import { poolConfig } from '../nodePools/poolConfig';
import { configAt } from '../../../testing/property/sessionFacts';
import { queueSpecsIn } from './queueSpecsIn';

const SLACK = 1e-9;

export function checkUsageFetch(scenario: Scenario, snap: SessionSnapshot, out: Violation[]): void {
  const config = configAt(scenario, snap.timeMs);
  const pools = poolsOf(scenario.nodePools);
  const poolOf = new Map(queueSpecsIn(scenario, snap).map((q) => [q.name, q.nodePool ?? '']));
  for (const q of snap.queues) {
    const t = q.timeAware;
    if (t === undefined) continue;
    // With node pools, each pool's scheduler fetches on its own schedule, with its own configuration.
    const pool = pools.find((p) => p.labelValue === (poolOf.get(q.name) ?? ''));
    const usage = (pool === undefined ? config : poolConfig(config, pool)).usage;
    const every = usage?.fetchIntervalMs;
    if (every === undefined || t.asOfMs === undefined) {
      out.push({
        invariant: 'usage-fetch-schedule',
        session: snap.index,
        message: `${q.name} has usage figures without a usage configuration or a fetch time`,
      });
      continue;
    }
    if (t.asOfMs > snap.timeMs || snap.timeMs - t.asOfMs >= every || t.asOfMs % every !== 0) {
      out.push({
        invariant: 'usage-fetch-schedule',
        session: snap.index,
        message: `${q.name} at t=${snap.timeMs}ms uses usage fetched at t=${t.asOfMs}ms; fetches run every ${every}ms from 0`,
      });
    }
    for (const r of QUEUE_RESOURCE_NAMES) {
      const u = t.usage[r];
      if (!(u >= -SLACK && u <= 1 + SLACK))
        out.push({
          invariant: 'usage-fetch-schedule',
          session: snap.index,
          message: `${q.name}'s ${r} usage is ${u}, not a fraction of the cluster`,
        });
    }
  }
}
