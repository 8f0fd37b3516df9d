/**
 * Worker messages. Requests carry an `id`; the worker answers each with exactly one `reply` (same id and
 * kind) or `failure`. The background run streams `runProgress` events that belong to no request.
 * Every value here is plain data so that it crosses `postMessage` (and `structuredClone` in tests) intact.
 */
import type { TaskColumns } from './taskColumns';
import type { SessionMarker } from '../engine/api';
import type { LessonTarget, Profile } from '../engine/model/scenario';
import type { JobAttempt } from '../engine/model/trace';
import type { ExplainRequestTypes } from './explain';
import type { JobPlacementDto, NodeGroupsDto } from './nodeGroups';
import type { QueryAnswer, RunQuery } from './queries';
import type { SessionView } from './sessionView';
import type { WorkshopRequestTypes } from './workshop';

/** One scenario problem, ready for the editor's error list. */
export interface IssueDto {
  code: string;
  /** Field path, e.g. `queues[3].parent`. */
  path: string;
  message: string;
  /** 1-based YAML position; null when the problem has no single place (e.g. a cycle). */
  line: number | null;
  column: number | null;
  hint: string | null;
  /** The engine's own one-line rendering (`formatIssue`), used verbatim in copyable text. */
  text: string;
}

/** What the shell needs to know about a loaded scenario (the full scenario stays in the worker). */
export interface ScenarioSummary {
  name: string;
  /** Lesson text (markdown source). */
  description: string;
  profile: Profile;
  schedulePeriodMs: number;
  actions: string[];
  /**
   * The configured plugins in tier order (1-based tiers; KAI has one), so views choose their panels by what
   * is configured (e.g. min-runtime columns only with `minruntime`, SLA only with `sla`).
   */
  plugins: { name: string; tier: number }[];
  nodeCount: number;
  queueCount: number;
  jobCount: number;
  /** Upper bound on the sessions this run can have (run.sessions, else run.maxSessions). */
  sessionLimit: number;
  /** The scripted lesson (docs/scenario-format.md §14); empty when the description is the lesson. */
  lesson: LessonStepDto[];
  /** How the cluster map frames nodes (by pool, then topology level); null or absent = a plain grid (issue 21). */
  nodeGroups?: NodeGroupsDto | null;
  /** Per job with a node pool or a topology constraint, those as written (the job inspector says them). */
  jobPlacements?: Record<string, JobPlacementDto>;
}

/**
 * A lesson step as the player needs it. Choices carry only their labels: which are right is decided by the
 * engine when the reveal session is shown (`SessionView.lessonAnswers`), never on the main thread.
 */
export interface LessonStepDto {
  say: string;
  session: number | null;
  select: LessonTarget | null;
  ask: { prompt: string; revealSession: number; choices: string[] } | null;
}

export type RunState = 'running' | 'paused' | 'finished' | 'failed';

export interface RunStatus {
  runId: number;
  state: RunState;
  sessionCount: number;
  /** The engine's message when `state` is `failed`. */
  error: string | null;
}

export type LoadResult =
  | { ok: true; runId: number; summary: ScenarioSummary; warnings: IssueDto[]; status: RunStatus }
  | { ok: false; errors: IssueDto[] };

/**
 * A text whose `workload:` was expanded into plain `jobs` (issue 20, the editor's "Expand workload"), or
 * the problems that kept it from expanding, as `validate` reports them.
 */
export type ExpandWorkloadDto =
  { ok: true; text: string; generatedJobs: number } | { ok: false; errors: IssueDto[] };

/** Every problem of a text, as `load` would report it, without running anything. */
export interface ValidateResult {
  errors: IssueDto[];
  warnings: IssueDto[];
}

export interface HistorySizeDto {
  sessions: number;
  keyframes: number;
  jsonChars: number;
}

/** Faults a test can inject (only honoured when `hello.allowDebugFaults` was true). */
export type DebugFault =
  /** Throw inside the command handler: the request fails, the worker lives on. */
  | 'throw'
  /** Throw outside any handler: the worker reports an uncaught error, which the client treats as a crash. */
  | 'crash'
  /** Busy-loop forever: only a timeout and terminate get out of it. */
  | 'hang'
  /** Make the engine throw when the run reaches session `atSession`, as an engine bug on some scenario would. */
  | 'failStep';

/**
 * Parameters and result of every request kind (the workshop's are listed in workshop.ts, "Why?" and the dry
 * run's in explain.ts).
 */
