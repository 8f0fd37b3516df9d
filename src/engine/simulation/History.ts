/**
 * Per-session history, stored as changes: each session keeps only the tasks, jobs and queue figures that
 * changed, and a keyframe (the full state) is taken whenever the changes since the last one outnumber the
 * tasks. Memory therefore grows with the number of changes, not with sessions × tasks, and rebuilding any
 * session replays at most about one keyframe's worth of changes.
 */
import type { SessionMarks } from '../framework/ProfileModule';
import type { GpuSlot } from '../model/gpuDevices';
import type { QueueResources } from '../model/resources';
import type { NodeSpec, QueueSpec, SchedulerConfig } from '../model/scenario';
import type { Decision, SessionTrace, TaskStatus } from '../model/trace';
import type { ResolvedQueueFigures, TimeAwareShare } from '../model/snapshot';
import { appendUsage, cloneUsageLedger, type UsageLedger, type UsageSample } from './UsageLedger';

export interface TaskDelta {
  id: number;
  status: TaskStatus;
  node: string | null;
  gpus: GpuSlot[];
}

export interface JobDelta {
  id: number;
  startedAtMs: number | null;
  progressMs: number;
  progressAtMs: number;
  isRunning: boolean;
  /** Volcano PodGroup phase (null for KAI). */
  phase: string | null;
  deleted: boolean;
}

export interface QueueFiguresDelta {
  name: string;
  fairShare: QueueResources;
  allocated: QueueResources;
  requested: QueueResources;
  /** KAI time-based fair share at this session's open (only with `scheduler.usageDBConfig`). */
  timeAware?: TimeAwareShare;
  /** Quota the profile's accounting holds per `flavor/resource` (Kueue; RunnerQueueFigures.quotaUsage). */
  quotaUsage?: Readonly<Record<string, number>>;
  /** What only the session knew about the queue (`RunnerQueueFigures.sessionResolved`; Kueue's DRS). */
  sessionResolved?: ResolvedQueueFigures;
}

export interface SessionEntry {
  index: number;
  timeMs: number;
  decisions: Decision[];
  trace: SessionTrace;
  /** Number of jobs and tasks submitted by the end of this session. */
  jobCount: number;
  taskCount: number;
  tasks: TaskDelta[];
  jobs: JobDelta[];
  queueFigures: QueueFiguresDelta[];
  /** Set when the queue tree or node list changed in this session. */
  queueSpecs: QueueSpec[] | null;
  nodeSpecs: NodeSpec[] | null;
  /** Set when an `updateConfig` event changed the scheduler configuration this session ran with. */
  config: SchedulerConfig | null;
  protectionChanges: number;
  /** Profile timeline facts (Volcano: enqueues, SLA expiries); absent for KAI. */
  marks?: SessionMarks;
  /** What this session left allocated, for the usage history (only when the scenario uses usage). */
  usage?: UsageSample;
}

export interface HistorySize {
  sessions: number;
  keyframes: number;
  /** Characters of the entries and keyframes written as JSON. */
  jsonChars: number;
}

/** The full state after some session. */
export interface Keyframe {
  index: number;
  tasks: (TaskDelta | undefined)[];
  jobs: (JobDelta | undefined)[];
  queueFigures: Map<string, QueueFiguresDelta>;
  queueSpecs: QueueSpec[];
  nodeSpecs: NodeSpec[];
  /** The scheduler configuration in force (a past session is shown with the config it ran with). */
  config: SchedulerConfig;
  /**
   * The usage history as it stood after this session (KAI time-based fair share; null when the scenario
   * never configures a usage database): what the next session's usage is computed from.
   */
  usage: UsageLedger | null;
}

/** How much of the past a history keeps (see {@link History}). */
export interface HistoryOptions {
  /** Take keyframes for rebuilding any past session (default true). */
  keyframes?: boolean;
  /**
   * Keep only the latest session (the runner's streamed `run` and `check`, decision 0125): each entry is
   * dropped when the next one is pushed and the state at the latest session is kept up to date instead of
   * keyframes, so memory holds the scenario and one session whatever the number of sessions.
   */
  latestOnly?: boolean;
}

export class History {
  /** The sessions kept: all of them, or only the latest with `latestOnly`. */
  readonly entries: SessionEntry[] = [];
  private readonly keyframes: Keyframe[] = [];
  private changesSinceKeyframe = 0;
  /** Sessions pushed and no longer kept (`latestOnly`); `entries[0]` is session `dropped + 1`. */
  private dropped = 0;
  /** With `latestOnly`: the full state at the end of the latest session. */
  private readonly current: Keyframe | null;

