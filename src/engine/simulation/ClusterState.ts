/**
 * The simulated cluster between sessions: what exists (nodes, queues, configuration, submitted jobs) and
 * where every task is. A session is opened from it and its result is committed back into it.
 */
import type { GpuSlot } from '../model/gpuDevices';
import type {
  JobSpec,
  NodeSpec,
  QueueSpec,
  Scenario,
  ScenarioEvent,
  SchedulerConfig,
  TaskSpec,
} from '../model/scenario';
import type { TaskStatus } from '../model/trace';
import { terminationEnd } from '../model/terminating';

export interface TaskRecord {
  /** Global index in order of appearance (stable across the run). */
  readonly id: number;
  readonly spec: TaskSpec;
  readonly job: JobRecord;
  /** Status at the end of the last session (Pipelined/Releasing become Pending when the next one opens). */
  status: TaskStatus;
  node: string | null;
  gpus: GpuSlot[];
  /**
   * When the pod's deletion completes (§23.4, decision 0305): its `deletionTimestamp` when it has a
   * `deletionGracePeriod` and the timestamp is not past at t=0; null = it stays terminating for the run.
   */
  readonly terminationEndsAtMs: number | null;
  /** The terminating pod is gone (its deletion completed, or its node was removed): no longer terminating. */
  terminationEnded: boolean;
}

export interface JobRecord {
  readonly id: number;
  readonly spec: JobSpec;
  readonly tasks: TaskRecord[];
  startedAtMs: number | null;
  /** Run time accumulated towards `runtime` up to `progressAtMs`. */
  progressMs: number;
  progressAtMs: number;
  /** Whether the job ran at the end of the last session ({@link runsNow}). */
  isRunning: boolean;
  /** KAI stale-podgroup-timestamp. */
  staleSinceMs: number | null;
  /** KAI last-eviction-timestamp: when a task of the job was last evicted; null = never (§23). */
  lastEvictedAtMs: number | null;
  /** Profile-owned job state carried between sessions (Volcano PodGroup phase); null = the spec's. */
  phase: string | null;
  deleted: boolean;
}

/**
 * Whether a job runs (its `runtime` counts, §5): some task Running, and its Running and Succeeded tasks
 * together at least minAvailable. A pod that finished still counts toward the gang (decision 0330): a job
 * started with part of its pods already Succeeded runs on with the rest, as upstream keeps such a gang
 * (KAI job_info.go:495-497 @d5bc503 never calls it stale; Volcano's ReadyTaskNum counts Succeeded,
 * job_info.go:925 @ed72c7c8). Before a task can start Succeeded, Succeeded tasks only existed once the
 * whole job completed, with no task Running, so this is the old rule (Running ≥ minAvailable) for every
 * earlier scenario.
 */
export function runsNow(job: {
  readonly spec: JobSpec;
  readonly tasks: readonly { status: TaskStatus }[];
}): boolean {
  let running = 0;
  let succeeded = 0;
  for (const t of job.tasks) {
    if (t.status === 'Running') running++;
    else if (t.status === 'Succeeded') succeeded++;
  }
  return running > 0 && running + succeeded >= Math.max(job.spec.minAvailable, 1);
}

export class ClusterState {
  readonly nodes = new Map<string, NodeSpec>();
  readonly queues = new Map<string, QueueSpec>();
  config: SchedulerConfig;
  readonly jobs = new Map<string, JobRecord>();
  /** Every task ever submitted, by id. */
  readonly tasks: TaskRecord[] = [];
  readonly jobList: JobRecord[] = [];
  private readonly events: ScenarioEvent[];
  private nextEvent = 0;