export interface RequestTypes extends WorkshopRequestTypes, ExplainRequestTypes {
  hello: {
    params: { protocolVersion: number; allowDebugFaults: boolean };
    result: { protocolVersion: number };
  };
  /**
   * Parse the text, build a Simulation and start running it in the background. `sameAsValidated` (its length)
   * stands for the text the last `validate` checked, which the worker still holds: the editor checks a text
   * as typed and then applies that same text, and posting megabytes again was a main-thread task of about
   * 50 ms at 140,000 pods (decision 0379). A worker no longer holding it fails with `not-kept`, and the client
   * sends the text.
   */
  load: {
    params: { text: string; fileName: string | null } | { sameAsValidated: number; fileName: null };
    result: LoadResult;
  };
  /** Parse and validate only (the editor's marks as you type); nothing is run and the current run stays. */
  validate: { params: { text: string }; result: ValidateResult };
  /** The text with its seeded workload written out as plain jobs (nothing is run; the current run stays). */
  expandWorkload: { params: { text: string }; result: ExpandWorkloadDto };
  /** The state at the end of session `index` (1-based) of run `runId`, with attempts summarised. */
  snapshot: { params: { runId: number; index: number }; result: SessionView };
  /** One job attempt of one session in full (verdicts, victims and their numbers). */
  attempt: { params: { runId: number; session: number; index: number }; result: JobAttempt };
  /** Stop computing further sessions (sessions already run stay available). */
  pauseRun: { params: { runId: number }; result: RunStatus };
  resumeRun: { params: { runId: number }; result: RunStatus };
  /**
   * A profile's question about session `session` of run `runId` (0 = the scenario at t=0), answered under
   * the queues and config in force then (protocol/queries.ts lists the kinds).
   */
  query: { params: { runId: number } & RunQuery; result: QueryAnswer };
  /**
   * Whether run `runId`'s scenario has a job named `name` in any session (written, generated or submitted by
   * an event); a link's `?job=` is checked with it.
   */
  hasJob: { params: { runId: number; name: string }; result: boolean };
  debugFault: { params: { fault: DebugFault; atSession: number | null }; result: null };
  /**
   * What run `runId`'s stored history holds: sessions, keyframes and their size written as JSON (a worker
   * cannot measure its own heap). For the browser benchmark (issue 13); linear in the history.
   */
  historySize: { params: { runId: number }; result: HistorySizeDto };
}

export type RequestKind = keyof RequestTypes;
export type RequestParams<K extends RequestKind> = RequestTypes[K]['params'];
export type RequestResult<K extends RequestKind> = RequestTypes[K]['result'];

export type Command = {
  [K in RequestKind]: { type: K; id: number } & RequestParams<K>;
}[RequestKind];

export type ReplyMessage = {
  [K in RequestKind]: { type: 'reply'; id: number; kind: K; result: RequestResult<K> };
}[RequestKind];

export type WorkerErrorCode =
  | 'engine-error'
  | 'bad-request'
  | 'stale-run'
  | 'version-mismatch'
  | 'debug-fault'
  | 'internal'
  /** A `load` of the last validated text reached a worker that no longer holds it (the client resends it). */
  | 'not-kept';

export interface WorkerError {
  code: WorkerErrorCode;
  message: string;
}

export interface FailureMessage {
  type: 'failure';
  id: number;
  error: WorkerError;
}

/** New timeline markers (appended at offset `from`) and the run's status; sent while the run advances. */
export interface RunProgressMessage {
  type: 'runProgress';
  runId: number;
  from: number;
  markers: SessionMarker[];
  status: RunStatus;
}

/**
 * Where a `load` stands, posted by the worker before each phase so the page can say what it waits for
 * (issue 13: a production-sized text takes seconds to read and its first session seconds more). Reading
 * (parse, validate, normalise) is one engine call, so it is one phase; the first session is reported by
 * `runProgress` once the load has replied.
 */
export interface LoadProgressMessage {
  type: 'loadProgress';
  /** The `load` request this belongs to. */
  id: number;
  phase: 'reading' | 'starting';
  /** Characters of scenario text being read. */
  characters: number;
}

/**
 * A slice of a big snapshot reply's `jobs`, `tasks`, `nodes` or `decisions` (protocol 8), posted before the reply itself (issue 13). The page
 * reads each message in a task of its own, so 33,000 jobs never make one long main-thread task of
 * deserialising; the client appends the parts in order to the reply's own (remaining) items.
 */
export type ReplyPartMessage = { type: 'replyPart'; id: number } & (
  | { field: 'jobs'; items: SessionView['jobs'] }
  /** Tasks travel as columns (protocol 9, decision 0336); the client builds the task objects back. */
  | { field: 'tasks'; columns: TaskColumns }
  | { field: 'nodes'; items: SessionView['nodes'] }
  | { field: 'decisions'; items: SessionView['decisions'] }
);

export type WorkerMessage =
  ReplyMessage | FailureMessage | RunProgressMessage | LoadProgressMessage | ReplyPartMessage;
