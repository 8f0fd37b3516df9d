/**
 * Per-queue sums the queue-bound checkers share (queue limits for KAI, capability for Volcano's capacity
 * plugin): which resources this session's placements asked for on each queue of their path, and what
 * Running+Pipelined tasks hold in each queue's subtree. Recomputed from the snapshot, never from the engine.
 */
import {
  EPSILON,
  QUEUE_RESOURCE_NAMES,
  RESOURCE_NAMES,
  zeroResources,
  type QueueResourceName,
  type Resources,
} from '../../model/resources';
import type { SessionSnapshot } from '../../model/snapshot';
import { queuePathIn, type ScenarioFacts } from './sessionFacts';

export interface QueueSums {
  /** Queue → the resources a task bound or pipelined this session requested (queues on its job's path). */
  placedIn: Map<string, Set<QueueResourceName>>;
  /** Queue → what Running+Pipelined tasks of its subtree count to it (`ScenarioFacts.quotaOn`). */
  used: Map<string, Resources>;
}

/** Null when nothing was placed this session (no queue bound can have been crossed by a placement). */
export function queueSums(snap: SessionSnapshot, facts: ScenarioFacts): QueueSums | null {
  const jobQueue = new Map(snap.jobs.map((j) => [j.name, j.queue]));
  const pathOf = new Map<string, string[]>();
  const path = (queue: string): string[] => {
    let p = pathOf.get(queue);
    if (p === undefined) pathOf.set(queue, (p = queuePathIn(snap, queue)));
    return p;
  };
  const placedIn = new Map<string, Set<QueueResourceName>>();
  for (const d of snap.decisions) {
    if (d.kind !== 'bind' && d.kind !== 'pipeline') continue;
    const queue = jobQueue.get(d.job);
    const req = facts.taskResources.get(d.task);
    if (queue === undefined || !req) continue;
    for (const q of path(queue)) {
      const set = placedIn.get(q) ?? new Set<QueueResourceName>();
      for (const k of QUEUE_RESOURCE_NAMES) if (req[k] > EPSILON) set.add(k);
      placedIn.set(q, set);
    }
  }
  if (placedIn.size === 0) return null;
  const used = new Map<string, Resources>();
  for (const t of snap.tasks) {
    if (t.status !== 'Running' && t.status !== 'Pipelined') continue;
    // A terminating pod is not allocated to its queue (KAI proportion counts active-allocated pods, §23.4).
    if (t.terminating !== undefined) continue;
    const queue = jobQueue.get(t.job);
    // What its queue counts for it (a GPU-memory portion rounded up to the hundredth, decision 0356).
    const req = facts.quotaOn(t.name, t.node);
    if (queue === undefined || !req) continue;
    for (const q of path(queue)) {
      const sum = used.get(q) ?? zeroResources();
      for (const k of RESOURCE_NAMES) sum[k] += req[k];
      used.set(q, sum);
    }
  }
  return { placedIn, used };
}