  constructor(readonly scenario: Scenario) {
    this.config = scenario.scheduler;
    for (const n of scenario.nodes) this.nodes.set(n.name, n);
    for (const q of scenario.queues) this.queues.set(q.name, q);
    // Jobs of the `jobs` list are submitted at their submitAt; with the timed events they form one
    // time-ordered stream (stable: list order breaks ties).
    const submits: ScenarioEvent[] = scenario.jobs.map((job) => ({
      atMs: job.submitAtMs,
      kind: 'submit',
      job,
    }));
    this.events = [...submits, ...scenario.events]
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.atMs - b.e.atMs || a.i - b.i)
      .map(({ e }) => e);
  }

  /** True when a timed event or submit is still due. */
  hasDueEvents(): boolean {
    return this.nextEvent < this.events.length;
  }

  /** Bumped whenever the queue tree or the node list changes (history stores them only then). */
  queueVersion = 0;
  nodeVersion = 0;
  /** Bumped whenever an `updateConfig` event changes the scheduler configuration. */
  configVersion = 0;

  /** Applies every event due at or before `timeMs`; returns the tasks and jobs it changed. */
  applyEventsUntil(timeMs: number): { tasks: TaskRecord[]; jobs: JobRecord[] } {
    const lost: TaskRecord[] = [];
    const jobs: JobRecord[] = [];
    while (this.nextEvent < this.events.length) {
      const e = this.events[this.nextEvent] as ScenarioEvent;
      if (e.atMs > timeMs) break;
      this.nextEvent++;
      this.apply(e, lost, jobs);
    }
    return { tasks: lost, jobs };
  }

  private apply(e: ScenarioEvent, lost: TaskRecord[], jobs: JobRecord[]): void {
    switch (e.kind) {
      case 'submit':
        this.submit(e.job);
        break;
      case 'deleteJob': {
        const job = this.jobs.get(e.name);
        if (job) {
          job.deleted = true;
          this.jobs.delete(e.name);
          this.live = null;
          jobs.push(job);
        }
        break;
      }
      case 'addNode':
        this.nodes.set(e.node.name, e.node);
        this.nodeVersion++;
        break;
      case 'removeNode':
        this.nodes.delete(e.name);
        this.nodeVersion++;
        for (const t of this.tasks) {
          if (t.node === e.name && !t.job.deleted && t.status !== 'Succeeded') {
            t.status = 'Pending';
            t.node = null;
            t.gpus = [];
            // A terminating pod on a removed node is gone with it; its re-created pod is not terminating.
            t.terminationEnded = true;
            lost.push(t);
          }
        }
        break;
      case 'updateQueue': {
        const cur = this.queues.get(e.patch.name);
        if (cur) this.queues.set(cur.name, { ...cur, ...e.patch });
        this.queueVersion++;
        break;
      }
      case 'updateConfig':
        this.config = { ...this.config, ...e.patch };
        this.configVersion++;
        break;
    }
  }

  private submit(spec: JobSpec): void {
    if (this.jobs.has(spec.name)) return;
    const job: JobRecord = {
      id: this.jobList.length,
      spec,
      tasks: [],
      startedAtMs: spec.startedAtMs,
      progressMs: 0,
      progressAtMs: spec.submitAtMs,
      isRunning: false,
      staleSinceMs: null,
      lastEvictedAtMs: spec.lastEvictedAtMs ?? null,
      phase: null,
      deleted: false,
    };
    for (const ts of spec.tasks) {
      const rec: TaskRecord = {
        id: this.tasks.length,
        spec: ts,
        job,
        status: ts.status,
        node: ts.node,
        gpus: [],
        terminationEndsAtMs: terminationEnd(ts),
        terminationEnded: false,
      };
      job.tasks.push(rec);
      this.tasks.push(rec);
    }
    job.isRunning = runsNow(job);
    if (job.isRunning) job.progressAtMs = spec.startedAtMs ?? spec.submitAtMs;
    this.jobs.set(spec.name, job);
    this.jobList.push(job);
    this.live = null;
  }

  private live: JobRecord[] | null = null;

  /** Jobs currently in the cluster, sorted by name (cached until a job is submitted or deleted). */
  liveJobs(): readonly JobRecord[] {
    if (!this.live) {
      this.live = [...this.jobs.values()].sort((a, b) =>
        a.spec.name < b.spec.name ? -1 : a.spec.name > b.spec.name ? 1 : 0,
      );
    }
    return this.live;
  }
}
