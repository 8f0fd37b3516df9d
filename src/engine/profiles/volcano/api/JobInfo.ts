/**
 * Volcano's job and task records for one session (`pkg/scheduler/api/job_info.go`): task statuses, the
 * ready/pipelined/starving counters the gang rules read, and the job's allocated resources.
 */
import { addInto, zeroResources, type Resources } from '../../../model/resources';
import type { JobSpec, TaskSpec } from '../../../model/scenario';
import { VOLCANO_TOLERANCE } from '../../../framework/NodeAccount';
import type { NodeInfo } from './NodeInfo';
import { RoleTally, zeroStatusCounts } from './RoleTally';

/** Volcano task statuses (Bound is folded into Running: the sandbox treats bound as running). */
export type TaskStatus =
  'Pending' | 'Allocated' | 'Pipelined' | 'Binding' | 'Running' | 'Releasing' | 'Succeeded';

/** `AllocatedStatus`: the task holds its node's resources as allocated. */
export function isAllocatedStatus(s: TaskStatus): boolean {
  return s === 'Allocated' || s === 'Binding' || s === 'Running';
}

/** PodGroup phases (`scheduling.PodGroupPhase`). */
export type PodGroupPhase = 'Pending' | 'Inqueue' | 'Running' | 'Completed' | 'Unknown';

/** What finally happened to a task in this session (the cluster-visible result). */
export type TaskCommit = 'bind' | 'pipeline' | 'evict';

export class TaskInfo {
  /** Request including `pods: 1` (every pod takes a pod slot). */
  readonly req: Resources;
  /** `pod.spec.priority`, else 1 (Volcano's default for pods without a priority). */
  readonly priority: number;
  readonly bestEffort: boolean;
  /** `TaskRole`: the pod's `volcano.sh/task-spec`, "" without one (job_info.go:189 @ed72c7c8). */
  readonly role: string;
  status: TaskStatus;
  node: NodeInfo | null;
  /** Set when an operation on this task became final (Statement.Commit or backfill's dispatch). */
  committed: TaskCommit | null = null;
  /** Who caused the committed operation (action, preemptor job, trace attempt index). */
  cause: { action: string; by: string | null; attempt: number | null } | null = null;

  constructor(
    readonly id: number,
    readonly spec: TaskSpec,
    readonly job: JobInfo,
    status: TaskStatus,
    node: NodeInfo | null,
  ) {
    this.req = { ...spec.resources, pods: 1 };
    this.priority = spec.priority ?? 1;
    this.role = spec.role ?? '';
    this.status = status;
    this.node = node;
    const t = VOLCANO_TOLERANCE;
    this.bestEffort = this.req.cpu < t.cpu && this.req.memory < t.memory && this.req.gpu < t.gpu;
  }

  get name(): string {
    return this.spec.name;
  }

  /** `volcano.sh/preemptable` (default true). */
  get preemptable(): boolean {
    return this.spec.preemptable;
  }
}

export class JobInfo {
  readonly tasks: TaskInfo[] = [];
  phase: PodGroupPhase;
  /** Gang's PodGroup condition written at session close (Unschedulable → phase Unknown if running). */
  unschedulable = false;
  private readonly counts: Record<TaskStatus, number> = zeroStatusCounts();
  private pendingBestEffort = 0;
  /** Σ requests of tasks in allocated statuses (`job.Allocated`). */
  readonly allocated: Resources = zeroResources();
  /** minResources with absent dimensions 0 (null when the PodGroup has none). */
  readonly minResources: Resources | null;
  /** `TaskMinAvailable` / `TaskMinAvailableTotal` from PodGroup minTaskMember (job_info.go:625). */
  readonly taskMinAvailable: ReadonlyMap<string, number>;
  readonly taskMinAvailableTotal: number;
  /** Task counters per role (api/taskRoles.ts reads them). */
  readonly roleTally = new RoleTally();
  /** `NodesFitErrors` of this session: why each task fit no node (allocate's predicate cache). */
  readonly fitErrors = new Map<TaskInfo, string>();
  /** `FitFailedRoles`: roles of the tasks in {@link fitErrors} ("" for tasks without a role). */
  readonly fitFailedRoles = new Set<string>();