  /** Without keyframes (a metrics-only run) `stateAt` replays from session 0; nothing asks it then. */
  private readonly takesKeyframes: boolean;

  constructor(initial: Keyframe, options: HistoryOptions = {}) {
    this.keyframes.push(cloneKeyframe(initial));
    // The usage ledger of a keyframe is only replayed for later keyframes; the simulator keeps its own.
    this.current = options.latestOnly ? { ...cloneKeyframe(initial), usage: null } : null;
    this.takesKeyframes = options.keyframes !== false && !options.latestOnly;
  }

  /** Sessions pushed so far, dropped ones included. */
  get sessionCount(): number {
    return this.dropped + this.entries.length;
  }

  /** The latest session, or undefined before the first. */
  get latest(): SessionEntry | undefined {
    return this.entries.at(-1);
  }

  push(entry: SessionEntry, taskTotal: number): void {
    if (this.current) {
      if (this.entries.length > 0) {
        this.entries.length = 0;
        this.dropped++;
      }
      this.entries.push(entry);
      applyEntry(this.current, entry);
      this.current.index = entry.index;
      return;
    }
    this.entries.push(entry);
    if (!this.takesKeyframes) return;
    this.changesSinceKeyframe += entry.tasks.length + entry.jobs.length + entry.queueFigures.length;
    if (this.changesSinceKeyframe > Math.max(256, taskTotal)) {
      this.keyframes.push(this.stateAt(entry.index));
      this.changesSinceKeyframe = 0;
    }
  }

  /**
   * What the history holds, for the browser benchmark (issue 13: memory of the stored history): sessions,
   * keyframes, and their size as JSON text, a stand-in for bytes since a worker cannot measure its heap.
   * Linear in the history; never called while running.
   */
  storedSize(): HistorySize {
    // Maps and sets are written as their entries, so that they count too.
    const plain = (_key: string, value: unknown): unknown =>
      value instanceof Map || value instanceof Set ? [...value] : value;
    let jsonChars = 0;
    for (const e of this.entries) jsonChars += JSON.stringify(e, plain).length;
    for (const k of this.keyframes) jsonChars += JSON.stringify(k, plain).length;
    return { sessions: this.entries.length, keyframes: this.keyframes.length, jsonChars };
  }

  entry(index: number): SessionEntry {
    const e = this.entries[index - 1 - this.dropped];
    if (!e) {
      if (index >= 1 && index <= this.dropped)
        throw new RangeError(`session ${index} is no longer kept (only the latest session is)`);
      throw new RangeError(`session ${index} has not run (sessions run: ${this.sessionCount})`);
    }
    return e;
  }

  /** Full state at the end of session `index` (0 = before the first session). */
  stateAt(index: number): Keyframe {
    if (this.current) {
      if (index !== this.current.index)
        throw new RangeError(`session ${index} is no longer kept (only the latest session is)`);
      return cloneKeyframe(this.current);
    }
    let base = this.keyframes[0] as Keyframe;
    for (const k of this.keyframes) if (k.index <= index && k.index >= base.index) base = k;
    const state = cloneKeyframe(base);
    for (let i = base.index + 1; i <= index; i++) applyEntry(state, this.entry(i));
    state.index = index;
    return state;
  }
}

/** Applies one session's changes to a full state (in place). */
function applyEntry(state: Keyframe, e: SessionEntry): void {
  for (const t of e.tasks) state.tasks[t.id] = t;
  for (const j of e.jobs) state.jobs[j.id] = j;
  for (const q of e.queueFigures) state.queueFigures.set(q.name, q);
  if (e.queueSpecs) state.queueSpecs = e.queueSpecs;
  if (e.nodeSpecs) state.nodeSpecs = e.nodeSpecs;
  if (e.config) state.config = e.config;
  if (e.usage && state.usage) appendUsage(state.usage, e.usage);
}

function cloneKeyframe(k: Keyframe): Keyframe {
  return {
    index: k.index,
    tasks: k.tasks.slice(),
    jobs: k.jobs.slice(),
    queueFigures: new Map(k.queueFigures),
    queueSpecs: k.queueSpecs,
    nodeSpecs: k.nodeSpecs,
    config: k.config,
    usage: k.usage ? cloneUsageLedger(k.usage) : null,
  };
}
