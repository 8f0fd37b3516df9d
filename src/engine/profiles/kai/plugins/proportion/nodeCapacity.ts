/**
 * The per-node queue capacity check (KAI plugins/proportion/capacity_policy/capacity_policy.go:46-56
 * `IsTaskAllocationOnNodeOverCapacity` @d5bc503, registered at proportion.go:113 and asked for every candidate
 * node by predicates.go:322 before the node's resources): the queue limits and the non-preemptible quota, with
 * what the task would hold on that node (`node.GetRequiredInitQuota`, node_info.go:722-730: a GPU-memory
 * request is `count × m / D_node`).
 *
 * With one device memory this check is implied by the job-level one (capacity_policy.go:29-44), which counts
 * the same amounts for all the tasks of the attempt at once, so the lab asks it only in sessions with mixed
 * device memories (decision 0328): there a task's amount on a small-memory node exceeds what the job-level
 * check counted at the largest memory. Registered as `nodeCapacity`, which the `predicates` plugin asks before
 * its own checks, as upstream's does (decision 0346); it is not node-local, so such sessions walk candidate
 * nodes instead of the remembered verdicts (PlacementScan).
 */
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { checkCapacity } from './proportion';
import { gpuMemoryNodeNote } from './gpuMemoryNote';
import type { QueueShare } from './queueShares';

export function registerNodeCapacity(ssn: Session, shares: Map<QueueInfo, QueueShare>): void {
  ssn.register('nodeCapacity', (task, node) => {
    const r = task.reqOn(node);
    const req = { gpu: r.gpu, cpu: r.cpu, memory: r.memory };
    const refusal = checkCapacity(shares, task.job, req, true, gpuMemoryNodeNote(task, node));
    return refusal === null ? null : `node does not have enough capacity: ${refusal.message}`;
  });
}
