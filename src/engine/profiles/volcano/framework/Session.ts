/**
 * One Volcano (or kube-batch) scheduling session (`pkg/scheduler/framework/session.go`,
 * `session_plugins.go`): the snapshot of jobs, nodes and queues, the callbacks plugins registered by tier,
 * how each extension point combines them (via `framework/combine.ts`), the Statement operations, and the
 * decision trace. Actions read it and change it only through Statements (or `allocate` for backfill).
 */
import {
  allOf,
  allOfValue,
  anyOf,
  firstError,
  firstNonZeroValue,
  firstTierWithAny,
  stickyEmptyVeto,
  sumOf,
  tierVote,
  victimIntersectionPerTier,
  voteAnd,
  type Tiers,
  type VictimResult,
  type VoteResult,
} from '../../../framework/combine';
import { ExtensionRegistry, type PluginHandle } from '../../../framework/ExtensionRegistry';
import { lessEqual } from '../../../framework/NodeAccount';
import {
  OperationStatement,
  type Operation,
  type StatementHost,
} from '../../../framework/OperationStatement';
import { addInto, zeroResources, type QueueResources, type Resources } from '../../../model/resources';
import type { PriorityClass, SchedulerConfig } from '../../../model/scenario';
import type { Decision, JobAttempt, ProfileDetail, SessionTrace, Verdict, Vote } from '../../../model/trace';
import { JobInfo, type PodGroupPhase, TaskInfo } from '../api/JobInfo';
import { NodeInfo } from '../api/NodeInfo';
import { QueueInfo } from '../api/QueueInfo';
import type { TierVoteDetail, VictimSetDetail, StarvingDetail } from '../trace';
import {
  POINT_FLAGS,
  type EventHandler,
  type PredicateFailure,
  type VictimVote,
  type VolcanoPoints,
} from './points';

/** A victim vote's answer; its trace verdicts are built only when asked for (one node per decision). */
export interface VictimDecision {
  victims: TaskInfo[];
  verdicts: () => Verdict[];
}
import type { ProfileSessionInput } from '../../../framework/Profile';

/** Volcano HEAD, or its ancestor kube-batch (reference §3.3). */
export type Dialect = 'volcano' | 'kube-batch';

export type Statement = OperationStatement<TaskInfo, NodeInfo>;

/** `volcano.sh` critical priority classes and namespace the conformance plugin protects. */
export const CRITICAL_CLASSES = ['system-cluster-critical', 'system-node-critical'];

export class VolcanoSession {
  readonly index: number;
  readonly timeMs: number;
  readonly config: SchedulerConfig;
  readonly priorityClasses: readonly PriorityClass[];
  /** Sorted by name. */
  readonly jobs: JobInfo[] = [];
  readonly jobMap = new Map<string, JobInfo>();
  /** Sorted by name. */
  readonly nodes: NodeInfo[];
  readonly nodeMap: Map<string, NodeInfo>;
  readonly queues = new Map<string, QueueInfo>();
  /** `TotalResource`: Σ node allocatable (dimensions omitted on some node are unconstrained: Infinity). */
  readonly total: Resources = zeroResources();
  readonly registry: ExtensionRegistry<VolcanoPoints>;
  readonly trace: SessionTrace = { attempts: [], pending: [] };
  /** Deserved share per queue, published by proportion at session open (queue figures). */
  readonly deserved = new Map<string, QueueResources>();
  /** Actions configured for this session (`conf.EnabledActionMap`). */
  readonly enabledActions: ReadonlySet<string>;
  private readonly handlers: EventHandler[] = [];
  private readonly decisions: Decision[] = [];
  private readonly host: StatementHost<TaskInfo, NodeInfo>;
  /** The action running now and the attempt its operations belong to (for decision causes). */
  currentAction = '';
  currentAttempt: number | null = null;
  currentPreemptor: string | null = null;

