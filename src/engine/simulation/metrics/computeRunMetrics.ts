/**
 * Metrics over time from a finished (or partly run) simulation: one pass over the recorded session
 * entries, applying each session's task and job changes to a running tally, so the cost grows with the
 * changes, not with sessions × tasks (a snapshot per session would rebuild every task every session).
 * Definitions: docs/scenario-format.md §16.
 */
import type { NodeSpec, QueueSpec } from '../../model/scenario';
import type { TaskStatus } from '../../model/trace';
import { runsNow, type ClusterState, type JobRecord, type TaskRecord } from '../ClusterState';
import { gpuOnNode } from '../../model/gpuDevices';
import type { History, QueueFiguresDelta } from '../History';
import { nearestRank } from './percentile';
import type {
  ClusterSessionMetrics,
  FairShareEpisode,
  QueueSessionMetrics,
  RunMetrics,
  RunSummary,
  SessionMetrics,
} from './RunMetrics';

/** What the metrics read: the recorded sessions and the records they refer to (a `Simulator`). */
export interface MetricsSource {
  readonly history: History;
  readonly state: ClusterState;
}

/** Allocation counts as having reached the fair share within this (fair shares are sums of fractions). */
const EPSILON = 1e-6;

interface JobTally {
  rec: JobRecord;
  /** Pending or Pipelined tasks. */
  waitingTasks: number;
  isRunning: boolean;
  deleted: boolean;
  hasRun: boolean;
  /** When its last run stopped (eviction or lost node), for the wait of a job that waits again. */
  stoppedAtMs: number | null;
  /** Start of the current wait, while waiting. */
  waitingSinceMs: number | null;
  /** When the job first ran (its minAvailable tasks Running); null until then (the job-wait p95). */
  firstStartMs: number | null;
  /** When it was deleted, for the wait of a job deleted before it ever ran. */
  deletedAtMs: number | null;
}

interface TaskTally {
  status: TaskStatus;
  node: string | null;
  /** When it last became Running (null while not running). */
  startedAtMs: number | null;
}