  constructor(
    readonly id: number,
    readonly spec: JobSpec,
    phase: PodGroupPhase,
  ) {
    this.phase = phase;
    this.minResources = spec.minResources ? { ...zeroResources(), ...spec.minResources, pods: 0 } : null;
    const roles = Object.entries(spec.minTaskMember ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.taskMinAvailable = new Map(roles);
    this.taskMinAvailableTotal = roles.reduce((sum, [, n]) => sum + n, 0);
  }

  /** Records that a task fit no node (`NodesFitErrors[task]`); its role has failed for this session. */
  recordFitError(task: TaskInfo, reason: string): void {
    this.fitErrors.set(task, reason);
    this.fitFailedRoles.add(task.role);
  }

  /** `TaskHasFitErrors`: a sibling of the task's role already failed (never for tasks without a role). */
  taskHasFitErrors(task: TaskInfo): boolean {
    return task.role !== '' && this.fitFailedRoles.has(task.role);
  }

  get name(): string {
    return this.spec.name;
  }
  get queue(): string {
    return this.spec.queue;
  }
  get priority(): number {
    return this.spec.priority;
  }
  get minAvailable(): number {
    return this.spec.minAvailable;
  }
  /** PodGroup creation timestamp (ms on the simulated clock). */
  get creationMs(): number {
    return this.spec.submitAtMs;
  }

  /** Adds a task (at session open). */
  add(task: TaskInfo): void {
    this.tasks.push(task);
    this.count(task, 1);
  }

  /** Moves a task to another status, keeping the counters (`UpdateTaskStatus`). */
  setStatus(task: TaskInfo, status: TaskStatus): void {
    this.count(task, -1);
    task.status = status;
    this.count(task, 1);
  }

  private count(task: TaskInfo, sign: number): void {
    this.counts[task.status] += sign;
    if (task.status === 'Pending' && task.bestEffort) this.pendingBestEffort += sign;
    if (isAllocatedStatus(task.status)) addInto(this.allocated, task.req, sign);
    this.roleTally.add(task.role, task.status, task.bestEffort, sign);
  }

  countOf(status: TaskStatus): number {
    return this.counts[status];
  }

  /** `ReadyTaskNum` = Bound + Binding + Running + Allocated + Succeeded. */
  readyTaskNum(): number {
    const c = this.counts;
    return c.Binding + c.Running + c.Allocated + c.Succeeded;
  }

  /** `WaitingTaskNum` = Pipelined. */
  waitingTaskNum(): number {
    return this.counts.Pipelined;
  }

  /** `ValidTaskNum` = allocated statuses + Succeeded + Pipelined + Pending. */
  validTaskNum(): number {
    const c = this.counts;
    return c.Binding + c.Running + c.Allocated + c.Succeeded + c.Pipelined + c.Pending;
  }

  /** `IsReady`: ready + pending BestEffort ≥ minAvailable. */
  isReady(): boolean {
    return this.readyTaskNum() + this.pendingBestEffort >= this.minAvailable;
  }

  /** `IsPipelined`: pipelined + ready + pending BestEffort ≥ minAvailable. */
  isPipelined(): boolean {
    return this.waitingTaskNum() + this.readyTaskNum() + this.pendingBestEffort >= this.minAvailable;
  }

  /** `IsStarving`: pipelined + ready < minAvailable. */
  isStarving(): boolean {
    return this.waitingTaskNum() + this.readyTaskNum() < this.minAvailable;
  }

  /** `ScheduledTaskNum` (Running, Bound, Failed, Succeeded; job_info.go:1262). */
  scheduledTaskNum(): number {
    return this.counts.Running + this.counts.Succeeded;
  }

  /** `ReleasingScheduledTaskNum`: Releasing tasks that still sit on a node (job_info.go:1277). */
  releasingScheduledTaskNum(): number {
    let n = 0;
    for (const t of this.tasks) if (t.status === 'Releasing' && t.node !== null) n++;
    return n;
  }

  pendingTasks(): TaskInfo[] {
    return this.tasks.filter((t) => t.status === 'Pending');
  }
}