  constructor(
    input: ProfileSessionInput,
    readonly dialect: Dialect,
  ) {
    this.index = input.index;
    this.timeMs = input.timeMs;
    this.config = input.config;
    this.priorityClasses = input.priorityClasses;
    this.enabledActions = new Set(input.config.actions);
    this.nodes = [...input.nodes].sort((a, b) => cmpName(a.name, b.name)).map((n) => new NodeInfo(n));
    this.nodeMap = new Map(this.nodes.map((n) => [n.name, n]));
    for (const n of this.nodes) addInto(this.total, n.account.allocatable);
    for (const q of [...input.queues].sort((a, b) => cmpName(a.name, b.name)))
      this.queues.set(q.name, new QueueInfo(q));
    for (const rec of input.jobs) {
      // Jobs whose queue does not exist are left out of the snapshot (reference §1.1).
      if (!this.queues.has(rec.spec.queue)) continue;
      const job = new JobInfo(rec.id, rec.spec, (rec.phase as PodGroupPhase | null) ?? rec.spec.phase);
      for (const t of rec.tasks) {
        const node =
          t.status === 'Running' || t.status === 'Releasing'
            ? t.node
              ? (this.nodeMap.get(t.node) ?? null)
              : null
            : null;
        // Evicted (Releasing) and pipelined pods of the last session are re-created Pending; Running
        // pods whose node is gone are Pending again.
        const status =
          t.status === 'Succeeded' ? 'Succeeded' : t.status === 'Running' && node ? 'Running' : 'Pending';
        const task = new TaskInfo(t.id, t.spec, job, status, status === 'Running' ? node : null);
        job.add(task);
        if (task.node) {
          task.node.account.use(task.req);
          task.node.tasks.set(task.name, task);
        }
      }
      this.jobs.push(job);
      this.jobMap.set(job.name, job);
    }
    const tierCount = input.config.tiers.length;
    // kube-batch's `isEnabled` and Volcano's ConfigMap defaulting both make an unset flag true here.
    this.registry = new ExtensionRegistry<VolcanoPoints>(tierCount, (p) => POINT_FLAGS[p], true);
    this.host = this.statementHost();
  }

  // ---------------------------------------------------------------------------------------------
  // Registration
  // ---------------------------------------------------------------------------------------------

  add<K extends keyof VolcanoPoints>(point: K, plugin: PluginHandle, fn: VolcanoPoints[K]): void {
    this.registry.add(point, plugin, fn);
  }

  addEventHandler(h: EventHandler): void {
    this.handlers.push(h);
  }

  // ---------------------------------------------------------------------------------------------
  // Orders (first non-zero, then upstream's fallback)
  // ---------------------------------------------------------------------------------------------

  /** `JobOrderFn(l, r)`: true when l goes first. Fallback: earlier creation, then smaller UID (name). */
  jobOrderFn(l: JobInfo, r: JobInfo): boolean {
    const v = firstNonZeroValue(this.registry.tiers('jobOrder'), (fn) => fn(l, r));
    if (v !== 0) return v < 0;
    if (l.creationMs !== r.creationMs) return l.creationMs < r.creationMs;
    return l.name < r.name;
  }

  /** `JobOrderCompareFn`: the plugins only, no fallback (victim ordering). */
  jobOrderCompare(l: JobInfo, r: JobInfo): number {
    return firstNonZeroValue(this.registry.tiers('jobOrder'), (fn) => fn(l, r));
  }

  /** `QueueOrderFn`: fallback creation time (all equal here), then UID = name. */
  queueOrderFn(l: QueueInfo, r: QueueInfo): boolean {
    const v = firstNonZeroValue(this.registry.tiers('queueOrder'), (fn) => fn(l, r));
    if (v !== 0) return v < 0;
    return l.name < r.name;
  }

  /** `TaskOrderFn`: fallback `CompareTask` (pod index in the name, creation, UID). */
  taskOrderFn(l: TaskInfo, r: TaskInfo): boolean {
    const v = firstNonZeroValue(this.registry.tiers('taskOrder'), (fn) => fn(l, r));
    if (v !== 0) return v < 0;
    return compareTask(l, r) < 0;
  }

  /** `VictimQueueOrderFn`: first registered non-zero; fallback **not** `QueueOrderFn(l, r)`. */
  victimQueueOrderFn(l: QueueInfo, r: QueueInfo, preemptorQueue: QueueInfo | null): boolean {
    const v = firstNonZeroValue(this.registry.tiers('victimQueueOrder'), (fn) => fn(l, r, preemptorQueue));
    if (v !== 0) return v < 0;
    return !this.queueOrderFn(l, r);
  }

  // ---------------------------------------------------------------------------------------------
  // Predicates and node scores
  // ---------------------------------------------------------------------------------------------

