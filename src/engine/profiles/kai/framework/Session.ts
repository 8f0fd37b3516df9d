/**
 * One scheduling session (KAI `framework/session.go`): a snapshot of the cluster, the callbacks plugins
 * registered on it, and the decision trace. Actions read it and change it only through Statements.
 */
import {
  EPSILON,
  RESOURCE_NAMES,
  addInto,
  zeroResources,
  type QueueResources,
  type Resources,
} from '../../../model/resources';
import type { PriorityClass, Profile, SchedulerConfig } from '../../../model/scenario';
import type { TopologySpec } from '../../../model/topology';
import type { JobAttempt, SessionTrace, Verdict } from '../../../model/trace';
import type { TimeAwareShare } from '../../../model/snapshot';
import { firstError } from '../../../framework/combine';
import { ExtensionRegistry, type PluginHandle } from '../../../framework/ExtensionRegistry';
import type { KaiExtensionPoints, NodeSubsets, SubsetScope, VictimScenario } from './extensions';
import type { JobInfo, SessionTaskStatus, TaskInfo } from './JobInfo';
import type { GpuSlot, NodeInfo } from './NodeInfo';
import type { GpuMemoryRange } from './gpuMemoryRange';
import type { QueueInfo } from './QueueInfo';
import { Statement, type OperationCause } from './Statement';
import { PlacementScan, speedUps } from './PlacementScan';

/**
 * Plugins whose predicates and node scores depend only on the task's request and node selector and on the
 * node itself: placement may remember their verdicts per node (PlacementScan).
 */
const NODE_LOCAL_PLUGINS: ReadonlySet<string> = new Set(['predicates', 'nodeplacement']);
import { FreeNodeIndex } from './FreeNodeIndex';

const HOLDS: Record<SessionTaskStatus, boolean> = {
  Pending: false,
  Allocated: true,
  Pipelined: true,
  Running: true,
  Releasing: false,
  Succeeded: false,
};

export interface SessionParts {
  index: number;
  timeMs: number;
  profile: Profile;
  config: SchedulerConfig;
  priorityClasses: readonly PriorityClass[];
  nodes: NodeInfo[];
  queues: Map<string, QueueInfo>;
  jobs: JobInfo[];
  /** KAI Topology objects of the scenario (§21); none when absent. */
  topologies?: readonly TopologySpec[];
  /** The nodes' GPU device memories (§23.3); null when none states one. */
  gpuMemory?: GpuMemoryRange | null;
}

export class Session {
  readonly index: number;
  readonly timeMs: number;
  readonly profile: Profile;
  readonly config: SchedulerConfig;
  readonly priorityClasses: readonly PriorityClass[];
  /** Sorted by name. */
  readonly nodes: NodeInfo[];
  readonly nodeMap: Map<string, NodeInfo>;
  readonly queues: Map<string, QueueInfo>;
  /** Top-level queues, sorted by name. */
  readonly roots: QueueInfo[];
  /** Sorted by name. */
  readonly jobs: JobInfo[];
  readonly jobMap: Map<string, JobInfo>;
  readonly trace: SessionTrace = { attempts: [], pending: [] };
  /** Fair share per queue computed at session open (published by the proportion plugin). */
  readonly fairShare = new Map<string, QueueResources>();
  /**
   * Each queue's historical usage as a fraction of the cluster (KAI `ClusterInfo.QueueResourceUsage`), set by
   * the simulator when `scheduler.usageDBConfig` is configured; null = no usage database.
   */
  queueUsage: ReadonlyMap<string, QueueResources> | null = null;
  /** When that usage was fetched and whether upstream's fetch would have failed (no GPU capacity). */
  queueUsageFetch: { asOfMs: number; noGpuCapacity: boolean } | null = null;
  /** How usage weighed on each queue's fair share (published by the proportion plugin when usage is set). */
  readonly timeAware = new Map<string, TimeAwareShare>();

  /**
   * Callbacks by extension point, kept per tier with the plugin that registered them. KAI's ConfigMap has no
   * per-extension-point enable flags (unlike Volcano's `enableJobOrder` …), so every point is always on.
   */
  readonly extensions: ExtensionRegistry<KaiExtensionPoints>;
  /** The plugin whose `onSessionOpen` is running: `register` files callbacks under its name and tier. */
  private opening: PluginHandle | null = null;

