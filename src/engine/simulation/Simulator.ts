/**
 * The simulator: a virtual clock, the event stream, and the session loop. Each `step()` runs one session
 * (open snapshot → plugins open → actions in order → plugins close → commit) and records it in the history.
 * Nothing here reads the wall clock or randomness, so the same scenario always gives the same trace.
 */
import type { ResolveQuery, ResolveResult, SessionMarker, Simulation } from '../api';
import type { TaskInfo } from '../profiles/kai/framework/JobInfo';
import type { Session } from '../profiles/kai/framework/Session';
import type { QueueInfo } from '../profiles/kai/framework/QueueInfo';
import type { QueueResources } from '../model/resources';
import { parseDuration } from '../model/duration';
import type { Scenario, UsageParams } from '../model/scenario';
import type { SessionSnapshot } from '../model/snapshot';
import type { Decision, SessionTrace } from '../model/trace';
import {
  assertSupported,
  createAction,
  createPlugin,
  protectionModel,
  sessionMarks,
  sessionProfile,
  type ProtectionModel,
} from '../registry';
import { runProfileSession } from './runProfileSession';
import { ClusterState, type JobRecord, type TaskRecord } from './ClusterState';
import { commitSession } from '../profiles/kai/session/commitSession';
import {
  History,
  type JobDelta,
  type QueueFiguresDelta,
  type SessionEntry,
  type TaskDelta,
  type HistorySize,
} from './History';
import { openSession, type PoolScope } from '../profiles/kai/session/openSession';
import { poolsOf } from '../model/nodePool';
import { poolConfig } from '../profiles/kai/nodePools/poolConfig';
import { appendPoolSession } from '../profiles/kai/nodePools/tagPool';
import { TraceInterner } from './TraceInterner';
import { explainPending } from '../profiles/kai/explainPending';
import { buildSnapshot } from './buildSnapshot';
import {
  appendUsage,
  DEFAULT_STEP_MS,
  fetchUsage,
  lastFetchAt,
  newUsageLedger,
  type UsageFetch,
  type UsageLedger,
} from './UsageLedger';
import { historyBeforeStart, usageMetricSample } from './usageMetric';

/** How much of each session a simulator keeps. */
export interface SimulatorOptions {
  /**
   * `full` (the default): everything the views and `sim run` read (the trace of every session, keyframes
   * for rebuilding snapshots, protection marks). `metrics`: only what the metrics over time and a
   * comparison read (decisions, task, job and queue changes, and the attempts where min-runtime kept a
   * victim), for Workshop sweeps and comparisons: no other trace is kept, no pending explanation built, no
   * keyframe taken, and `snapshot()` refuses. Scheduling
   * is the same code either way, so the decisions and the metrics are byte-identical (a test checks).
   * `latest`: what `full` records, but only for the latest session (the runner's streamed `run` and
   * `check`, decision 0125): `snapshot()` answers for the session just run, earlier ones are dropped and
   * `markers()` lists the latest only, so memory does not grow with the number of sessions.
   */
  record?: 'full' | 'metrics' | 'latest';
}

/**
 * What a metrics-only run keeps of a session's trace: the attempts in which min-runtime kept a victim (a
 * comparison says "protected in A" from them, compareRuns.ts); nothing else, no pending explanations.
 */
function protectionOnly(trace: SessionTrace): SessionTrace {
  const attempts = trace.attempts.filter((a) =>
    a.victims.some(
      (v) => v.outcome === 'filtered' && v.verdicts.some((x) => x.plugin === 'minruntime' && !x.allowed),
    ),
  );
  return { attempts, pending: [] };
}

