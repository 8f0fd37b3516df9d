/**
 * The shape of the one app store. Each slice is a nested object so that a selector names its slice and a
 * slice's update cannot clobber another's fields.
 */
import type { SessionMarker } from '../engine/api';
import type { JobAttempt } from '../engine/model/trace';
import type {
  ExpandWorkloadDto,
  IssueDto,
  LessonStepDto,
  RunStatus,
  ScenarioSummary,
  ValidateResult,
} from '../protocol/messages';
import type { ChangeSuggestion, DryRunReply, ExplainReply } from '../protocol/explain';
import type { QueryResult, RunQuery } from '../protocol/queries';
import type { SessionView } from '../protocol/sessionView';

/**
 * Where the loaded text came from: a built-in scenario id; `custom` (typed, pasted or opened; `savedId` is
 * its entry in "My scenarios" once kept); or `shared`, a scenario opened from a link and shown in preview
 * (`fragment` is the link's `#share=` value; `notes` say what may differ from what the sender saw).
 */
export type ScenarioSource = BaseSource | WhatIfSource;

/** Where a scenario the user opened came from (anything but a what-if preview). */
export type BaseSource =
  | { kind: 'builtin'; id: string }
  | { kind: 'custom'; savedId?: string }
  | { kind: 'shared'; fragment: string; notes: string[] };

/**
 * A suggestion's "Try it" (issue 19, decision 0166): the scenario `base` had, with the engine's suggested
 * `change` (its plain words) applied so that `job` starts at `session`, shown in preview. `base` is what
 * "Back" reloads, at the place it was left; the editor buffer is never touched.
 */
export interface WhatIfSource {
  kind: 'what-if';
  change: string;
  job: string;
  session: number;
  base: WhatIfBase;
}

export interface WhatIfBase {
  /** The scenario's name, for "Back to …". */
  name: string;
  text: string;
  source: BaseSource;
  fileName: string | null;
  cursor: number;
  selection: Selection | null;
}

/**
 * A "My scenarios" entry and its text when the buffer took it. A save updates the entry only while it
 * still has that text, so a save from another tab in between is never overwritten (docs/decisions/0130).
 */
export interface DraftEntry {
  id: string;
  text: string;
}

export type LoadState = 'idle' | 'loading' | 'loaded' | 'invalid' | 'failed';

/**
 * What a load in progress waits for (issue 13): the request on its way (`sending`, e.g. behind a long
 * session of the current run), the worker reading the text (parse, validate, normalise), starting the
 * simulation. The first session is the run's own progress (`run.status`, `summary.sessionLimit`).
 */
export interface LoadProgress {
  phase: 'sending' | 'reading' | 'starting';
  characters: number;
  /** This load brings back the scenario shown before a cancelled load. */
  isRestoring: boolean;
}

export interface ScenarioSliceState {
  source: ScenarioSource | null;
  /** The editor buffer: what the user is typing (may differ from the loaded text). */
  draft: string;
  /**
   * The "My scenarios" entry the buffer is an edit of (opened from it, or saved as it), or null when the
   * buffer came from elsewhere (a built-in, a template, a link, a file not kept). Saving the buffer updates
   * this entry and no other: a file, a template or a conversion put in the editor never overwrites the
   * scenario that was open (docs/decisions/0130).
   */
  draftEntry: DraftEntry | null;
  /** The text of the current run (what a retry reloads). */
  loadedText: string;
  fileName: string | null;
  loadState: LoadState;
  /** Parse/validation errors of the last load attempt (empty unless `loadState` is `invalid`). */
  issues: IssueDto[];
  /** The text `issues` describe (the text of the last load attempt). */
  issuesText: string;
  warnings: IssueDto[];
  summary: ScenarioSummary | null;
  /** Why the last load failed outside parsing (engine refused the scenario, worker crashed). */
  loadError: string | null;
  /** `Date.now()` when the latest load was asked for (its elapsed time is shown until its first session). */
  loadStartedAt: number | null;
  /** Set while `loadState` is `loading`. */
  loadProgress: LoadProgress | null;
  /**
   * A load was cancelled and there was nothing to go back to; kept so the page can say so (null otherwise).
   */
  cancelNote: string | null;
}

export type AttemptEntry = { ok: true; attempt: JobAttempt } | { ok: false; error: string };

export interface RunSliceState {
  runId: number | null;
  /** The worker's latest run status, as received. */
  status: RunStatus | null;
  /** Timeline markers of every session run so far (index i-1 is session i). */
  markers: SessionMarker[];
  /** The session the user asked for (1-based; 0 before anything ran). */
  cursor: number;
  /** The last session view received; lags `cursor` while a request is in flight. */
  snapshot: SessionView | null;
  /** Full job attempts fetched on demand, keyed `session:index` (as received). */
  attempts: Record<string, AttemptEntry>;
  snapshotError: string | null;
  isPlaying: boolean;
  /** Worker crash or hang reason, shown with a retry button. */
  crash: string | null;
}