  /** Told after every task change (indexes an action keeps, such as its victim index). */
  private taskWatchers: readonly ((task: TaskInfo) => void)[] = [];
  /** Number of attempts that kept their changes so far (failed attempts roll back and do not count). */
  commits = 0;
  /** Capacity of all nodes minus what is used or promised: an upper bound of what any node can offer. */
  private readonly clusterFuture: Resources;
  /** Nodes with room left per resource, kept in step by {@link footprint}. */
  private readonly freeNodes: FreeNodeIndex;
  /** Built on first use, once every plugin has registered (see placementScan). */
  private scan: PlacementScan | null | undefined = undefined;
  /** KAI Topology objects (the topology plugin reads them). */
  readonly topologies: readonly TopologySpec[];
  /** The smallest and largest GPU device memory of the session's nodes (§23.3); null when none states one. */
  readonly gpuMemory: GpuMemoryRange | null;
  /** While a job is placed inside one node subset (KAI AllocateJob per SubsetNodesFn set): its nodes. */
  private restrictedTo: ReadonlySet<NodeInfo> | null = null;

  constructor(parts: SessionParts) {
    this.index = parts.index;
    this.timeMs = parts.timeMs;
    this.profile = parts.profile;
    this.config = parts.config;
    this.priorityClasses = parts.priorityClasses;
    this.nodes = parts.nodes;
    this.nodeMap = new Map(parts.nodes.map((n) => [n.name, n]));
    this.queues = parts.queues;
    this.roots = [...parts.queues.values()]
      .filter((q) => q.parent === null)
      .sort((a, b) => cmpName(a.name, b.name));
    this.jobs = parts.jobs;
    this.jobMap = new Map(parts.jobs.map((j) => [j.name, j]));
    this.topologies = parts.topologies ?? [];
    this.gpuMemory = parts.gpuMemory ?? null;
    this.extensions = new ExtensionRegistry<KaiExtensionPoints>(parts.config.tiers.length, () => null);
    this.clusterFuture = zeroResources();
    parts.nodes.forEach((n, i) => (n.position = i));
    this.freeNodes = new FreeNodeIndex(parts.nodes);
    for (const n of parts.nodes) {
      for (const r of RESOURCE_NAMES) this.clusterFuture[r] += n.future(r);
    }
  }

  /**
   * Cheap necessary condition for placing `req` anywhere: the cluster as a whole has that much capacity
   * not used and not promised. Saves scanning every node for every task of a full cluster.
   */
  /** GPUs neither used nor promised anywhere in the cluster. */
  get freeGpusOnceReleased(): number {
    return this.clusterFuture.gpu;
  }

  mayFitSomewhere(req: Resources): boolean {
    for (const r of RESOURCE_NAMES) if (req[r] > this.clusterFuture[r] + EPSILON) return false;
    return true;
  }

  /**
   * Visits, in node order, every node that may take `req` (a superset of those where it fits, idle or
   * future), plus `extra` if given; every node when the request asks for nothing measurable.
   */
  /**
   * The remembered placement verdicts (PlacementScan), or null when some predicate or node-order callback
   * comes from a plugin not known to judge a node by the node alone, or when the request has few candidate
   * nodes (walking them is then cheaper than walking the whole cluster's verdicts).
   */
  placementScan(req: Resources): PlacementScan | null {
    if (!speedUps.placementScan || this.restrictedTo !== null) return null;
    const set = this.freeNodes.candidates(req);
    if (set !== null && set.size * 8 < this.nodes.length) return null;
    if (this.scan === undefined) {
      const nodeLocal = (point: 'predicate' | 'nodeOrder'): boolean =>
        this.extensions.tiers(point).every((tier) => tier.every((r) => NODE_LOCAL_PLUGINS.has(r.plugin)));
      // A per-node capacity check (asked by `predicates`) depends on the queue, not on the node alone.
      const noNodeCapacity = this.extensions.tiers('nodeCapacity').every((tier) => tier.length === 0);
      this.scan =
        nodeLocal('predicate') && nodeLocal('nodeOrder') && noNodeCapacity
          ? new PlacementScan(this.nodes, this)
          : null;
    }
    return this.scan;
  }

  forEachPlacementCandidate(req: Resources, extra: NodeInfo | null, visit: (node: NodeInfo) => void): void {
    const only = this.restrictedTo;
    const see = only === null ? visit : (node: NodeInfo) => (only.has(node) ? visit(node) : undefined);
    if (!this.freeNodes.forEachCandidate(req, extra, see)) for (const node of this.nodes) see(node);
  }