/** Computes every metric of §16 for sessions 1..sessionCount of `sim`. */
export function computeRunMetrics(sim: MetricsSource): RunMetrics {
  const { history, state } = sim;
  const tasks: (TaskTally | undefined)[] = [];
  const jobs: (JobTally | undefined)[] = [];
  const taskByName = new Map<string, TaskRecord>();
  const occupied = new Map<string, number>(); // node → GPUs held by Running or Releasing tasks
  let runningGpu = 0;
  let knownJobs = 0;
  let knownTasks = 0;
  const waiting = new Set<JobTally>();
  const figures = new Map<string, QueueFiguresDelta>();
  let queueSpecs: QueueSpec[] = [...state.scenario.queues];
  let nodeSpecs: NodeSpec[] = [...state.scenario.nodes];
  // By name, for what a GPU-memory task holds on its node (m / D of that node's devices, decision 0328).
  let nodeByName = new Map(nodeSpecs.map((n) => [n.name, n]));
  const gpuOf = (rec: TaskRecord, node: string | null): number =>
    node === null ? rec.spec.resources.gpu : gpuOnNode(rec.spec, nodeByName.get(node));
  let tree = queueTree(queueSpecs);
  const open = new Map<string, FairShareEpisode>();
  const episodes: FairShareEpisode[] = [];
  const sessions: SessionMetrics[] = [];
  const jainBySession: number[] = [];

  const hold = (t: TaskTally, rec: TaskRecord, sign: 1 | -1) => {
    if (t.node === null) return;
    const gpu = gpuOf(rec, t.node);
    if (t.status === 'Running' || t.status === 'Releasing')
      occupied.set(t.node, (occupied.get(t.node) ?? 0) + sign * gpu);
    if (t.status === 'Running') runningGpu += sign * gpu;
  };

  for (const entry of history.entries) {
    const touched = new Set<JobTally>();
    // Jobs and tasks submitted up to this session, in their state from the scenario.
    for (; knownJobs < entry.jobCount; knownJobs++) {
      const rec = state.jobList[knownJobs];
      if (rec === undefined) continue;
      let running = 0;
      let waitingTasks = 0;
      for (const t of rec.tasks) {
        if (t.spec.status === 'Running') running++;
        else if (isWaiting(t.spec.status)) waitingTasks++;
      }
      // As the simulator decides it (a Succeeded task counts toward the gang, decision 0330), from t=0's statuses.
      const isRunning = runsNow({ spec: rec.spec, tasks: rec.tasks.map((t) => ({ status: t.spec.status })) });
      const tally: JobTally = {
        rec,
        waitingTasks,
        isRunning,
        deleted: false,
        hasRun: running > 0,
        stoppedAtMs: null,
        waitingSinceMs: null,
        // A job already running when the scenario starts started at its `startedAt` (default: submitAt).
        firstStartMs: isRunning ? (rec.spec.startedAtMs ?? rec.spec.submitAtMs) : null,
        deletedAtMs: null,
      };
      jobs[knownJobs] = tally;
      touched.add(tally);
    }
    for (; knownTasks < entry.taskCount; knownTasks++) {
      const rec = state.tasks[knownTasks];
      if (rec === undefined) continue;
      taskByName.set(rec.spec.name, rec);
      const running = rec.spec.status === 'Running';
      const job = rec.job.spec;
      const t: TaskTally = {
        status: rec.spec.status,
        node: rec.spec.node,
        startedAtMs: running ? (job.startedAtMs ?? job.submitAtMs) : null,
      };
      tasks[knownTasks] = t;
      hold(t, rec, 1);
    }

    // Evictions first: the task's run is measured before this session's changes replace its state.
    const evictions = new Map<string, number>();
    const lost = new Map<string, number>();
    let clusterEvictions = 0;
    let clusterLost = 0;
    for (const d of entry.decisions) {
      if (d.kind !== 'evict') continue;
      const rec = taskByName.get(d.task);
      const t = rec === undefined ? undefined : tasks[rec.id];
      if (rec === undefined || t === undefined) continue;
      const ran = t.startedAtMs === null ? 0 : Math.max(0, entry.timeMs - t.startedAtMs);
      const gpuMs = ran * gpuOf(rec, t.node);
      clusterEvictions++;
      clusterLost += gpuMs;
      for (const q of tree.ancestorsOf(rec.job.spec.queue)) {
        evictions.set(q, (evictions.get(q) ?? 0) + 1);
        lost.set(q, (lost.get(q) ?? 0) + gpuMs);
      }
    }

    for (const delta of entry.tasks) {
      const rec = state.tasks[delta.id];
      const t = tasks[delta.id];
      if (rec === undefined || t === undefined) continue;
      const job = jobs[rec.job.id];
      if (job?.deleted === true) continue;
      if (job !== undefined) touched.add(job);
      hold(t, rec, -1);
      if (job !== undefined) job.waitingTasks -= isWaiting(t.status) ? 1 : 0;
      if (delta.status === 'Running' && t.status !== 'Running') t.startedAtMs = entry.timeMs;
      if (delta.status !== 'Running') t.startedAtMs = null;
      t.status = delta.status;
      t.node = delta.node;
      hold(t, rec, 1);
      if (job !== undefined) job.waitingTasks += isWaiting(t.status) ? 1 : 0;
    }
    for (const delta of entry.jobs) {
      const job = jobs[delta.id];
      if (job === undefined) continue;
      touched.add(job);
      if (delta.deleted && !job.deleted) {
        // A deleted job disappears with its tasks (as in the snapshot): it frees what it held.
        job.deleted = true;
        job.deletedAtMs = entry.timeMs;
        for (const rec of job.rec.tasks) {
          const t = tasks[rec.id];
          if (t !== undefined) hold(t, rec, -1);
        }
      }
      if (job.isRunning && !delta.isRunning) job.stoppedAtMs = entry.timeMs;
      if (delta.isRunning) job.hasRun = true;
      if (delta.isRunning && job.firstStartMs === null) job.firstStartMs = entry.timeMs;
      job.isRunning = delta.isRunning;
    }
    for (const f of entry.queueFigures) figures.set(f.name, f);
    if (entry.queueSpecs) {
      queueSpecs = entry.queueSpecs;
      tree = queueTree(queueSpecs);
    }
    if (entry.nodeSpecs) {
      nodeSpecs = entry.nodeSpecs;
      nodeByName = new Map(nodeSpecs.map((n) => [n.name, n]));
    }

    // Who waits at the end of this session, and since when: only jobs submitted or changed can change.
    for (const job of touched) {
      const now = !job.deleted && !job.isRunning && job.waitingTasks > 0;
      if (now && job.waitingSinceMs === null) {
        job.waitingSinceMs = job.hasRun ? (job.stoppedAtMs ?? entry.timeMs) : job.rec.spec.submitAtMs;
        waiting.add(job);
      } else if (!now && job.waitingSinceMs !== null) {
        job.waitingSinceMs = null;
        waiting.delete(job);
      }
    }
    const waitsByQueue = new Map<string, number[]>();
    const allWaits: number[] = [];
    for (const job of waiting) {
      const wait = entry.timeMs - (job.waitingSinceMs ?? entry.timeMs);
      allWaits.push(wait);
      for (const q of tree.ancestorsOf(job.rec.spec.queue)) {
        const list = waitsByQueue.get(q) ?? [];
        list.push(wait);
        waitsByQueue.set(q, list);
      }
    }
    allWaits.sort((a, b) => a - b);

    let capacityGpu = 0;
    let fragmentedGpus = 0;
    for (const n of nodeSpecs) {
      const cap = Number.isFinite(n.resources.gpu) ? n.resources.gpu : 0;
      capacityGpu += cap;
      const held = occupied.get(n.name) ?? 0;
      if (held > EPSILON && held < cap - EPSILON) fragmentedGpus += cap - held;
    }
    const cluster: ClusterSessionMetrics = {
      capacityGpu,
      runningGpu: clean(runningGpu),
      utilisation: capacityGpu > 0 ? clean(runningGpu) / capacityGpu : 0,
      pendingJobs: allWaits.length,
      waitP50Ms: nearestRank(allWaits, 0.5),
      waitP95Ms: nearestRank(allWaits, 0.95),
      evictions: clusterEvictions,
      gpuMsLost: clusterLost,
      fragmentedGpus: clean(fragmentedGpus),
    };
    const queues = queueSpecs.map((q): QueueSessionMetrics => {
      const f = figures.get(q.name);
      const waits = waitsByQueue.get(q.name) ?? NO_WAITS;
      if (waits.length > 1) waits.sort((a, b) => a - b);
      return {
        queue: q.name,
        allocatedGpu: f?.allocated.gpu ?? 0,
        fairShareGpu: f?.fairShare.gpu ?? 0,
        requestedGpu: f?.requested.gpu ?? 0,
        pendingJobs: waits.length,
        waitP50Ms: nearestRank(waits, 0.5),
        waitP95Ms: nearestRank(waits, 0.95),
        evictions: evictions.get(q.name) ?? 0,
        gpuMsLost: lost.get(q.name) ?? 0,
      };
    });
    trackEpisodes(queues, tree, entry.index, entry.timeMs, open, episodes);
    const jain = jainIndex(queues, tree);
    if (jain !== null) jainBySession.push(jain);
    sessions.push({ index: entry.index, timeMs: entry.timeMs, cluster, queues });
  }
  const last = sessions.at(-1);
  for (const e of open.values()) {
    e.waitMs = (last?.timeMs ?? e.fromMs) - e.fromMs;
    episodes.push(e);
  }
  episodes.sort(
    (a, b) => a.fromSession - b.fromSession || (a.queue < b.queue ? -1 : a.queue > b.queue ? 1 : 0),
  );
  const summary = summarise(sessions, episodes);
  summary.jobWaitP95Ms = jobWaitP95(jobs, last?.timeMs ?? null);
  summary.meanJainIndex =
    jainBySession.length > 0 ? jainBySession.reduce((a, b) => a + b, 0) / jainBySession.length : null;
  return { sessions, episodes, summary };
}

