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
import { AccumulatedIdleGpus, type FreedGpus } from './accumulatedIdleGpus';

export class ScenarioFilters {
  private readonly idleGpus: AccumulatedIdleGpus<NodeInfo>;
  /** Potential victims only grow within a probe: the filters are shown each one once. */
  private counted = 0;

  constructor(ssn: Session, pending: readonly TaskInfo[]) {
    // Idle or releasing GPUs of every node of the cluster (idle_gpus/common.go:12-16 with
    // pod_scenario_builder.go:76 session.ClusterInfo.Nodes), read before the probe evicts anything.
    this.idleGpus = new AccumulatedIdleGpus(
      ssn.nodes.map((n): [NodeInfo, number] => [n, n.future('gpu')]),
      pending.map((t) => t.req.gpu),
    );
  }

  /** Is the accumulated set (recorded victims, then the potential ones so far) worth simulating? */
  passes(recorded: readonly TaskInfo[], potential: readonly TaskInfo[]): boolean {
    const fresh = potential.slice(this.counted);
    this.counted = potential.length;
    return this.idleGpus.passes(freed(recorded, fresh));
  }
}

function* freed(...lists: (readonly TaskInfo[])[]): Iterable<FreedGpus<NodeInfo>> {
  for (const list of lists) for (const t of list) yield { id: t, node: t.node, gpu: t.req.gpu };
}