  /**
   * The node subsets a job's tasks are to be tried in (KAI `ssn.SubsetNodesFn`, KAI pkg/scheduler/framework/
   * session_plugins.go:378-399 @d5bc503): the first plugin with an opinion decides (only `topology` has one);
   * null = every node, as one set.
   */
  subsetNodes(job: JobInfo, tasks: readonly TaskInfo[], scope?: SubsetScope): NodeSubsets | null {
    // Flattened like the predicates: placement asks this for every attempt of every job.
    for (const fn of this.flattened().subsetNodes) {
      const r = fn(job, tasks, scope);
      if (r !== null) return r;
    }
    return null;
  }

  /** Whether a plugin splits nodes into subsets (the topology plugin, when on and some job has a constraint). */
  get hasNodeSubsets(): boolean {
    return this.flattened().subsetNodes.length > 0;
  }

  /** The nodes placement is limited to now (the enclosing subset), or null for every node. */
  get placementNodes(): ReadonlySet<NodeInfo> | null {
    return this.restrictedTo;
  }

  /** Runs `place` with placement limited to `nodes` (one subset of {@link subsetNodes}). */
  withinNodes<T>(nodes: ReadonlySet<NodeInfo>, place: () => T): T {
    const outer = this.restrictedTo;
    this.restrictedTo = nodes;
    try {
      return place();
    } finally {
      this.restrictedTo = outer;
    }
  }

  /**
   * Opens `plugin` as the plugin named `handle.name` in tier `handle.tier`: what it registers is filed under
   * that name and tier (KAI `framework/session_plugins.go` keeps plugins in tier order).
   */
  openPlugin(handle: PluginHandle, open: (ssn: Session) => void): void {
    this.opening = handle;
    try {
      open(this);
    } finally {
      this.opening = null;
    }
  }

  /** Registers a callback of the plugin being opened on `point`. */
  register<K extends keyof KaiExtensionPoints>(point: K, fn: KaiExtensionPoints[K]): void {
    if (!this.opening) throw new Error(`register('${String(point)}') outside a plugin's onSessionOpen`);
    this.extensions.add(point, this.opening, fn);
    this.flat = null;
    this.scan = undefined;
  }

  statement(cause: OperationCause): Statement {
    return new Statement(this, cause);
  }

  // ---- ordering -------------------------------------------------------------------------------------

  /** Job order: first non-zero plugin answer, then creation time, then name (KAI fallback). */
  // The comparators walk the flattened callbacks (tier order, first non-zero answer decides: firstNonZeroValue
  // of combine.ts) with plain loops: they run hundreds of thousands of times per session, and a closure per
  // comparison was a large part of the session's garbage (issue 13).
  compareJobs = (a: JobInfo, b: JobInfo): number => {
    for (const fn of this.flattened().jobOrder) {
      const r = fn(a, b);
      if (r !== 0) return r;
    }
    return a.spec.submitAtMs - b.spec.submitAtMs || cmpName(a.name, b.name);
  };

  /** Task order: plugins, then index in the job (KAI: creation time, then UID). */
  compareTasks = (a: TaskInfo, b: TaskInfo): number => {
    for (const fn of this.flattened().taskOrder) {
      const r = fn(a, b);
      if (r !== 0) return r;
    }
    return a.spec.index - b.spec.index || cmpName(a.name, b.name);
  };

  compareQueues(a: QueueInfo, b: QueueInfo, aJob: JobInfo | null, bJob: JobInfo | null): number {
    for (const fn of this.flattened().queueOrder) {
      const r = fn(a, b, aJob, bJob);
      if (r !== 0) return r;
    }
    return cmpName(a.name, b.name);
  }

  /**
   * A key for what queue order reads of an offered job: jobs with equal keys rank every queue alike, so
   * offering one or the other changes no comparison. Null when some plugin ordering queues did not say what
   * it reads (no two jobs may then be taken as alike).
   */
  queueOrderJobKey(): ((job: JobInfo) => string) | null {
    const flat = this.flattened();
    if (flat.queueOrderJobKey === undefined) {
      const ordering = new Set(this.extensions.tiers('queueOrder').flatMap((t) => t.map((r) => r.plugin)));
      const keyed = this.extensions.tiers('queueOrderJobKey').flatMap((t) => t);
      const keyedBy = new Set(keyed.map((r) => r.plugin));
      const fns = keyed.map((r) => r.fn);
      flat.queueOrderJobKey = [...ordering].every((p) => keyedBy.has(p))
        ? fns.length === 1
          ? (fns[0] as (job: JobInfo) => string)
          : (job) => fns.map((fn) => fn(job)).join('|')
        : null;
    }
    return flat.queueOrderJobKey;
  }