  /** `PredicateFn`: the first failure of any enabled plugin. */
  predicate(task: TaskInfo, node: NodeInfo): (PredicateFailure & { plugin: string }) | null {
    let unresolvable = false;
    const e = firstError(this.registry.tiers('predicate'), (fn) => {
      const f = fn(task, node);
      if (f) unresolvable = f.unresolvable;
      return f ? f.reason : null;
    });
    return e ? { reason: e.error, plugin: e.plugin, unresolvable } : null;
  }

  /** Σ node scores (`NodeOrderFn` + batch + map/reduce collapse to one sum here). */
  nodeScore(task: TaskInfo, node: NodeInfo): number {
    return sumOf(this.registry.tiers('nodeOrder'), (fn) => fn(task, node));
  }

  /**
   * Picks the best node: highest score; upstream picks randomly among equal best scores, the sandbox picks
   * the first by name (nodes are sorted by name). A single candidate is taken without scoring.
   */
  bestNode(task: TaskInfo, nodes: readonly NodeInfo[]): NodeInfo | null {
    if (nodes.length <= 1) return nodes[0] ?? null;
    let best: NodeInfo | null = null;
    let bestScore = -Infinity;
    for (const n of nodes) {
      const s = this.nodeScore(task, n);
      if (s > bestScore) {
        best = n;
        bestScore = s;
      }
    }
    return best;
  }

  /** Nodes sorted by score, highest first, ties by name (preempt's `SortNodes`). */
  sortNodesByScore(task: TaskInfo, nodes: readonly NodeInfo[]): NodeInfo[] {
    const scored = nodes.map((n) => ({ n, s: this.nodeScore(task, n) }));
    scored.sort((a, b) => b.s - a.s || cmpName(a.n.name, b.n.name));
    return scored.map((x) => x.n);
  }

  // ---------------------------------------------------------------------------------------------
  // Job and queue predicates
  // ---------------------------------------------------------------------------------------------

  /** `JobValid`: the first failing plugin's reason (no flag), or null. */
  jobValid(job: JobInfo): string | null {
    const e = firstError(this.registry.tiers('jobValid'), (fn) => fn(job));
    return e ? `${e.plugin}: ${e.error}` : null;
  }

  /** `JobReady`: AND across all enabled plugins; none → true. */
  jobReady(job: JobInfo): boolean {
    return allOfValue(this.registry.tiers('jobReady'), (fn) => fn(job), true);
  }

  /**
   * `JobPipelined`: Volcano's tier vote; kube-batch ANDs every plugin. The verdict (a tier-by-tier table)
   * is appended to `verdicts` when given.
   */
  jobPipelined(job: JobInfo, verdicts?: Verdict[]): boolean {
    return this.vote('jobPipelined', job, verdicts).value;
  }

  /** `JobEnqueueable`: the tier vote (flag `enableJobEnqueued`). */
  jobEnqueueable(job: JobInfo, verdicts?: Verdict[]): VoteResult {
    return this.vote('jobEnqueueable', job, verdicts);
  }

  private vote(point: 'jobPipelined' | 'jobEnqueueable', job: JobInfo, verdicts?: Verdict[]): VoteResult {
    const messages = verdicts
      ? new Map<string, { message: string; detail: Verdict['profileDetail'] }>()
      : null;
    const call = (
      fn: VolcanoPoints['jobPipelined'],
      r: { plugin: string },
    ): 'permit' | 'abstain' | 'reject' => {
      const a = fn(job);
      messages?.set(r.plugin, { message: a.message, detail: a.detail });
      return a.vote;
    };
    const tiers = this.registry.tiers(point);
    const result = this.dialect === 'kube-batch' ? voteAnd(tiers, call) : tierVote(tiers, call);
    if (verdicts) {
      const lines = result.steps.map((s) => ({
        plugin: s.plugin,
        tier: s.tier,
        vote: s.value as Vote,
        message: messages?.get(s.plugin)?.message ?? '',
      }));
      const slaNote = !result.value ? this.slaNote(point, job, result, tiers) : null;
      const detail: TierVoteDetail = {
        profile: 'volcano',
        type: 'tier-vote',
        point,
        lines,
        result: result.value,
        reason: result.reason,
        decidingTier: result.decidingTier,
        decidedBy: result.decidedBy,
        slaNote,
      };
      for (const s of result.steps) {
        const m = messages?.get(s.plugin);
        verdicts.push({
          plugin: s.plugin,
          point,
          allowed: s.value !== 'reject',
          message: `${capitalise(s.value)} from ${s.plugin} (tier ${s.tier}): ${m?.message ?? ''}`,
          tier: s.tier,
          vote: s.value,
          ...(m?.detail ? { profileDetail: m.detail } : {}),
        });
      }
      verdicts.push({
        plugin: 'session',
        point,
        allowed: result.value,
        message: describeVote(point, result) + (slaNote ? ` ${slaNote}` : ''),
        vote: result.value ? 'allow' : 'refuse',
        profileDetail: detail,
      });
    }
    return result;
  }