/**
 * p95 (nearest rank) of every job's wait from its submitAt to its first start (issue 20's wait axis). A job
 * that never started waits until the last session, or until its deletion when it was deleted first.
 */
function jobWaitP95(jobs: readonly (JobTally | undefined)[], lastMs: number | null): number | null {
  if (lastMs === null) return null;
  const waits: number[] = [];
  for (const job of jobs) {
    if (job === undefined) continue;
    const end = job.firstStartMs ?? job.deletedAtMs ?? lastMs;
    waits.push(Math.max(0, end - job.rec.spec.submitAtMs));
  }
  waits.sort((a, b) => a - b);
  return nearestRank(waits, 0.95);
}

/**
 * Jain's index of one session over the leaf queues with a fair share: x = allocation ÷ fair share,
 * J = (Σx)² ÷ (n·Σx²), 1 when every queue holds the same fraction of its share, 1/n when one holds all.
 * Null without such a queue, or when none holds anything (0/0: the index is undefined there).
 */
function jainIndex(queues: readonly QueueSessionMetrics[], tree: QueueTree): number | null {
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (const q of queues) {
    if (!tree.isLeaf(q.queue) || q.fairShareGpu <= EPSILON) continue;
    const x = q.allocatedGpu / q.fairShareGpu;
    n++;
    sum += x;
    squares += x * x;
  }
  return n === 0 || squares === 0 ? null : (sum * sum) / (n * squares);
}