export class Simulator implements Simulation {
  readonly state: ClusterState;
  readonly history: History;
  private finished = false;
  private nextTimeMs = 0;
  private lastFigures = new Map<string, QueueFiguresDelta>();
  private lastQueueVersion = 0;
  private lastNodeVersion = 0;
  private lastConfigVersion = 0;
  private protection: ProtectionModel;
  private readonly interner = new TraceInterner();
  /** KAI usage history (time-based fair share); null unless some configuration sets `usageDBConfig`. */
  private readonly usage: UsageLedger | null;
  /**
   * Each scheduler's last usage fetch and the parameters it was made with (a configuration change fetches
   * anew), by pool name ('' = the one scheduler without pools): every shard's scheduler has its own usage
   * lister, fetching on its own ticker with its own configuration (decision 0247).
   */
  private readonly lastUsageFetch = new Map<string, { params: UsageParams; fetch: UsageFetch }>();
  /**
   * Time of the last session that changed anything (see {@link settleHorizonMs}). It starts at t=0: the
   * scenario's initial state (jobs already running, protections already counting) is itself a change, so a
   * quiet first session does not count as settled (issue 18).
   */
  private lastChangeMs = 0;
  /** How long a run without `run:` must stay unchanged before it stops (docs §7.1). */
  private readonly settleHorizonMs: number;

  /** False when the simulator records only what metrics read ({@link SimulatorOptions}). */
  readonly recordsTrace: boolean;

  constructor(
    readonly scenario: Scenario,
    options: SimulatorOptions = {},
  ) {
    assertSupported(scenario);
    this.recordsTrace = options.record !== 'metrics';
    this.state = new ClusterState(scenario);
    this.protection = protectionModel(this.state.config, [...this.state.queues.values()], scenario.nodePools);
    this.usage = usageLedgerFor(scenario);
    this.settleHorizonMs = settleHorizonMs(scenario);
    this.history = new History(
      {
        index: 0,
        tasks: [],
        jobs: [],
        queueFigures: new Map(),
        queueSpecs: [...this.state.queues.values()],
        nodeSpecs: [...this.state.nodes.values()],
        config: this.state.config,
        usage: this.usage,
      },
      { keyframes: this.recordsTrace, latestOnly: options.record === 'latest' },
    );
  }

  isFinished(): boolean {
    if (this.finished) return true;
    const run = this.scenario.run;
    const index = this.history.sessionCount + 1;
    if (run.sessions !== null) return index > run.sessions;
    if (index > run.maxSessions) return true;
    if (run.untilMs !== null && this.nextTimeMs > run.untilMs) return true;
    if (index > 1 && !this.state.hasDueEvents() && !this.hasWork()) return true;
    if (run.untilSettled && index > 1 && this.isSettled()) return true;
    return false;
  }

  /**
   * Nothing is left to happen: no event to come, no task between states (Pipelined, Releasing), no job
   * that will complete, and nothing has changed for longer than the longest duration the scenario
   * configures. Every time-based rule counts from one of these moments: a job's submission (Volcano's sla
   * waiting time), its last start (min-runtime protection), the moment its gang went stale (KAI's grace
   * period), or a session that changed something (an event, a decision), and t=0 stands for everything
   * that was already counting when the run began. The quiet stretch is counted from the latest of these
   * moments, so every such rule has fired by the time the run stops, if it ever will.
   */
  private isSettled(): boolean {
    if (this.state.hasDueEvents()) return false;
    // Cheap first: within the horizon of the last change there is no need to look at the jobs.
    if (this.nextTimeMs - this.lastChangeMs <= this.settleHorizonMs) return false;
    let latest = this.lastChangeMs;
    for (const job of this.state.liveJobs()) {
      if (job.isRunning && job.spec.runtimeMs !== null) return false;
      for (const t of job.tasks) if (t.status === 'Pipelined' || t.status === 'Releasing') return false;
      latest = Math.max(latest, job.spec.submitAtMs, job.startedAtMs ?? latest, job.staleSinceMs ?? latest);
    }
    return this.nextTimeMs - latest > this.settleHorizonMs;
  }

  historySize(): HistorySize {
    return this.history.storedSize();
  }

  sessionCount(): number {
    return this.history.sessionCount;
  }

  /** Time of the session `step()` would run next (the runner resolves `expect` checks `at` a time by it). */
  nextSessionTimeMs(): number {
    return this.nextTimeMs;
  }

  step(): boolean {
    if (this.isFinished()) {
      this.finished = true;
      return false;
    }
    this.runSession(this.history.sessionCount + 1, this.nextTimeMs);
    this.nextTimeMs += this.state.config.schedulePeriodMs;
    return true;
  }

