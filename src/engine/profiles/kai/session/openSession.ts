/**
 * Builds a Session from the cluster state: the snapshot KAI takes at session open. Tasks that were
 * Pipelined or Releasing at the end of the previous session are Pending again (nothing about pipelining
 * survives a session; evicted pods are re-created pending).
 */
import { gpuDeviceCount, gpuOnNode } from '../../../model/gpuDevices';
import { JobInfo, TaskInfo, type SessionTaskStatus } from '../framework/JobInfo';
import { NodeInfo } from '../framework/NodeInfo';
import { gpuMemoryRange } from '../framework/gpuMemoryRange';
import { buildQueueTree } from '../framework/QueueInfo';
import { Session, cmpName } from '../framework/Session';
import type { Profile, SchedulerConfig } from '../../../model/scenario';
import {
  DEFAULT_STUCK_IN_RELEASING_THRESHOLD_MS,
  describeTerminating,
  terminatingStatus,
} from '../../../model/terminating';
import type { TerminatingNote } from '../../../model/trace';
import { poolLabelValue } from '../../../model/nodePool';
import type { ClusterState, JobRecord, TaskRecord } from '../../../simulation/ClusterState';

export interface OpenedSession {
  ssn: Session;
  /** Session task → its record, to commit results back. */
  records: Map<TaskInfo, TaskRecord>;
  jobRecords: Map<JobInfo, JobRecord>;
}

/**
 * One node pool's view (§24): its configuration and its partition label value. A shard lists only the
 * nodes, queues and pod groups that carry its value, or lack the label when the value is empty (KAI
 * pkg/scheduler/conf/scheduler_conf.go:99-116 and data_lister/kubernetes_lister.go:121-135 @d5bc503).
 */
export interface PoolScope {
  name: string;
  labelValue: string;
  config: SchedulerConfig;
}

export function openSession(
  state: ClusterState,
  index: number,
  timeMs: number,
  profile: Profile,
  pool: PoolScope | null = null,
): OpenedSession {
  const nodes = [...state.nodes.values()]
    .filter((n) => pool === null || poolLabelValue(n.labels) === pool.labelValue)
    .sort((a, b) => cmpName(a.name, b.name))
    .map((spec) => new NodeInfo(spec));
  const nodeMap = new Map(nodes.map((n) => [n.name, n]));
  const gpuMemory = gpuMemoryRange(nodes);
  const queues = buildQueueTree(
    [...state.queues.values()].filter((q) => pool === null || (q.nodePool ?? '') === pool.labelValue),
  );
  const config = pool?.config ?? state.config;
  const threshold = config.stuckInReleasingThresholdMs ?? DEFAULT_STUCK_IN_RELEASING_THRESHOLD_MS;
  const notes: TerminatingNote[] = [];
  const jobs: JobInfo[] = [];
  const records = new Map<TaskInfo, TaskRecord>();
  const jobRecords = new Map<JobInfo, JobRecord>();

  for (const rec of state.liveJobs()) {
    if (pool !== null && (rec.spec.nodePool ?? '') !== pool.labelValue) continue;
    const queue = queues.get(rec.spec.queue);
    if (!queue) continue; // KAI: a pod group whose queue does not exist is never scheduled
    // A job whose every pod has succeeded takes no part in a session: KAI's actions order only jobs with
    // pending pods and victims with running ones, and proportion skips Succeeded pods (proportion.go
    // `updateQueuesCurrentResourceUsage` counts only active allocated and pending pods). Leaving it out
    // changes no decision (the golden traces are equal) and keeps a long run's session the size of its live
    // work instead of everything it ever finished.
    if (rec.tasks.length > 0 && rec.tasks.every((t) => t.status === 'Succeeded')) continue;
    const job = new JobInfo(rec.spec, queue, rec.startedAtMs);
    job.staleSinceMs = rec.staleSinceMs;
    job.lastEvictedAtMs = rec.lastEvictedAtMs;
    for (const t of rec.tasks) {
      let status: SessionTaskStatus =
        t.status === 'Running' ? 'Running' : t.status === 'Succeeded' ? 'Succeeded' : 'Pending';
      let node = status === 'Running' && t.node !== null ? (nodeMap.get(t.node) ?? null) : null;
      if (status === 'Running' && node === null) status = 'Pending';
      let gpus = status === 'Running' ? t.gpus : [];
      if (node && status === 'Running' && gpus.length === 0 && t.spec.resources.gpu > 0) {
        // Tasks running at t=0 get their GPU devices when the first session sees them, with what the request
        // is on this node (a GPU-memory request: m / D of this node's devices, decision 0328).
        const n = gpuDeviceCount(t.spec);
        const gpu = gpuOnNode(t.spec, node.spec);
        gpus = node.pickGpus(gpu, 'idle', n) ?? node.pickGpus(gpu, 'future', n) ?? [];
      }
      if (status !== 'Running') node = null;
      // A terminating pod (§23.4) is Releasing or, past the threshold, StuckInReleasing: see terminating.ts.
      // A pod whose deletion completed (decision 0305) was re-created: the new pod is not terminating.
      const since = status === 'Running' && !t.terminationEnded ? t.spec.deletionTimestampMs : undefined;
      const stuck = since !== undefined && terminatingStatus(since, timeMs, threshold) === 'StuckInReleasing';
      if (since !== undefined) status = 'Releasing';
      const task = new TaskInfo(t.spec, job, status, node, gpus, gpuMemory);
      task.stuck = stuck;
      if (since !== undefined && node !== null)
        notes.push(terminatingNote(task, node.name, since, timeMs, threshold));
      task.position = records.size;
      if (t.status === 'Pipelined' && t.node !== null) task.promisedNode = nodeMap.get(t.node) ?? null;
      job.tasks.push(task);
      job.counts[status]++;
      if (node && (status === 'Running' || stuck)) node.account('used', task.reqOn(node), gpus, 1);
      else if (node && status === 'Releasing') node.account('releasing', task.reqOn(node), gpus, 1);
      records.set(task, t);
    }
    jobs.push(job);
    jobRecords.set(job, rec);
  }

  const ssn = new Session({
    index,
    timeMs,
    profile,
    config,
    priorityClasses: state.scenario.priorityClasses,
    nodes,
    queues,
    jobs,
    topologies: state.scenario.topologies ?? [],
    gpuMemory,
  });
  if (notes.length > 0) ssn.trace.terminating = notes;
  return { ssn, records, jobRecords };
}

/** The trace's record of a terminating pod's status in this session (§23.4). */
function terminatingNote(
  task: TaskInfo,
  node: string,
  sinceMs: number,
  nowMs: number,
  thresholdMs: number,
): TerminatingNote {
  return {
    task: task.name,
    job: task.job.name,
    node,
    status: task.stuck ? 'StuckInReleasing' : 'Releasing',
    sinceMs,
    message: describeTerminating(task.name, node, sinceMs, nowMs, thresholdMs),
  };
}
