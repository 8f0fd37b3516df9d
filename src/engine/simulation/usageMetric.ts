/**
 * What the sandbox's Prometheus records for KAI's time-based fair share (decision 0217): each queue's
 * allocation as KAI's queue controller exports it, and the cluster's capacity.
 *
 * - A pod counts as allocated while it is Running, also while it terminates: the pod-group controller counts
 *   a pod that is Running (or Pending and bound) and skips only Succeeded/Failed ones (KAI
 *   pkg/podgroupcontroller/controllers/metadata/pod.go:29-36, 73-78 @d5bc503); a deleted pod keeps phase
 *   Running until it is gone. So Releasing tasks count here, unlike in proportion's own allocation.
 *   Pipelined tasks are not bound to a node and do not count.
 * - A queue's allocation includes its children's (the queue controller sums child queues' status,
 *   resource_updater.go:53 @d5bc503).
 * - History before t=0: a job that is running at t=0 has been running since its `startedAt` (or
 *   `submitAt`), with the same pods on the same nodes; the cluster's nodes are as at t=0. The series
 *   begin at the earliest such time: before it the scenario states nothing, and Prometheus has no points.
 */
import { QUEUE_RESOURCE_NAMES, type QueueResources } from '../model/resources';
import { resourcesOnNode } from '../model/gpuDevices';
import type { QueueSpec, Scenario } from '../model/scenario';
import type { ClusterState } from './ClusterState';
import type { UsageSample } from './UsageLedger';

interface HeldTask {
  queue: string;
  status: string;
  resources: QueueResources;
}

/** Allocation per queue (rolled up to ancestors; queues holding nothing left out). */
function allocationOf(
  tasks: Iterable<HeldTask>,
  queues: ReadonlyMap<string, QueueSpec>,
): Map<string, QueueResources> {
  const out = new Map<string, QueueResources>();
  for (const t of tasks) {
    if (t.status !== 'Running' && t.status !== 'Releasing') continue;
    // Walk up the tree; a cycle cannot occur (normalisation refuses one), the guard bounds a broken spec.
    let name: string | null = t.queue;
    for (let depth = 0; name !== null && depth <= queues.size; depth++) {
      let a = out.get(name);
      if (!a) out.set(name, (a = { gpu: 0, cpu: 0, memory: 0 }));
      a.gpu += t.resources.gpu;
      a.cpu += t.resources.cpu;
      a.memory += t.resources.memory;
      name = queues.get(name)?.parent ?? null;
    }
  }
  for (const [name, a] of out) if (QUEUE_RESOURCE_NAMES.every((r) => a[r] === 0)) out.delete(name);
  return out;
}

/**
 * The cluster's capacity (+Inf for a resource some node omits, §3) and the GPUs the nodes state: a node
 * omitting `gpu` is exported without `nvidia.com/gpu` (exportKubernetesYaml.ts), so kube-state-metrics
 * would give it no GPU capacity series at all.
 */
function capacityOf(
  nodes: Iterable<{ resources: QueueResources }>,
): Pick<UsageSample, 'capacity' | 'statedGpu'> {
  const capacity: QueueResources = { gpu: 0, cpu: 0, memory: 0 };
  let statedGpu = 0;
  for (const n of nodes) {
    for (const r of QUEUE_RESOURCE_NAMES) capacity[r] += n.resources[r];
    if (Number.isFinite(n.resources.gpu)) statedGpu += n.resources.gpu;
  }
  return { capacity, statedGpu };
}

/** The metric's value after a session at `timeMs`. */
export function usageMetricSample(state: ClusterState, timeMs: number): UsageSample {
  const held = state.tasks.map((t) => ({
    queue: t.job.spec.queue,
    status: t.status,
    // What a placed GPU-memory task holds on its node (decision 0328).
    resources: t.node === null ? t.spec.resources : resourcesOnNode(t.spec, state.nodes.get(t.node)),
  }));
  return { timeMs, allocated: allocationOf(held, state.queues), ...capacityOf(state.nodes.values()) };
}

/**
 * The samples before t=0 that the scenario states: one at each distinct start time before 0 of the jobs
 * running at t=0, holding what the jobs started by then hold. Empty when nothing started before 0.
 */
export function historyBeforeStart(scenario: Scenario): UsageSample[] {
  const queues = new Map(scenario.queues.map((q) => [q.name, q]));
  const running = scenario.jobs
    .map((j) => ({ job: j, since: j.startedAtMs ?? j.submitAtMs }))
    .filter(({ job, since }) => since < 0 && job.tasks.some((t) => t.status === 'Running'));
  const times = [...new Set(running.map((r) => r.since))].sort((a, b) => a - b);
  const capacity = capacityOf(scenario.nodes);
  return times.map((timeMs) => ({
    ...capacity,
    timeMs,
    allocated: allocationOf(
      running
        .filter((r) => r.since <= timeMs)
        .flatMap(({ job }) =>
          job.tasks.map((t) => ({ queue: job.queue, status: t.status, resources: t.resources })),
        ),
      queues,
    ),
  }));
}