  /** Runs every remaining session. */
  runToEnd(): void {
    while (this.step()) {
      /* keep stepping */
    }
  }

  snapshot(index: number): SessionSnapshot {
    if (!this.recordsTrace) throw new Error('this simulation records metrics only; it has no snapshots');
    const entry = this.history.entry(index);
    const state = this.history.stateAt(index);
    return buildSnapshot(this.state, entry, state);
  }

  markers(): SessionMarker[] {
    return this.history.entries.map((e) => {
      const m: SessionMarker = {
        index: e.index,
        timeMs: e.timeMs,
        binds: 0,
        pipelines: 0,
        evictions: 0,
        completions: 0,
        protectionChanges: e.protectionChanges,
      };
      if (e.marks) {
        m.enqueued = e.marks.enqueued;
        m.slaExpired = [...e.marks.slaExpired];
      }
      for (const d of e.decisions) {
        if (d.kind === 'bind') m.binds++;
        else if (d.kind === 'pipeline') m.pipelines++;
        else if (d.kind === 'evict') m.evictions++;
        else m.completions++;
      }
      return m;
    });
  }

  /**
   * Min-runtime resolution under the queues and scheduler config in force at the end of session `session`
   * (the ones it ran with; 0 = the scenario at t=0, before any event). Throws a RangeError for a session
   * that has not run.
   */
  resolve(query: ResolveQuery, session = 0): ResolveResult {
    if (!Number.isInteger(session) || session < 0 || session > this.history.sessionCount) {
      throw new RangeError(`session ${session} has not run (sessions run: ${this.history.sessionCount})`);
    }
    const frame = this.history.stateAt(session);
    return protectionModel(frame.config, frame.queueSpecs, this.scenario.nodePools).resolve(query);
  }

  private hasWork(): boolean {
    for (const job of this.state.jobs.values()) {
      for (const t of job.tasks) if (t.status !== 'Succeeded') return true;
    }
    return false;
  }