export type Selection =
  { kind: 'job'; name: string } | { kind: 'queue'; name: string } | { kind: 'node'; name: string };

/**
 * A preemptor/victim pair of one session's trace (an eviction or a victim min-runtime protected), identified
 * by the attempt that considered the victim. Selecting it also selects the victim job.
 */
export interface SelectedPair {
  session: number;
  /** Index into that session's `trace.attempts` (the preemptor's attempt). */
  attempt: number;
  preemptor: string;
  victim: string;
}

export interface SelectionSliceState {
  current: Selection | null;
  /** Set only by `selectPair`; any other selection clears it. */
  pair: SelectedPair | null;
}

/**
 * Where the lesson player is: step `step` (0-based) of the loaded scenario's lesson, whether that step's
 * question has been revealed, and the choice picked for each question (by step).
 */
export interface LessonSliceState {
  step: number;
  revealed: boolean;
  picks: Record<number, number>;
  /** The engine's verdict per question (by step), kept once its reveal session has been shown. */
  answers: Record<number, boolean[]>;
  /** A session a step asked for that the run has not reached yet (shown as soon as it exists). */
  pendingSession: number | null;
  /**
   * The session a move tried to reach past the open, unanswered question (decision 0267): held, and the
   * lesson pane says so until the question is answered, revealed or left.
   */
  heldAt: number | null;
  /** True once the lesson itself showed a step (Next, Back, the clicker): the lesson is being taught. */
  isLed: boolean;
}

export type ThemeMode = 'light' | 'dark';
/** `stage` shows the queue tree, the cluster map and the session's key decision together (docs/decisions/0040). */
export type MainView = 'stage' | 'jobs' | 'decisions' | 'queues' | 'cluster' | 'workshop' | 'compare';
export type DecisionFilter = 'all' | 'evictions';
export type JobSortKey =
  'name' | 'queue' | 'priority' | 'status' | 'tasks' | 'runtime' | 'preempt' | 'reclaim';
export type JobStatusFilter = 'all' | 'pending' | 'running' | 'protected' | 'evicted';

export interface ViewSliceState {
  themeMode: ThemeMode;
  /** Multiplies the base font size (projectors need 1.25). */
  fontScale: number;
  /** Playback speed in sessions per second. */
  playSpeed: number;
  /** The main area's view; null until chosen: the stage for a scenario with a lesson, else the jobs table. */
  mainView: MainView | null;
  /** Presenter mode: full screen, large type, one key per step (docs/decisions/0041). */
  isPresenting: boolean;
  /** A large translucent ring that follows the mouse, for an audience watching a projector. */
  isPointerHighlight: boolean;
  /** The decision log lists every decision, or only evictions. */
  decisionFilter: DecisionFilter;
  isSidePanelOpen: boolean;
  jobSort: { key: JobSortKey; direction: 'asc' | 'desc' };
  jobFilter: { text: string; status: JobStatusFilter };
  isHelpOpen: boolean;
  isGalleryOpen: boolean;
  isEditorOpen: boolean;
  isShareOpen: boolean;
  /** The "Dry run a job" dialog (issue 19). */
  isDryRunOpen: boolean;
  /** A one-line message about links and saving (a damaged link, storage full), shown until dismissed. */
  notice: { severity: 'error' | 'warning' | 'info' | 'success'; text: string } | null;
  /**
   * A labelled session on the main timeline that another view found (the Workshop's first divergence of
   * its A/B comparison, issue 12); the timeline draws it and jumps to it. Cleared when a scenario loads.
   */
  timelineFlag: TimelineFlag | null;
  /**
   * A lesson step (of the loaded lesson's steps) whose text was measured longer than the side pane at a
   * larger text size in a short window: it takes the wider pane an open question takes (decision 0332).
   */
  lessonRoomStep: LessonStepMark | null;
  /**
   * The open question whose folded map and decision column a person brought back (decision 0332): for
   * that step the stage shows them again beside the widened pane.
   */
  stageUnfoldedStep: LessonStepMark | null;
}

/** One step of one loaded lesson: the steps array (new with every load) and the step's index. */
export interface LessonStepMark {
  steps: readonly LessonStepDto[];
  step: number;
}

export interface TimelineFlag {
  session: number;
  /** What the flag says, e.g. `first divergence: session 4, sweep-2 evicted in A, protected in B`. */
  label: string;
}

