/**
 * The per-node queue capacity check (KAI plugins/proportion/capacity_policy/capacity_policy.go:46-56
 * `IsTaskAllocationOnNodeOverCapacity` @d5bc503, registered at proportion.go:113 and asked for every candidate
 * node by predicates.go:322 before the node's resources): the queue limits and the non-preemptible quota, with
 * what the task would hold on that node (`node.GetRequiredInitQuota`, node_info.go:722-730: a GPU-memory
 * request is `count × ceil(m / D_node × 100) / 100`, gpu_sharing_node_info.go:355-358, `quotaOn`).
 *
 * With one device memory this check is implied by the job-level one (capacity_policy.go:29-44), which counts
 * the same amounts for all the tasks of the attempt at once, unless a memory request's portion is rounded up
 * here (`quotaOn`, decision 0356) while the job-level check counts it exact (`GpuMemoryAsGpuFraction`,
 * resource_info/gpu_resource_requirment.go:231-236). So the lab asks it only in sessions with mixed device
 * memories (decision 0328), where a task's amount on a small-memory node exceeds what the job-level check
 * counted at the largest memory, or with a pending memory request that rounding raises
 * (`nodeCapacityMatters`). Registered as `nodeCapacity`, which the `predicates` plugin asks before
 * its own checks, as upstream's does (decision 0346); it is not node-local, so such sessions walk candidate
 * nodes instead of the remembered verdicts (PlacementScan).
 */
import type { QueueInfo } from '../../framework/QueueInfo';
import { gpuOnNode, gpuQuotaOnNode } from '../../../../model/gpuDevices';
import type { Session } from '../../framework/Session';
import { checkCapacity } from './proportion';
import { gpuMemoryNodeNote } from './gpuMemoryNote';
import type { QueueShare } from './queueShares';

export function registerNodeCapacity(ssn: Session, shares: Map<QueueInfo, QueueShare>): void {
  ssn.register('nodeCapacity', (task, node) => {
    const r = task.quotaOn(node);
    const req = { gpu: r.gpu, cpu: r.cpu, memory: r.memory };
    const refusal = checkCapacity(shares, task.job, req, true, gpuMemoryNodeNote(task, node));
    return refusal === null ? null : `node does not have enough capacity: ${refusal.message}`;
  });
}

/**
 * True when the per-node check can refuse what the job-level check let through: mixed device memories, or a
 * task still to place whose memory request the per-node check counts rounded up on some device memory of the
 * session (350 MiB of 600 MiB: 0.59 per node, 0.583 job-level). Otherwise the check is implied (see above)
 * and the session keeps the remembered placement verdicts.
 */
export function nodeCapacityMatters(ssn: Session): boolean {
  const range = ssn.gpuMemory;
  if (range === null) return false;
  if (range.mixed) return true;
  const device = { gpuMemoryMiB: range.minMiB };
  for (const job of ssn.jobs)
    for (const t of job.tasks)
      if (t.status === 'Pending' && t.spec.gpuMemoryMiB !== undefined)
        if (gpuQuotaOnNode(t.spec, device) !== gpuOnNode(t.spec, device)) return true;
  return false;
}