  private runSession(index: number, timeMs: number): void {
    const completions: Decision[] = [];
    const applied = this.state.applyEventsUntil(timeMs);
    const changedTasks = new Set<TaskRecord>(applied.tasks);
    const changedJobs = new Set<JobRecord>(applied.jobs);
    const progressed = new Set<JobRecord>();
    this.advanceRuntime(timeMs, completions, changedTasks, changedJobs, progressed);
    // Who was still waiting when the session opened (for the SLA-expiry mark), before it places anyone.
    const waiting =
      this.scenario.profile === 'kai'
        ? []
        : this.state.jobList
            .filter((j) => !j.deleted)
            .map((j) => ({ spec: j.spec, statuses: j.tasks.map((t) => t.status) }));
    const previousTimeMs = this.history.latest?.timeMs ?? Number.NEGATIVE_INFINITY;

    let decisions: Decision[];
    let trace: SessionTrace;
    let figures: QueueFiguresDelta[];
    const own = sessionProfile(this.scenario.profile);
    if (own) {
      const r = runProfileSession(own, this.state, index, timeMs);
      for (const t of r.changedTasks) changedTasks.add(t);
      for (const j of r.changedJobs) changedJobs.add(j);
      this.updateRunningState(timeMs, changedJobs);
      decisions = r.decisions;
      trace = r.trace;
      figures = this.diffFigures(r.queues.map((q) => ({ ...q })));
    } else {
      const pools = poolsOf(this.scenario.nodePools);
      if (pools.length === 0) {
        const whole = this.runKaiSession(index, timeMs, null, changedTasks, changedJobs);
        decisions = whole.decisions;
        trace = whole.trace;
        figures = this.diffFigures(whole.figures);
      } else {
        // Node pools (§24): every pool's scheduler runs its own session over its nodes, queues and jobs,
        // with its own configuration, as each KAI shard is a scheduler of its own.
        const joined = { decisions: [] as Decision[], trace: { attempts: [], pending: [] } as SessionTrace };
        const all: QueueFiguresDelta[] = [];
        for (const pool of pools) {
          const scope = {
            name: pool.name,
            labelValue: pool.labelValue,
            config: poolConfig(this.state.config, pool),
          };
          const r = this.runKaiSession(index, timeMs, scope, changedTasks, changedJobs);
          appendPoolSession(joined, pool.name, r.decisions, r.trace);
          all.push(...r.figures);
        }
        decisions = joined.decisions;
        trace = joined.trace;
        figures = this.diffFigures(all);
      }
      this.updateRunningState(timeMs, changedJobs);
    }

    const queuesChanged = this.state.queueVersion !== this.lastQueueVersion;
    const nodesChanged = this.state.nodeVersion !== this.lastNodeVersion;
    const configChanged = this.state.configVersion !== this.lastConfigVersion;
    if (queuesChanged || configChanged) {
      this.protection = protectionModel(
        this.state.config,
        [...this.state.queues.values()],
        this.scenario.nodePools,
      );
    }
    // A running job's progress changes every session. A metrics-only run does not store that alone: the
    // metrics read a job's running state and deletion, not its progress, and storing every running job
    // every session made its memory grow with sessions × jobs (issue 18, decision 0126).
    if (this.recordsTrace) for (const j of progressed) changedJobs.add(j);
    const entry: SessionEntry = {
      index,
      timeMs,
      decisions: [...completions, ...decisions],
      trace: this.recordsTrace ? this.interner.intern(trace) : protectionOnly(trace),
      jobCount: this.state.jobList.length,
      taskCount: this.state.tasks.length,
      tasks: [...changedTasks].sort((a, b) => a.id - b.id).map(taskDelta),
      jobs: [...changedJobs].sort((a, b) => a.id - b.id).map(jobDelta),
      queueFigures: figures,
      queueSpecs: queuesChanged ? [...this.state.queues.values()] : null,
      nodeSpecs: nodesChanged ? [...this.state.nodes.values()] : null,
      config: configChanged ? this.state.config : null,
      // Metrics do not read protection marks; a run that stops once settled still needs them (isSettled).
      protectionChanges:
        this.recordsTrace || this.scenario.run.untilSettled ? this.countProtectionChanges(timeMs) : 0,
    };
    const marks = sessionMarks(
      this.scenario.profile,
      this.state.config,
      waiting,
      previousTimeMs,
      timeMs,
      trace,
    );
    if (marks) entry.marks = marks;
    if (this.usage) {
      entry.usage = usageMetricSample(this.state, timeMs);
      appendUsage(this.usage, entry.usage);
    }
    const changed =
      applied.tasks.length > 0 ||
      applied.jobs.length > 0 ||
      queuesChanged ||
      nodesChanged ||
      configChanged ||
      entry.decisions.length > 0 ||
      entry.protectionChanges > 0 ||
      (marks !== undefined && marks !== null && (marks.enqueued > 0 || marks.slaExpired.length > 0));
    if (changed) this.lastChangeMs = timeMs;
    this.lastQueueVersion = this.state.queueVersion;
    this.lastNodeVersion = this.state.nodeVersion;
    this.lastConfigVersion = this.state.configVersion;
    this.history.push(entry, this.state.tasks.length);
  }

  /**
   * Adds run time to running jobs (listed in `progressed`); a job whose runtime is reached completes (its
   * tasks succeed; listed in `changedJobs`).
   */
  private advanceRuntime(
    timeMs: number,
    completions: Decision[],
    changedTasks: Set<TaskRecord>,
    changedJobs: Set<JobRecord>,
    progressed: Set<JobRecord>,
  ): void {
    for (const job of this.state.liveJobs()) {
      if (!job.isRunning) continue;
      job.progressMs += timeMs - job.progressAtMs;
      job.progressAtMs = timeMs;
      progressed.add(job);
      if (job.spec.runtimeMs === null || job.progressMs < job.spec.runtimeMs) continue;
      job.isRunning = false;
      changedJobs.add(job);
      for (const t of job.tasks) {
        if (t.status === 'Succeeded') continue;
        completions.push({
          action: 'runtime',
          kind: 'complete',
          task: t.spec.name,
          job: job.spec.name,
          node: t.node,
          by: null,
          reason: `${job.spec.name} ran for its whole runtime; ${t.spec.name} succeeded and freed its resources.`,
          attempt: null,
        });
        t.status = 'Succeeded';
        t.node = null;
        t.gpus = [];
        changedTasks.add(t);
      }
    }
  }