  /**
   * When a vote ended false although sla permits (its waiting time has passed) in the same tier as the
   * Reject or a later one, the difference between the sla design doc and the code, in plain words. If the
   * vote ended before sla was asked (a Reject earlier in its tier), sla's answer is worked out for the
   * explanation only: its vote is a pure function of the job and the clock, and upstream never asks it.
   */
  private slaNote(
    point: 'jobPipelined' | 'jobEnqueueable',
    job: JobInfo,
    result: VoteResult,
    tiers: Tiers<VolcanoPoints['jobPipelined']>,
  ): string | null {
    let sla = result.steps.find((x) => x.plugin === 'sla');
    let asked = true;
    if (!sla) {
      const reg = tiers.flat().find((r) => r.plugin === 'sla');
      if (!reg || reg.tier < (result.decidingTier ?? 0)) return null;
      sla = { plugin: 'sla', tier: reg.tier, value: reg.fn(job).vote };
      asked = false;
    }
    if (sla.value !== 'permit') return null;
    const what = point === 'jobEnqueueable' ? 'enqueued' : 'pipelined';
    return (
      `sla ${asked ? 'permitted' : 'would have permitted (not asked: the vote had already ended)'} — the job's SLA waiting time has passed — ` +
      `but ${result.decidedBy} rejected in tier ${result.decidingTier}, at or before sla's tier ${sla.tier}. ` +
      `The sla design doc says an expired job is ${what} "regardless of other plugins returning Reject"; the code ends the vote at the first Reject, so sla only wins from a strictly earlier tier.`
    );
  }

  /** `JobEnqueued` hooks on every enabled plugin. */
  jobEnqueued(job: JobInfo): void {
    for (const tier of this.registry.tiers('jobEnqueued')) for (const r of tier) r.fn(job);
  }

  /** `JobStarving`: the first tier with any callback decides (AND); none anywhere → false. */
  jobStarving(job: JobInfo, verdicts?: Verdict[]): boolean {
    const r = firstTierWithAny(this.registry.tiers('jobStarving'), (fn) => fn(job));
    if (verdicts) {
      const detail: StarvingDetail = {
        profile: 'volcano',
        type: 'starving',
        lines: r.steps.map((s) => ({ plugin: s.plugin, tier: s.tier, starving: s.value })),
        decidingTier: r.decidingTier,
        result: r.value,
      };
      verdicts.push({
        plugin: 'session',
        point: 'jobStarving',
        allowed: r.value,
        message:
          r.decidingTier === null
            ? `${job.name} is not starving: no plugin has JobStarving enabled, so preempt and reclaim leave it alone.`
            : r.value
              ? `${job.name} is starving for every JobStarving plugin of tier ${r.decidingTier} (${r.steps.map((s) => s.plugin).join(', ')}).`
              : `${job.name} is not starving: ${r.decidedBy} (tier ${r.decidingTier}) says it has enough tasks placed.`,
        tier: r.decidingTier ?? 0,
        vote: r.value ? 'allow' : 'refuse',
        profileDetail: detail,
      });
    }
    return r.value;
  }

  /** Why a plugin last refused a boolean point (Allocatable, Preemptive), for the action's trace line. */
  private readonly explanations = new Map<string, string>();

  explain(plugin: string, reason: string): void {
    this.explanations.set(plugin, reason);
  }

  /** The reason `plugin` gave with its last refusal, or null if it gives none. */
  explanation(plugin: string | null): string | null {
    return plugin === null ? null : (this.explanations.get(plugin) ?? null);
  }

  /** `Overused`: OR across plugins. */
  overused(queue: QueueInfo): { value: boolean; by: string | null } {
    const r = anyOf(this.registry.tiers('overused'), (fn) => fn(queue));
    return { value: r.value, by: r.decidedBy };
  }