const NO_WAITS: number[] = [];

function isWaiting(status: TaskStatus): boolean {
  return status === 'Pending' || status === 'Pipelined';
}

/** Sums of fractional GPUs drift by 1e-16; metrics are read by people and compared by tests. */
function clean(x: number): number {
  const r = Math.round(x * 1e9) / 1e9;
  return r === 0 ? 0 : r;
}

/** Leaf queues below their fair share open an episode; reaching it closes the episode. */
function trackEpisodes(
  queues: readonly QueueSessionMetrics[],
  tree: QueueTree,
  index: number,
  timeMs: number,
  open: Map<string, FairShareEpisode>,
  done: FairShareEpisode[],
): void {
  for (const q of queues) {
    if (!tree.isLeaf(q.queue)) continue;
    const below = q.allocatedGpu + EPSILON < q.fairShareGpu;
    const current = open.get(q.queue);
    if (below && current === undefined) {
      open.set(q.queue, {
        queue: q.queue,
        fromSession: index,
        fromMs: timeMs,
        toSession: null,
        waitMs: 0,
        reached: false,
      });
    } else if (!below && current !== undefined) {
      open.delete(q.queue);
      done.push({ ...current, toSession: index, waitMs: timeMs - current.fromMs, reached: true });
    }
  }
}

function summarise(sessions: readonly SessionMetrics[], episodes: readonly FairShareEpisode[]): RunSummary {
  let evictions = 0;
  let gpuMsLost = 0;
  let utilisation = 0;
  let fragmented = 0;
  let maxWaitP95Ms: number | null = null;
  for (const s of sessions) {
    evictions += s.cluster.evictions;
    gpuMsLost += s.cluster.gpuMsLost;
    utilisation += s.cluster.utilisation;
    fragmented += s.cluster.fragmentedGpus;
    const p95 = s.cluster.waitP95Ms;
    if (p95 !== null && (maxWaitP95Ms === null || p95 > maxWaitP95Ms)) maxWaitP95Ms = p95;
  }
  const n = sessions.length;
  const waits = episodes.map((e) => e.waitMs);
  return {
    sessions: n,
    evictions,
    gpuMsLost,
    meanUtilisation: n > 0 ? utilisation / n : 0,
    maxWaitP95Ms,
    meanTimeToFairShareMs: waits.length > 0 ? waits.reduce((a, b) => a + b, 0) / waits.length : null,
    maxTimeToFairShareMs: waits.length > 0 ? Math.max(...waits) : null,
    unreachedFairShare: episodes.filter((e) => !e.reached).length,
    meanFragmentedGpus: n > 0 ? fragmented / n : 0,
    // Filled in by computeRunMetrics, which holds the jobs and the per-session indices.
    jobWaitP95Ms: null,
    meanJainIndex: null,
  };
}

interface QueueTree {
  /** The queue and its ancestors (the queue first). */
  ancestorsOf(queue: string): readonly string[];
  isLeaf(queue: string): boolean;
}

function queueTree(specs: readonly QueueSpec[]): QueueTree {
  const parent = new Map(specs.map((q) => [q.name, q.parent]));
  const parents = new Set(specs.flatMap((q) => (q.parent === null ? [] : [q.parent])));
  const cache = new Map<string, string[]>();
  return {
    ancestorsOf(queue) {
      let chain = cache.get(queue);
      if (chain === undefined) {
        chain = [];
        // Bounded by the tree's depth; the parser refused cycles.
        for (
          let q: string | null = queue;
          q !== null && chain.length <= specs.length;
          q = parent.get(q) ?? null
        )
          chain.push(q);
        cache.set(queue, chain);
      }
      return chain;
    },
    isLeaf: (queue) => !parents.has(queue),
  };
}