  /** A job runs while at least minAvailable of its tasks run; dropping below loses its progress. */
  private updateRunningState(timeMs: number, changedJobs: Set<JobRecord>): void {
    for (const job of this.state.liveJobs()) {
      let running = 0;
      for (const t of job.tasks) if (t.status === 'Running') running++;
      const isRunning = running >= Math.max(job.spec.minAvailable, 1);
      if (isRunning === job.isRunning) continue;
      job.isRunning = isRunning;
      job.progressAtMs = timeMs;
      // A job that stops keeps the time it ran (the jobs table shows it); it restarts from 0 when it runs again.
      if (isRunning) job.progressMs = 0;
      changedJobs.add(job);
    }
  }

  /** One KAI session over the whole cluster (`pool` null) or over one node pool's part of it. */
  private runKaiSession(
    index: number,
    timeMs: number,
    pool: PoolScope | null,
    changedTasks: Set<TaskRecord>,
    changedJobs: Set<JobRecord>,
  ): { decisions: Decision[]; trace: SessionTrace; figures: QueueFiguresDelta[] } {
    const { ssn, records, jobRecords } = openSession(this.state, index, timeMs, this.scenario.profile, pool);
    const config = pool?.config ?? this.state.config;
    const usageParams = config.usage;
    if (this.usage && usageParams) {
      const fetched = this.usageFetchedFor(pool?.name ?? '', usageParams, timeMs);
      ssn.queueUsage = fetched.usage;
      ssn.queueUsageFetch = { asOfMs: fetched.asOfMs, noGpuCapacity: fetched.noGpuCapacity };
    }
    const profile = this.scenario.profile;
    // Plugins keep their tier: the session files each callback under plugin and tier (ExtensionRegistry)
    // and combines them tier by tier (combine.ts), as KAI's framework walks tiers, then plugins.
    const plugins = config.tiers.flatMap((tier, t) =>
      tier.plugins.map((p) => ({
        handle: { name: p.name, tier: t + 1, flags: p.flags },
        plugin: createPlugin(profile, p),
      })),
    );
    for (const { handle, plugin } of plugins) ssn.openPlugin(handle, (s) => plugin.onSessionOpen(s));
    for (const name of config.actions) createAction(profile, name).execute(ssn);
    for (const { plugin } of plugins) plugin.onSessionClose?.(ssn);

    const committed = commitSession(ssn, records, jobRecords);
    for (const t of committed.changedTasks) changedTasks.add(t);
    for (const j of committed.changedJobs) changedJobs.add(j);
    if (this.recordsTrace) ssn.trace.pending = explainPending(ssn);
    return { decisions: committed.decisions, trace: ssn.trace, figures: this.queueFigures(ssn) };
  }

  private queueFigures(ssn: Session): QueueFiguresDelta[] {
    const allocated = new Map<string, QueueResources>();
    const requested = new Map<string, QueueResources>();
    for (const q of ssn.queues.values()) {
      allocated.set(q.name, { gpu: 0, cpu: 0, memory: 0 });
      requested.set(q.name, { gpu: 0, cpu: 0, memory: 0 });
    }
    // Each leaf's figures along its path, looked up once per job rather than once per task and level
    // (every task of every session passes here); the additions and their order are unchanged.
    const paths = new Map<QueueInfo, { allocated: QueueResources[]; requested: QueueResources[] }>();
    const pathOf = (leaf: QueueInfo) => {
      let p = paths.get(leaf);
      if (!p) {
        p = {
          allocated: leaf.path.map((q) => allocated.get(q.name) as QueueResources),
          requested: leaf.path.map((q) => requested.get(q.name) as QueueResources),
        };
        paths.set(leaf, p);
      }
      return p;
    };
    const addUp = (targets: QueueResources[], task: TaskInfo): void => {
      const { gpu, cpu, memory } = task.req;
      for (const r of targets) {
        r.gpu += gpu;
        r.cpu += cpu;
        r.memory += memory;
      }
    };
    for (const job of ssn.jobs) {
      const p = pathOf(job.queue);
      for (const task of job.tasks) {
        if (task.status === 'Allocated' || task.status === 'Running') addUp(p.allocated, task);
        if (task.status !== 'Succeeded') addUp(p.requested, task);
      }
    }
    return [...ssn.queues.values()].map((q) => {
      const fig: QueueFiguresDelta = {
        name: q.name,
        fairShare: ssn.fairShare.get(q.name) ?? { gpu: 0, cpu: 0, memory: 0 },
        allocated: allocated.get(q.name) as QueueResources,
        requested: requested.get(q.name) as QueueResources,
      };
      const timeAware = ssn.timeAware.get(q.name);
      if (timeAware) fig.timeAware = timeAware;
      return fig;
    });
  }