  compareVictimQueues(
    a: QueueInfo,
    b: QueueInfo,
    aJob: JobInfo | null,
    bJob: JobInfo | null,
    taken: ReadonlyMap<string, QueueResources>,
  ): number {
    for (const fn of this.flattened().victimQueueOrder) {
      const r = fn(a, b, aJob, bJob, taken);
      if (r !== 0) return r;
    }
    // The victim order is the queue order reversed, its last tie-break included: upstream's victim queue uses
    // !QueueOrderFn (KAI pkg/scheduler/actions/utils/job_order_by_queue.go:300 @d5bc503), whose last rule
    // prefers the queue created first (plugins/proportion/queue_order/queue_order.go:97 @d5bc503), so among
    // tied queues the newest gives victims first. The lab's queue creation order is the name order
    // (compareQueues above), reversed here (decision 0240).
    return cmpName(b.name, a.name);
  }

  // ---- placement ------------------------------------------------------------------------------------

  /**
   * Predicates and node scores in tier order, flattened once: placement calls them for every candidate
   * node of every task (tens of millions of times at 4,000 nodes), where walking the tiers each time
   * cost more than the callbacks. Reset by {@link register}.
   */
  private flat: {
    predicates: KaiExtensionPoints['predicate'][];
    nodeCapacity: KaiExtensionPoints['nodeCapacity'][];
    scores: KaiExtensionPoints['nodeOrder'][];
    subsetNodes: KaiExtensionPoints['subsetNodes'][];
    eventHandlers: KaiExtensionPoints['eventHandler'][];
    jobOrder: KaiExtensionPoints['jobOrder'][];
    taskOrder: KaiExtensionPoints['taskOrder'][];
    queueOrder: KaiExtensionPoints['queueOrder'][];
    victimQueueOrder: KaiExtensionPoints['victimQueueOrder'][];
    /** Built on first use by {@link queueOrderJobKey}. */
    queueOrderJobKey?: ((job: JobInfo) => string) | null;
  } | null = null;

  private flattened(): NonNullable<Session['flat']> {
    if (this.flat === null) {
      const all = <F>(tiers: readonly (readonly { fn: F }[])[]): F[] =>
        tiers.flatMap((t) => t.map((r) => r.fn));
      this.flat = {
        predicates: all(this.extensions.tiers('predicate')),
        nodeCapacity: all(this.extensions.tiers('nodeCapacity')),
        scores: all(this.extensions.tiers('nodeOrder')),
        subsetNodes: all(this.extensions.tiers('subsetNodes')),
        eventHandlers: all(this.extensions.tiers('eventHandler')),
        jobOrder: all(this.extensions.tiers('jobOrder')),
        taskOrder: all(this.extensions.tiers('taskOrder')),
        queueOrder: all(this.extensions.tiers('queueOrder')),
        victimQueueOrder: all(this.extensions.tiers('victimQueueOrder')),
      };
    }
    return this.flat;
  }

  /** Null when every predicate passes, else the first failing plugin's reason (firstError of combine.ts). */
  predicate(task: TaskInfo, node: NodeInfo): string | null {
    for (const fn of this.flattened().predicates) {
      const error = fn(task, node);
      if (error !== null) return error;
    }
    return null;
  }

  /**
   * Null when the queue may hold `task` on `node`, else why not: the first refusing per-node capacity check
   * (KAI IsTaskAllocationOnNodeOverCapacityFn, framework/session_plugins.go:363-372 @d5bc503). The
   * `predicates` plugin asks it before its own checks (plugins/predicates/predicates.go:322-326).
   */
  nodeOverCapacity(task: TaskInfo, node: NodeInfo): string | null {
    for (const fn of this.flattened().nodeCapacity) {
      const error = fn(task, node);
      if (error !== null) return error;
    }
    return null;
  }

  /** The sum of every node score, in tier order (sumOf of combine.ts). */
  nodeScore(task: TaskInfo, node: NodeInfo): number {
    let total = 0;
    for (const fn of this.flattened().scores) total += fn(task, node);
    return total;
  }