  /** `Allocatable`: AND across plugins. */
  allocatable(queue: QueueInfo, task: TaskInfo): { value: boolean; by: string | null } {
    const r = allOf(this.registry.tiers('allocatable'), (fn) => fn(queue, task), true);
    return { value: r.value, by: r.decidedBy };
  }

  /** `Allocatable` as a plain answer (hot path: preempt re-checks it after every eviction). */
  isAllocatable(queue: QueueInfo, task: TaskInfo): boolean {
    return allOfValue(this.registry.tiers('allocatable'), (fn) => fn(queue, task), true);
  }

  /** `Preemptive`: AND across plugins. */
  preemptive(queue: QueueInfo, task: TaskInfo): { value: boolean; by: string | null } {
    const r = allOf(this.registry.tiers('preemptive'), (fn) => fn(queue, task), true);
    return { value: r.value, by: r.decidedBy };
  }

  /** `Preemptable` (§1.4): intersection per tier (Volcano) or sticky empty veto (kube-batch). */
  preemptable(preemptor: TaskInfo, candidates: readonly TaskInfo[], node: NodeInfo): VictimDecision {
    return this.victims('preemptable', preemptor, candidates, node);
  }

  /** `Reclaimable`: same combination as Preemptable. */
  reclaimable(reclaimer: TaskInfo, candidates: readonly TaskInfo[], node: NodeInfo): VictimDecision {
    return this.victims('reclaimable', reclaimer, candidates, node);
  }

  private victims(
    point: 'preemptable' | 'reclaimable',
    preemptor: TaskInfo,
    candidates: readonly TaskInfo[],
    node: NodeInfo,
  ): VictimDecision {
    const answers: [string, VictimVote][] = [];
    const tiers = this.registry.tiers(point);
    const key = (t: TaskInfo): string => t.name;
    const result: VictimResult<TaskInfo> =
      this.dialect === 'kube-batch'
        ? stickyEmptyVeto(
            tiers,
            (fn, r) => {
              const a = fn(preemptor, candidates);
              answers.push([r.plugin, a]);
              return a.victims;
            },
            key,
          )
        : victimIntersectionPerTier(
            tiers,
            (fn, r) => {
              const a = fn(preemptor, candidates);
              answers.push([r.plugin, a]);
              return a;
            },
            key,
          );
    const victims = [...(result.victims ?? [])];
    return {
      victims,
      verdicts: () => this.explainVictims(point, preemptor, candidates, node, result, victims, answers),
    };
  }

  private explainVictims(
    point: 'preemptable' | 'reclaimable',
    preemptor: TaskInfo,
    candidates: readonly TaskInfo[],
    node: NodeInfo,
    result: VictimResult<TaskInfo>,
    victims: readonly TaskInfo[],
    answers: readonly [string, VictimVote][],
  ): Verdict[] {
    const key = (t: TaskInfo): string => t.name;
    const explained = new Map<string, { message: string; detail: ProfileDetail | undefined }>();
    for (const [plugin, a] of answers) {
      explained.set(plugin, {
        message: typeof a.message === 'function' ? a.message() : a.message,
        detail: typeof a.detail === 'function' ? a.detail() : a.detail,
      });
    }
    const names = (ts: readonly TaskInfo[] | null): string[] | null => (ts ? ts.map(key) : null);
    const detail: VictimSetDetail = {
      profile: 'volcano',
      type: 'victim-set',
      point,
      rule: this.dialect === 'kube-batch' ? 'sticky-empty-veto' : 'intersection-per-tier',
      node: node.name,
      preemptorTask: preemptor.name,
      candidates: candidates.map(key),
      lines: result.steps.map((s) => ({
        plugin: s.plugin,
        tier: s.tier,
        abstain: s.abstain,
        answer: s.answer.map(key),
        after: names(s.after),
        endedTier: s.endedTier,
        message: explained.get(s.plugin)?.message ?? '',
      })),
      victims: victims.map(key),
      decidingTier: result.decidingTier,
    };
    const verdicts: Verdict[] = [];
    for (const s of result.steps) {
      const m = explained.get(s.plugin);
      verdicts.push({
        plugin: s.plugin,
        point,
        allowed: s.answer.length > 0,
        message: `${s.plugin} (tier ${s.tier}) on ${node.name}: ${m?.message ?? ''}`,
        tier: s.tier,
        vote: s.abstain ? 'abstain' : s.answer.length > 0 ? 'permit' : 'refuse',
        ...(m?.detail ? { profileDetail: m.detail } : {}),
      });
    }
    verdicts.push({
      plugin: 'session',
      point,
      allowed: victims.length > 0,
      message:
        victims.length > 0
          ? `Victims on ${node.name} for ${preemptor.name}: ${victims.map(key).join(', ')} (decided by tier ${result.decidingTier}).`
          : `No victims on ${node.name} for ${preemptor.name}: ${
              this.dialect === 'kube-batch'
                ? 'a plugin answered with no victims, and in kube-batch an empty answer vetoes every later tier.'
                : 'no tier produced a non-empty victim set.'
            }`,
      vote: victims.length > 0 ? 'allow' : 'refuse',
      profileDetail: detail,
    });
    return verdicts;
  }