  /**
   * KAI's usage copy at `timeMs`: the last fetch, made on start and every fetchInterval (KAI
   * pkg/scheduler/cache/usagedb/usagedb.go:84-105 @d5bc503), used by every session until the next one,
   * stale or not (GetResourceUsage returns the last data, usagedb.go:60-80). One query per fetch.
   */
  private usageFetchedFor(scheduler: string, params: UsageParams, timeMs: number): UsageFetch {
    const asOf = lastFetchAt(params, timeMs);
    const last = this.lastUsageFetch.get(scheduler);
    if (last && last.params === params && last.fetch.asOfMs === asOf) return last.fetch;
    const fetch = fetchUsage(this.usage as UsageLedger, params, asOf);
    this.lastUsageFetch.set(scheduler, { params, fetch });
    return fetch;
  }

  /** The figures that changed since the previous session (the history stores only those). */
  private diffFigures(all: QueueFiguresDelta[]): QueueFiguresDelta[] {
    const out: QueueFiguresDelta[] = [];
    const next = new Map<string, QueueFiguresDelta>();
    for (const fig of [...all].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const q = fig;
      next.set(q.name, fig);
      const prev = this.lastFigures.get(q.name);
      if (!prev || !sameAsJson(prev, fig)) out.push(fig);
    }
    this.lastFigures = next;
    return out;
  }

  /** Jobs whose preempt or reclaim protection flipped since the previous session. */
  private countProtectionChanges(timeMs: number): number {
    const prev = this.history.latest?.timeMs ?? null;
    // Reclaim protection under lca depends on who waits to reclaim (as in the snapshot): index them once.
    const waiting = new Set<string>();
    for (const job of this.state.liveJobs())
      if (job.tasks.some((t) => t.status === 'Pending' || t.status === 'Pipelined'))
        waiting.add(job.spec.queue);
    const reclaimers = this.protection.reclaimerIndex(waiting);
    let n = 0;
    for (const job of this.state.liveJobs()) {
      if (job.startedAtMs === null || !job.tasks.some((t) => t.status === 'Running')) continue;
      for (const until of this.protection.protectedUntil(job.spec.queue, job.startedAtMs, reclaimers)) {
        if (until === null) continue;
        const gained = job.startedAtMs === timeMs && timeMs < until;
        // A protection of 0s (min-runtime 0) never began, so it cannot end: no mark at every job start.
        const lost = prev !== null && until > job.startedAtMs && prev < until && until <= timeMs;
        if (gained || lost) n++;
      }
    }
    return n;
  }
}

/**
 * A usage ledger when the scenario's configuration, or a later `updateConfig`, sets a usage database: the
 * history is kept from the start either way (KAI's metrics exist before the scheduler reads them), as long
 * as the longest window any of them uses.
 */
function usageLedgerFor(scenario: Scenario): UsageLedger | null {
  const params = [
    scenario.scheduler.usage,
    ...(scenario.nodePools ?? []).map((p) => p.usage),
    ...scenario.events.map((e) => (e.kind === 'updateConfig' ? e.patch.usage : undefined)),
  ].filter((p) => p !== undefined);
  if (scenario.profile !== 'kai' || params.length === 0) return null;
  // A fetch reads up to one fetchInterval back from the session, and its first step up to one resolution
  // before the window: keep samples for all of it.
  const horizon = params.reduce(
    (max, p) =>
      Math.max(
        max,
        p.windowSizeMs + (p.fetchIntervalMs ?? DEFAULT_STEP_MS) + (p.queryResolutionMs ?? DEFAULT_STEP_MS),
      ),
    0,
  );
  const ledger = newUsageLedger(horizon);
  for (const sample of historyBeforeStart(scenario)) appendUsage(ledger, sample);
  return ledger;
}