  /** Refusing verdicts of the capacity checks (queue limits, non-preemptible quota); empty = allowed. */
  checkCapacity(job: JobInfo, tasks: readonly TaskInfo[]): Verdict[] {
    return this.refusals('capacity', job, tasks);
  }

  // ---- eviction extension points -------------------------------------------------------------------

  /**
   * KAI ANDs the victim filters (`framework/session_plugins.go`): null when every filter allows the victim,
   * else the first refusing plugin (the AND of combine.ts, stopping at the first refusal).
   */
  victimRefusedBy(action: 'reclaim' | 'preempt', preemptor: JobInfo, victim: JobInfo): string | null {
    return (
      firstError(this.extensions.tiers(victimFilterPoint(action)), (fn, r) =>
        fn.allows(preemptor, victim) ? null : r.plugin,
      )?.plugin ?? null
    );
  }

  /** The first plugin that refuses every job of `queue` as a victim, or null. */
  queueRefusedBy(action: 'reclaim' | 'preempt', preemptor: JobInfo, queue: QueueInfo): string | null {
    return (
      firstError(this.extensions.tiers(victimFilterPoint(action)), (fn, r) =>
        fn.allowsQueue && !fn.allowsQueue(preemptor, queue) ? r.plugin : null,
      )?.plugin ?? null
    );
  }

  /** Every victim filter's full verdict (all are asked so the trace is complete). */
  victimVerdicts(action: 'reclaim' | 'preempt', preemptor: JobInfo, victim: JobInfo): Verdict[] {
    return this.all(victimFilterPoint(action), (fn) => fn.explain(preemptor, victim));
  }

  /** Every validator's verdicts; the scenario is valid when all of them allow (AND, all asked for the trace). */
  validateScenario(scenario: VictimScenario): Verdict[] {
    if (scenario.action === 'consolidation') return [];
    const point = scenario.action === 'reclaim' ? 'reclaimScenarioValidator' : 'preemptScenarioValidator';
    return this.all(point, (fn) => fn(scenario)).flat();
  }

  canReclaimResources(job: JobInfo, tasks: readonly TaskInfo[]): Verdict[] {
    return this.all('canReclaim', (fn) => fn(job, tasks));
  }

  nonPreemptibleOverQuota(job: JobInfo, tasks: readonly TaskInfo[]): Verdict[] {
    return this.refusals('nonPreemptibleQuota', job, tasks);
  }

  onJobSolutionStart(job: JobInfo): void {
    for (const tier of this.extensions.tiers('jobSolutionStart')) for (const { fn } of tier) fn(job);
  }

  /** Every callback's answer, in tier order (the trace lists them all). */
  private all<K extends keyof KaiExtensionPoints, V>(point: K, call: (fn: KaiExtensionPoints[K]) => V): V[] {
    const out: V[] = [];
    for (const tier of this.extensions.tiers(point)) for (const { fn } of tier) out.push(call(fn));
    return out;
  }

  /** The refusing verdicts of a capacity-like point (a null answer allows). */
  private refusals(
    point: 'capacity' | 'nonPreemptibleQuota',
    job: JobInfo,
    tasks: readonly TaskInfo[],
  ): Verdict[] {
    const out: Verdict[] = [];
    for (const v of this.all(point, (fn) => fn(job, tasks))) if (v) out.push(v);
    return out;
  }

  // ---- trace ----------------------------------------------------------------------------------------

  startAttempt(action: string, job: JobInfo, tasks: readonly TaskInfo[]): number {
    const attempt: JobAttempt = {
      action,
      job: job.name,
      queue: job.queue.name,
      tasks: tasks.map((t) => t.name),
      outcome: 'failed',
      message: '',
      code: null,
      verdicts: [],
      victims: [],
      omittedVictims: 0,
      protectedVictims: 0,
    };
    this.trace.attempts.push(attempt);
    return this.trace.attempts.length - 1;
  }

  attempt(index: number): JobAttempt {
    return this.trace.attempts[index] as JobAttempt;
  }

  // ---- task state (called by Statement only) --------------------------------------------------------

  /**
   * Calls `fn` after every change of a task's status or place, rollbacks included, until the returned
   * function is called: how an action keeps an index of its own in step with its Statements.
   */
  /**
   * Every node's future GPUs (`NodeInfo.future('gpu')`) by `NodeInfo.position`, kept in step with every task
   * change; read only (the index owns it).
   */
  futureGpusByPosition(): Float64Array {
    return this.freeNodes.futureGpu;
  }

