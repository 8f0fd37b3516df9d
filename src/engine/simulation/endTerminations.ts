/**
 * Completes the deletions of terminating pods whose time has come (§23.4, decision 0305), before a session
 * opens, as `advanceRuntime` completes jobs: a Running pod with a `deletionGracePeriod` whose
 * `deletionTimestamp` (not past at t=0) is reached leaves its node and is re-created Pending by its owner,
 * like an evicted pod. KAI itself has no such rule: its cache just stops listing the deleted pod
 * (its snapshot is built from the listed pods, pkg/scheduler/cache/cluster_info/cluster_info.go:127 @d5bc503); the lab stands in for
 * the kubelet and the API server here.
 */
import { describeTerminationEnd } from '../model/terminating';
import type { Decision } from '../model/trace';
import type { ClusterState, TaskRecord } from './ClusterState';

export function endTerminations(
  state: ClusterState,
  timeMs: number,
  out: Decision[],
  changedTasks: Set<TaskRecord>,
): void {
  for (const job of state.liveJobs()) {
    for (const t of job.tasks) {
      if (t.terminationEnded || t.terminationEndsAtMs === null || timeMs < t.terminationEndsAtMs) continue;
      t.terminationEnded = true;
      if (t.status !== 'Running' || t.node === null) continue;
      out.push({
        action: 'termination',
        kind: 'evict',
        task: t.spec.name,
        job: job.spec.name,
        node: t.node,
        by: null,
        reason: describeTerminationEnd(
          t.spec.name,
          t.node,
          t.terminationEndsAtMs,
          t.spec.deletionGracePeriodMs ?? 0,
        ),
        attempt: null,
      });
      t.status = 'Pending';
      t.node = null;
      t.gpus = [];
      changedTasks.add(t);
    }
  }
}

/** Whether a Running pod's deletion is still to complete (the run is not settled before it). */
export function hasTerminationToEnd(t: TaskRecord): boolean {
  return !t.terminationEnded && t.terminationEndsAtMs !== null && t.status === 'Running';
}