/**
 * `JSON.stringify(a) === JSON.stringify(b)` for plain data without building the strings (it ran for every
 * queue every session): same keys in the same order, numbers equal as JSON writes them (non-finite → null).
 */
export function sameAsJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return !Number.isFinite(a) && !Number.isFinite(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameAsJson(a[i], b[i])) return false;
    return true;
  }
  if (!isPlain(a) || !isPlain(b)) return JSON.stringify(a) === JSON.stringify(b);
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i]) return false;
    if (!sameAsJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

function isPlain(o: object): boolean {
  const proto: unknown = Object.getPrototypeOf(o);
  return (proto === Object.prototype || proto === null) && !('toJSON' in o);
}

function taskDelta(t: TaskRecord): TaskDelta {
  return { id: t.id, status: t.status, node: t.node, gpus: t.gpus };
}

function jobDelta(j: JobRecord): JobDelta {
  return {
    id: j.id,
    startedAtMs: j.startedAtMs,
    progressMs: j.progressMs,
    progressAtMs: j.progressAtMs,
    isRunning: j.isRunning,
    phase: j.phase,
    deleted: j.deleted,
  };
}

/**
 * The longest duration a scenario configures (queue min-runtimes, plugin arguments and job annotations that
 * read as durations, the stale-gang grace period, the usage window and half-life of time-based fair share,
 * the session period), events included: a run without
 * `run:` stops after staying unchanged for longer than this.
 */
export function settleHorizonMs(scenario: Scenario): number {
  let longest = scenario.scheduler.schedulePeriodMs;
  const consider = (ms: number | null | undefined) => {
    if (ms !== null && ms !== undefined && Number.isFinite(ms)) longest = Math.max(longest, Math.abs(ms));
  };
  const considerText = (value: unknown) => {
    if (typeof value !== 'string') return;
    const parsed = tryParseDuration(value);
    if (parsed !== null) consider(parsed);
  };
  const considerConfig = (config: Partial<Scenario['scheduler']>) => {
    consider(config.stalenessGracePeriodMs);
    consider(config.schedulePeriodMs);
    // KAI's usage history changes fair shares for as long as past allocations stay in its window.
    consider(config.usage?.windowSizeMs);
    consider(config.usage?.halfLifePeriodMs);
    for (const tier of config.tiers ?? [])
      for (const plugin of tier.plugins) for (const v of Object.values(plugin.arguments)) considerText(v);
  };
  considerConfig(scenario.scheduler);
  // A pool's own usage window and min-runtime defaults (§24) bound its sessions the same way.
  for (const pool of scenario.nodePools ?? []) {
    if (pool.usage !== undefined) considerConfig({ usage: pool.usage });
    considerText(pool.preemptMinRuntime);
    considerText(pool.reclaimMinRuntime);
  }
  const jobs = [...scenario.jobs];
  for (const q of scenario.queues) {
    consider(q.preemptMinRuntimeMs);
    consider(q.reclaimMinRuntimeMs);
  }
  for (const e of scenario.events) {
    if (e.kind === 'submit') jobs.push(e.job);
    else if (e.kind === 'updateConfig') considerConfig(e.patch);
    else if (e.kind === 'updateQueue') {
      consider(e.patch.preemptMinRuntimeMs);
      consider(e.patch.reclaimMinRuntimeMs);
    }
  }
  for (const job of jobs) {
    for (const v of Object.values(job.annotations)) considerText(v);
    consider(job.preemptionDelayMs);
  }
  return longest;
}

function tryParseDuration(text: string): number | null {
  // Durations past the format's bound are refused here; plugins treat them as their own defaults.
  const parsed = parseDuration(text);
  return parsed.ok ? parsed.ms : null;
}