  // ---------------------------------------------------------------------------------------------
  // Statement operations
  // ---------------------------------------------------------------------------------------------

  statement(): Statement {
    return new OperationStatement(this.host);
  }

  /**
   * Bumped by every operation that changes the session state (evict, pipeline, allocate and their
   * undos), so an action may reuse an answer computed while nothing changed.
   */
  opCount = 0;

  private fire(task: TaskInfo, kind: 'allocate' | 'deallocate'): void {
    this.opCount++;
    for (const h of this.handlers) h[kind]?.(task);
  }

  private cause(task: TaskInfo): void {
    task.cause = { action: this.currentAction, by: this.currentPreemptor, attempt: this.currentAttempt };
  }

  private statementHost(): StatementHost<TaskInfo, NodeInfo> {
    return {
      evict: (task) => {
        task.job.setStatus(task, 'Releasing');
        task.node?.account.release(task.req);
        this.cause(task);
        this.fire(task, 'deallocate');
      },
      unevict: (task) => {
        task.job.setStatus(task, 'Running');
        task.node?.account.release(task.req, -1);
        this.fire(task, 'allocate');
      },
      pipeline: (task, node) => {
        task.job.setStatus(task, 'Pipelined');
        task.node = node;
        node.tasks.set(task.name, task);
        node.account.pipeline(task.req);
        this.cause(task);
        this.fire(task, 'allocate');
      },
      unpipeline: (task) => {
        const node = task.node;
        task.job.setStatus(task, 'Pending');
        if (node) {
          node.account.pipeline(task.req, -1);
          node.tasks.delete(task.name);
        }
        task.node = null;
        this.fire(task, 'deallocate');
      },
      allocate: (task, node) => {
        task.job.setStatus(task, 'Allocated');
        task.node = node;
        node.tasks.set(task.name, task);
        node.account.use(task.req);
        this.cause(task);
        this.fire(task, 'allocate');
      },
      unallocate: (task) => {
        const node = task.node;
        task.job.setStatus(task, 'Pending');
        if (node) {
          node.account.use(task.req, -1);
          node.tasks.delete(task.name);
        }
        task.node = null;
        this.fire(task, 'deallocate');
      },
      commit: (op) => this.commitOp(op),
    };
  }

  private commitOp(op: Operation<TaskInfo, NodeInfo>): void {
    const task = op.task;
    if (op.kind === 'evict') {
      task.committed = 'evict';
      this.record(task, 'evict');
    } else if (op.kind === 'pipeline') {
      task.committed = 'pipeline';
      this.record(task, 'pipeline');
    } else {
      task.job.setStatus(task, 'Binding');
      task.committed = 'bind';
      this.record(task, 'bind');
    }
  }

  /**
   * `ssn.Allocate` (backfill, no statement): allocates, then, if the job is ready, dispatches **all** of
   * the job's Allocated tasks to the binder, including tasks an uncommitted allocate statement left there.
   */
  allocateNow(task: TaskInfo, node: NodeInfo): void {
    this.host.allocate(task, node);
    if (!this.jobReady(task.job)) return;
    for (const t of task.job.tasks) {
      if (t.status !== 'Allocated') continue;
      t.job.setStatus(t, 'Binding');
      t.committed = 'bind';
      this.record(t, 'bind');
    }
  }