export interface LoadOptions {
  source: ScenarioSource;
  fileName?: string | null;
  /** Session to show once it exists (defaults to 1). */
  cursor?: number;
  selection?: Selection | null;
  /** Preemptor/victim pair to select once loaded (from a link); its victim must be `selection`. */
  pair?: SelectedPair | null;
  /**
   * Put the text into the editor buffer too (picking a gallery scenario); otherwise the buffer is kept.
   * The buffer is then an edit of `source.savedId` (or of no saved entry).
   */
  replaceDraft?: boolean;
}

export interface AppActions {
  loadScenario(text: string, options: LoadOptions): Promise<void>;
  /** Reloads the current text after a crash, returning to the same session and selection. */
  retry(): Promise<void>;
  /** An edit of the buffer (typing, pasting, a Workshop variant): it stays an edit of the same saved entry. */
  setDraft(text: string): void;
  /**
   * Puts a different text in the buffer (an opened file, a template, a conversion, a revert), with the
   * "My scenarios" entry it is saved as (null: none), so that saving it never updates the previous entry.
   */
  replaceDraft(text: string, savedId: string | null): void;
  /**
   * Stops a load, or the first session of a freshly loaded run, by restarting the worker, and brings back
   * the scenario, session and selection shown before it (the editor buffer is never touched).
   */
  cancelLoad(): Promise<void>;
  /** Every problem of `text` as a load would report it, without running it (the editor's inline marks). */
  validateText(text: string): Promise<ValidateResult>;
  /** `text` with its seeded workload written out as plain jobs, by the worker (issue 20). */
  expandWorkload(text: string): Promise<ExpandWorkloadDto>;
  setCursor(index: number): void;
  stepForward(): void;
  stepBack(): void;
  toStart(): void;
  toEnd(): void;
  nextEviction(): void;
  previousEviction(): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  /** Advances playback by one session; pauses at the end. Called by the playback timer. */
  playbackTick(): void;
  /** Fetches one full job attempt of a session (for an expanded explanation). */
  fetchAttempt(session: number, index: number): void;
  pauseComputation(): Promise<void>;
  resumeComputation(): Promise<void>;
  select(selection: Selection | null): void;
  toggleJob(name: string): void;
  /** Selects a preemptor/victim pair (and its victim job), e.g. to show its min-runtime path on the tree. */
  selectPair(pair: SelectedPair | null): void;
  /**
   * A profile's question about the session shown (`run.cursor`), e.g. KAI's min-runtime resolution for a
   * what-if; the answer is returned, nothing is stored.
   */
  query<Q extends RunQuery>(query: Omit<Q, 'session'>): Promise<QueryResult<Q>>;
  /**
   * Whether the loaded scenario has a job of this name in any session (asked of the worker: a session holds
   * only the jobs submitted by then); rejects when nothing is loaded or the worker fails.
   */
  hasJob(name: string): Promise<boolean>;
  setView(patch: Partial<ViewSliceState>): void;
  /**
   * The engine's "Why?" for `job` at session `session` of the loaded run (issue 19), computed in the worker;
   * rejects when the worker fails (crash, timeout), with the message to show.
   */
  explainJob(job: string, session: number): Promise<ExplainReply>;
  /**
   * A job text (scenario job or PodGroup + Pods YAML) dry-run against the loaded scenario, submitted at the
   * time of session `session` (1 = the scenario's start).
   */
  dryRun(jobText: string, session: number): Promise<DryRunReply>;
  /**
   * A suggestion's "Try it": waiting only moves to the session it names; any other change opens the changed
   * scenario in preview at that session with `job` selected (the current scenario is what "Back" returns to).
   */
  tryChange(job: string, suggestion: ChangeSuggestion): Promise<void>;
  /** Leaves a what-if preview: reloads the scenario it was made from, where it was left. */
  leaveWhatIf(): Promise<void>;
  /** Next lesson step; on an unrevealed question, first reveals its answer (steps to the session proving it). */
  lessonNext(): void;
  /** Previous lesson step; on a revealed question, first hides the answer again. */
  lessonBack(): void;
  /** Picks choice `index` (0-based) of the current step's question; ignored once revealed. */
  lessonPick(index: number): void;
  /** Goes to step `index` (0-based), unrevealed. */
  lessonGoTo(index: number): void;
  /** Shows the session a step asked for once the run has it (called as markers arrive). */
  lessonSettle(): void;
  /** Shows the lesson step of the cursor's session after the cursor moved by other means than the lesson. */
  lessonFollowCursor(): void;
}

export interface AppState {
  scenario: ScenarioSliceState;
  run: RunSliceState;
  selection: SelectionSliceState;
  view: ViewSliceState;
  lesson: LessonSliceState;
  actions: AppActions;
}
