/**
 * The simulator: a virtual clock, the event stream, and the session loop. Each `step()` runs one session
 * (open snapshot → plugins open → actions in order → plugins close → commit) and records it in the history.
 * Nothing here reads the wall clock or randomness, so the same scenario always gives the same trace.
 */
import { endTerminations, hasTerminationToEnd } from './endTerminations';
import type { SessionMarker, Simulation } from '../api';
import type { SessionRunner } from '../framework/ProfileModule';
import { parseDuration } from '../model/duration';
import type { Scenario } from '../model/scenario';
import type { SessionSnapshot } from '../model/snapshot';
import type { Decision } from '../model/trace';
import { assertSupported, moduleOf, queryOf } from '../registry';
import { ClusterState, runsNow, type JobRecord, type TaskRecord } from './ClusterState';
import {
  History,
  type JobDelta,
  type QueueFiguresDelta,
  type SessionEntry,
  type TaskDelta,
  type HistorySize,
} from './History';
import { TraceInterner } from './TraceInterner';
import { buildSnapshot } from './buildSnapshot';
import { appendUsage, type UsageLedger } from './UsageLedger';
import { usageMetricSample } from './usageMetric';

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

export class Simulator implements Simulation {
  readonly state: ClusterState;
  readonly history: History;
  private finished = false;
  private nextTimeMs = 0;
  private lastFigures = new Map<string, QueueFiguresDelta>();
  private lastQueueVersion = 0;
  private lastNodeVersion = 0;
  private lastConfigVersion = 0;
  private readonly interner = new TraceInterner();
  /** The profile's session loop (decision 0279): the simulator never branches on the profile. */
  private readonly runner: SessionRunner;
  /** Usage history (KAI time-based fair share); null unless the profile asks for one. */
  private readonly usage: UsageLedger | null;
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
    const profile = moduleOf(scenario.profile);
    this.usage = profile.usageLedger(scenario);
    this.runner = profile.createRunner(scenario, { usage: this.usage });
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
      for (const t of job.tasks)
        if (t.status === 'Pipelined' || t.status === 'Releasing' || hasTerminationToEnd(t)) return false;
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
   * The answer to a profile query of `kind` (KAI `min-runtime`: resolution for a queue pair) under the
   * queues and scheduler config in force at the end of session `session` (the ones it ran with; 0 = the
   * scenario at t=0, before any event). Throws a RangeError for a session that has not run, a kind the
   * profile does not answer, or arguments it refuses.
   */
  query(kind: string, args: unknown, session = 0): unknown {
    if (!Number.isInteger(session) || session < 0 || session > this.history.sessionCount) {
      throw new RangeError(`session ${session} has not run (sessions run: ${this.history.sessionCount})`);
    }
    const q = queryOf(this.scenario.profile, kind);
    if (q === null) throw new RangeError(`profile ${this.scenario.profile} answers no ${kind} query`);
    const frame = this.history.stateAt(session);
    const entry = session === 0 ? null : this.history.entry(session);
    return q.run(
      {
        scenario: this.scenario,
        config: frame.config,
        queues: frame.queueSpecs,
        nodePools: this.scenario.nodePools,
        timeMs: entry?.timeMs ?? 0,
        trace: entry?.trace ?? { attempts: [], pending: [] },
      },
      args,
    );
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
    endTerminations(this.state, timeMs, completions, changedTasks);
    const previousTimeMs = this.history.latest?.timeMs ?? Number.NEGATIVE_INFINITY;
    const ran = this.runner.runSession({
      index,
      timeMs,
      previousTimeMs,
      state: this.state,
      recordsTrace: this.recordsTrace,
    });
    for (const t of ran.changedTasks) changedTasks.add(t);
    for (const j of ran.changedJobs) changedJobs.add(j);
    this.updateRunningState(timeMs, changedJobs);
    const { decisions, trace } = ran;
    const figures = this.diffFigures(ran.queues as readonly QueueFiguresDelta[]);

    const queuesChanged = this.state.queueVersion !== this.lastQueueVersion;
    const nodesChanged = this.state.nodeVersion !== this.lastNodeVersion;
    const configChanged = this.state.configVersion !== this.lastConfigVersion;
    // A running job's progress changes every session. A metrics-only run does not store that alone: the
    // metrics read a job's running state and deletion, not its progress, and storing every running job
    // every session made its memory grow with sessions × jobs (issue 18, decision 0126).
    if (this.recordsTrace) for (const j of progressed) changedJobs.add(j);
    const entry: SessionEntry = {
      index,
      timeMs,
      decisions: [...completions, ...decisions],
      trace: this.recordsTrace ? this.interner.intern(trace) : this.runner.keepForMetrics(trace),
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
        this.recordsTrace || this.scenario.run.untilSettled
          ? this.runner.protectionChanges(this.state, timeMs, this.history.latest?.timeMs ?? null)
          : 0,
    };
    const marks = ran.marks;
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
      (marks !== undefined && (marks.enqueued > 0 || marks.slaExpired.length > 0));
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

  /** A job runs while {@link runsNow} holds; dropping below loses its progress. */
  private updateRunningState(timeMs: number, changedJobs: Set<JobRecord>): void {
    for (const job of this.state.liveJobs()) {
      const isRunning = runsNow(job);
      if (isRunning === job.isRunning) continue;
      job.isRunning = isRunning;
      job.progressAtMs = timeMs;
      // A job that stops keeps the time it ran (the jobs table shows it); it restarts from 0 when it runs again.
      if (isRunning) job.progressMs = 0;
      changedJobs.add(job);
    }
  }

  /** The figures that changed since the previous session (the history stores only those). */
  private diffFigures(all: readonly QueueFiguresDelta[]): QueueFiguresDelta[] {
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