  private record(task: TaskInfo, kind: 'bind' | 'pipeline' | 'evict'): void {
    const c = task.cause;
    const action = c?.action ?? this.currentAction;
    const by = kind === 'evict' ? (c?.by ?? null) : null;
    const node = task.node?.name ?? null;
    const attempt = c?.attempt ?? null;
    const att = attempt !== null ? this.trace.attempts[attempt] : undefined;
    let reason: string;
    if (kind === 'bind') reason = `${action}: ${task.name} bound to ${node}, which had idle capacity for it.`;
    else if (kind === 'pipeline')
      reason = `${action}: ${task.name} pipelined to ${node}: it waits there for the capacity being released.`;
    else
      reason = `${action}: ${task.name} (job ${task.job.name}, queue ${task.job.queue}) evicted to make room for ${by ?? '?'}${
        att ? ` (queue ${att.queue})` : ''
      }.${victimWhy(att, task)}`;
    this.decisions.push({ action, kind, task: task.name, job: task.job.name, node, by, reason, attempt });
  }

  /** Committed decisions, in commit order. */
  committedDecisions(): Decision[] {
    return this.decisions;
  }

  // ---------------------------------------------------------------------------------------------
  // Trace
  // ---------------------------------------------------------------------------------------------

  /** Opens an attempt record for `job` in the current action; returns its index. */
  beginAttempt(job: JobInfo, tasks: readonly TaskInfo[]): number {
    const a: JobAttempt = {
      action: this.currentAction,
      job: job.name,
      queue: job.queue,
      tasks: tasks.map((t) => t.name),
      outcome: 'failed',
      message: '',
      code: null,
      verdicts: [],
      victims: [],
      omittedVictims: 0,
      protectedVictims: 0,
    };
    this.trace.attempts.push(a);
    return this.trace.attempts.length - 1;
  }

  attempt(i: number): JobAttempt {
    return this.trace.attempts[i] as JobAttempt;
  }

  /** The request fits the node's future idle resources (0.1 tolerance). */
  fitsFutureIdle(task: TaskInfo, node: NodeInfo): boolean {
    return node.account.fitsFuture(task.req);
  }

  fitsIdle(task: TaskInfo, node: NodeInfo): boolean {
    return lessEqual(task.req, node.account.idle);
  }
}

function describeVote(point: string, r: VoteResult): string {
  const what = point === 'jobEnqueueable' ? 'JobEnqueueable' : 'JobPipelined';
  switch (r.reason) {
    case 'reject':
      return `${what} is false: Reject from ${r.decidedBy} (tier ${r.decidingTier}) ends the vote.`;
    case 'permit':
      return `${what} is true: tier ${r.decidingTier} holds a Permit (first from ${r.decidedBy}) and no Reject, so later tiers are not asked.`;
    case 'all-abstain':
      return `${what} is true: every plugin abstained.`;
    case 'none':
      return `${what} is true: no plugin has it enabled.`;
  }
}

function victimWhy(att: JobAttempt | undefined, task: TaskInfo): string {
  if (!att) return '';
  const v = att.verdicts.find(
    (x) =>
      x.plugin === 'session' &&
      (x.point === 'preemptable' || x.point === 'reclaimable') &&
      x.profileDetail?.type === 'victim-set' &&
      (x.profileDetail as VictimSetDetail).victims.includes(task.name),
  );
  if (!v) return '';
  const d = v.profileDetail as VictimSetDetail;
  const voters = d.lines.filter((l) => l.tier === d.decidingTier && !l.abstain).map((l) => l.plugin);
  return ` Tier ${d.decidingTier} (${voters.join(', ')}) listed it as a victim.`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Name comparison (code-unit order, as Go compares strings). */
export function cmpName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const INT = /^[+-]?\d+$/;

/**
 * `CompareTask`: when both pod names have at least three dash-separated parts whose last parts are
 * integers that differ, the smaller index first; otherwise earlier creation, then smaller UID (name).
 */
export function compareTask(l: TaskInfo, r: TaskInfo): number {
  const lp = l.name.split('-');
  const rp = r.name.split('-');
  if (lp.length >= 3 && rp.length >= 3) {
    const ls = lp[lp.length - 1] as string;
    const rs = rp[rp.length - 1] as string;
    if (INT.test(ls) && INT.test(rs)) {
      const li = Number(ls);
      const ri = Number(rs);
      if (li !== ri) return li - ri;
    }
  }
  if (l.job.creationMs !== r.job.creationMs) return l.job.creationMs - r.job.creationMs;
  return cmpName(l.name, r.name);
}