  watchTasks(fn: (task: TaskInfo) => void): () => void {
    // An array, replaced on change: every task change walks it, and a Set's iterator cost more.
    this.taskWatchers = [...this.taskWatchers, fn];
    return () => {
      this.taskWatchers = this.taskWatchers.filter((f) => f !== fn);
    };
  }

  causeOf(task: TaskInfo): OperationCause | null {
    return task.cause;
  }

  noteCause(task: TaskInfo, cause: OperationCause): void {
    task.cause = cause;
  }

  /** Moves a task to a new status/location, keeping node occupation, job counts and plugins in step. */
  changeTask(task: TaskInfo, status: SessionTaskStatus, node: NodeInfo | null, gpus: GpuSlot[]): void {
    const movedFrom =
      status === 'Pipelined' && task.status === 'Releasing' && task.node
        ? { node: task.node, gpus: task.gpus }
        : status === 'Pipelined'
          ? task.movedFrom
          : null;
    this.setTask(task, status, node, gpus, movedFrom);
  }

  /** Puts a task back where a statement operation found it (Statement.rollback). */
  restoreTask(
    task: TaskInfo,
    status: SessionTaskStatus,
    node: NodeInfo | null,
    gpus: GpuSlot[],
    movedFrom: TaskInfo['movedFrom'],
    cause: OperationCause | null,
  ): void {
    this.setTask(task, status, node, gpus, movedFrom);
    task.cause = cause;
  }

  private setTask(
    task: TaskInfo,
    status: SessionTaskStatus,
    node: NodeInfo | null,
    gpus: GpuSlot[],
    movedFrom: TaskInfo['movedFrom'],
  ): void {
    const held = HOLDS[task.status];
    const before = task.node;
    this.footprint(task, -1);
    task.job.counts[task.status]--;
    task.job.version++;
    task.status = status;
    task.node = node;
    task.gpus = gpus;
    task.movedFrom = movedFrom;
    task.job.counts[task.status]++;
    this.footprint(task, 1);
    for (const fn of this.taskWatchers) fn(task);
    const holds = HOLDS[task.status];
    if (held === holds) {
      // Held before and after, on another node: a GPU-memory request holds another amount on a node with
      // another device memory (decision 0328), so the queue gives back the old and takes the new. Otherwise
      // the amount is the same (`reqOn` returns one object per device memory) and nothing is reported.
      if (!held || before === null || node === null || task.reqOn(before) === task.reqOn(node)) return;
      for (const fn of this.flattened().eventHandlers) {
        fn.deallocate?.(task, before);
        fn.allocate?.(task);
      }
      return;
    }
    for (const fn of this.flattened().eventHandlers) {
      if (held) fn.deallocate?.(task, before);
      else fn.allocate?.(task);
    }
  }

  private footprint(task: TaskInfo, sign: 1 | -1): void {
    const node = task.node;
    if (!node) return;
    switch (task.status) {
      case 'Allocated':
      case 'Running':
        node.account('used', task.reqOn(node), task.gpus, sign);
        addInto(this.clusterFuture, task.reqOn(node), -sign);
        this.freeNodes.update(node);
        break;
      case 'Releasing':
        if (task.stuck) {
          // StuckInReleasing (§23.4): held as used, so nothing is pipelined onto it.
          node.account('used', task.reqOn(node), task.gpus, sign);
          addInto(this.clusterFuture, task.reqOn(node), -sign);
          this.freeNodes.update(node);
          break;
        }
        // Releasing capacity does not change a node's future room (capacity − used − pipelined).
        node.account('releasing', task.reqOn(node), task.gpus, sign);
        break;
      case 'Pipelined':
        node.account('pipelined', task.reqOn(node), task.gpus, sign);
        addInto(this.clusterFuture, task.reqOn(node), -sign);
        this.freeNodes.update(node);
        if (task.movedFrom) {
          const from = task.movedFrom.node;
          from.account('releasing', task.reqOn(from), task.movedFrom.gpus, sign);
        }
        break;
      case 'Pending':
      case 'Succeeded':
        break;
    }
  }
}

function victimFilterPoint(action: 'reclaim' | 'preempt'): 'reclaimVictimFilter' | 'preemptVictimFilter' {
  return action === 'reclaim' ? 'reclaimVictimFilter' : 'preemptVictimFilter';
}

export function cmpName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
