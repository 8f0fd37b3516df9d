/**
 * Pods that an import leaves out of the scenario's jobs but that KAI's cache still puts on their nodes: KAI
 * adds every listed pod to its node whether or not its job is scheduled (pkg/scheduler/cache/cluster_info/
 * cluster_info.go:359-390 @d5bc503), so their requests stay taken there (decisions 0150, 0326, 0345).
 */
import type { Data } from './FieldTracker';

type Amounts = Record<string, number>;
const RESOURCE_KEYS = ['gpu', 'cpu', 'memory', 'pods'] as const;

/** A pod no queue of the scenario schedules still holds its requests (and one pod slot) on its node. */
export function holdOnNode(node: Data, request: Amounts): void {
  const resources = node.resources as Amounts;
  for (const key of RESOURCE_KEYS) {
    const want = key === 'pods' ? 1 : (request[key] ?? 0);
    if (resources[key] !== undefined && want > 0) {
      const left = resources[key] - want;
      resources[key] = key === 'gpu' ? Math.max(0, Math.floor(left)) : Math.max(0, left);
    }
  }
}

/** Holds the Running tasks of jobs left out on their nodes; returns how many were held. */
export function holdRunningTasks(jobs: Iterable<Data>, nodes: ReadonlyMap<string, Data>): number {
  let held = 0;
  for (const job of jobs) {
    if (!Array.isArray(job.tasks)) continue;
    for (const t of job.tasks as Data[]) {
      const node = t.status === 'Running' ? nodes.get(String(t.node)) : undefined;
      if (node === undefined) continue;
      // A task without its own request asks the job's (the snapshot's compact form).
      holdOnNode(node, (t.resources ?? job.resources ?? {}) as Amounts);
      held++;
    }
  }
  return held;
}
