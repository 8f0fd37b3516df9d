/**
 * The accumulated-scenario filters one KAI scenario builder runs before it expands a victim set into
 * scenarios (pod_scenario_builder.go:61-79 and :251-265 isScenarioValid @d5bc503): a set they refuse is
 * skipped without simulating it, and the victim queue is asked for more.
 *
 * Modelled: the cluster-level idle-GPU filter (accumulatedIdleGpus.ts). See decision 0263 for the
 * topology-aware and node-affinity filters.
 */
import type { TaskInfo } from '../../framework/JobInfo';
import type { NodeInfo } from '../../framework/NodeInfo';
import type { Session } from '../../framework/Session';
import { EPSILON } from '../../../../model/resources';
import { AccumulatedIdleGpus, type FreedGpus } from './accumulatedIdleGpus';

export class ScenarioFilters {
  private idleGpus: AccumulatedIdleGpus<NodeInfo> | null = null;
  /** Potential victims only grow within a probe: the filters are shown each one once. */
  private counted = 0;

  constructor(
    private readonly ssn: Session,
    private readonly pending: readonly TaskInfo[],
  ) {}

  /** Is the accumulated set (recorded victims, then the potential ones so far) worth simulating? */
  passes(recorded: readonly TaskInfo[], potential: readonly TaskInfo[]): boolean {
    const fresh = potential.slice(this.counted);
    this.counted = potential.length;
    // Pending tasks that ask no GPU always pass the idle-GPU filter (common.go:41-43: a zero requirement
    // ends the match), whatever the victims free: the lab skips its bookkeeping then.
    if (!this.pending.some((t) => pendingGpus(t) > EPSILON)) return true;
    // Idle or releasing GPUs of every node of the cluster (idle_gpus/common.go:12-16 with
    // pod_scenario_builder.go:76 session.ClusterInfo.Nodes), read before the probe evicts anything
    // (the first call comes before the first scenario is simulated; each scenario is rolled back).
    this.idleGpus ??= new AccumulatedIdleGpus(
      this.ssn.nodes,
      futureGpus,
      this.pending.map(pendingGpus),
      // The session numbers its nodes in this list's order (Session constructor).
      (node) => node.position,
      // The same values, kept by the session's free-node index.
      this.ssn.futureGpusByPosition(),
    );
    return this.idleGpus.passes(freed(recorded, fresh));
  }
}

/**
 * A pending task's GPUs as the filter counts them (GpuRequirement.GetGpusQuota, KAI pkg/scheduler/api/
 * resource_info/gpu_resource_requirment.go:183-198 @d5bc503): whole GPUs and fractions; a GPU-memory request
 * has no portion until it is placed, so it counts 0. A victim's placed share (AcceptedGpuRequirement) counts
 * in full, memory requests included (idle_gpus_test.go:1274 "gpu memory pods counted for freed resources").
 * The multi-node gang generator counts pending tasks the same way (sub_scenario_emitter.go:265-270).
 */
export function pendingGpus(t: TaskInfo): number {
  return t.spec.gpuMemoryMiB !== undefined ? 0 : t.req.gpu;
}

function futureGpus(node: NodeInfo): number {
  return node.future('gpu');
}

/**
 * A victim's freed GPUs as the filter counts them: `AcceptedGpuRequirement.GetGpusQuota()` (idle_gpus.go:180
 * @d5bc503), set when the task was placed (`setAcceptedResources`, node_info.go:742-744): a GPU-memory
 * request's portion of its node's devices rounded up to the hundredth (gpu_sharing_node_info.go:355-358,
 * `heldQuota`, decision 0356), not the exact share the node holds.
 */
export function acceptedGpus(t: TaskInfo): number {
  return t.heldQuota.gpu;
}

function* freed(...lists: (readonly TaskInfo[])[]): Iterable<FreedGpus<NodeInfo>> {
  for (const list of lists) for (const t of list) yield { id: t, node: t.node, gpu: acceptedGpus(t) };
}
