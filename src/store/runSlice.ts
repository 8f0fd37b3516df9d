/**
 * The run: timeline markers streamed from the worker, the cursor, the cursor's snapshot, playback.
 * Stepping only moves `cursor`; the snapshot follows with one request in flight at a time, so holding an
 * arrow key never queues hundreds of requests and the newest cursor always wins.
 */
import type { SessionMarker } from '../engine/api';
import { isClientError } from '../client/ClientError';
import type { RunProgressMessage, RunStatus } from '../protocol/messages';
import type { SessionView } from '../protocol/sessionView';
import type { AppActions, AppState, AttemptEntry, RunSliceState } from './AppState';
import { createFrameBatcher, type ScheduleFrame } from './frameBatcher';
import { isHeldByQuestion } from './lessonSlice';
import type { StoreContext } from './StoreContext';
import { clampSession, findNextSession, findPreviousSession, hasEviction } from './timelineQueries';

export const initialRunState: RunSliceState = {
  runId: null,
  status: null,
  markers: [],
  cursor: 0,
  snapshot: null,
  attempts: {},
  snapshotError: null,
  isPlaying: false,
  crash: null,
};

export const selectCursor = (state: AppState): number => state.run.cursor;
export const selectSnapshot = (state: AppState): SessionView | null => state.run.snapshot;
const NO_QUEUES: SessionView['queues'] = [];
/** The cursor's queues (a stable empty list before the first session). */
export const selectQueues = (state: AppState): SessionView['queues'] =>
  state.run.snapshot?.queues ?? NO_QUEUES;
export const attemptKey = (session: number, index: number): string => `${session}:${index}`;
export const selectAttempt =
  (session: number, index: number) =>
  (state: AppState): AttemptEntry | null =>
    state.run.attempts[attemptKey(session, index)] ?? null;
export const selectMarkers = (state: AppState): SessionMarker[] => state.run.markers;
/** Sessions that can be shown (their markers have arrived). */
export const selectSessionCount = (state: AppState): number => state.run.markers.length;

/**
 * Where the cursor is, as the run controls and presenter mode say it: "Session 3 of 7". A run restored after a
 * cancelled load shows its session at once while the worker recomputes the sessions up to it (scenarioSlice,
 * `startRun` with the settled snapshot): until this run's count reaches the cursor its total is not known, and
 * "Session 3 of 1" would contradict the session on screen, so only the session is named.
 */
export function sessionPosition(cursor: number, count: number): string {
  return cursor <= count ? `Session ${cursor} of ${count}` : `Session ${cursor}`;
}
export const selectRunStatus = (state: AppState): RunStatus | null => state.run.status;
export const selectIsPlaying = (state: AppState): boolean => state.run.isPlaying;
export const selectCrash = (state: AppState): string | null => state.run.crash;
export const selectSnapshotError = (state: AppState): string | null => state.run.snapshotError;
export const selectHasRun = (state: AppState): boolean => state.run.runId !== null;
/** True while the shown snapshot is not yet the cursor's session. */
export const selectIsSnapshotPending = (state: AppState): boolean =>
  state.run.cursor > 0 && state.run.snapshot?.index !== state.run.cursor;
export const selectIsComputing = (state: AppState): boolean => state.run.status?.state === 'running';
/** The marker of the cursor's session, if it has arrived. */
export const selectCursorMarker = (state: AppState): SessionMarker | null =>
  state.run.markers[state.run.cursor - 1] ?? null;

export interface RunController {
  /** Fetches the cursor's snapshot unless it is shown or already being fetched. */
  ensureSnapshot(): void;
  /**
   * Starts tracking a freshly loaded run; `shown` is a session view of the same text to keep on screen
   * until the run reaches it (a scenario brought back after a cancelled load).
   */
  startRun(runId: number, status: RunStatus, cursor: number, shown?: SessionView | null): void;
  /** Forgets buffered progress of older runs. */
  reset(): void;
}

/** Sessions kept on the main thread: the neighbours of the cursor are fetched ahead, so steps are instant. */
const CACHE_SIZE = 12;

export function createRunController(
  { set, get, client }: StoreContext,
  scheduleFrame: ScheduleFrame,
): RunController {
  let inflight: { runId: number; index: number } | null = null;
  // Received session views (immutable once run), most recently used last.
  const cache = new Map<number, SessionView>();
  const failedPrefetches = new Set<number>();
  let cacheRunId: number | null = null;

  const forgetCache = (runId: number | null): void => {
    cache.clear();
    failedPrefetches.clear();
    cacheRunId = runId;
  };
  const remember = (view: SessionView): void => {
    cache.delete(view.index);
    cache.set(view.index, view);
    while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as number);
  };
  const cached = (index: number): SessionView | undefined => {
    const view = cache.get(index);
    if (view !== undefined) remember(view);
    return view;
  };

  const fetchSession = (runId: number, index: number, isPrefetch: boolean): void => {
    inflight = { runId, index };
    client.snapshot(runId, index).then(
      (received) => {
        inflight = null;
        if (get().run.runId !== runId || cacheRunId !== runId) return;
        remember(received);
        // Render in a task of its own: deserialising a big session and rendering it in the same task
        // would add up to one long task.
        setTimeout(ensureSnapshot, 0);
      },
      (error: unknown) => {
        inflight = null;
        if (get().run.runId !== runId || isClientError(error, 'crashed') || isClientError(error, 'aborted'))
          return;
        if (isPrefetch) {
          failedPrefetches.add(index);
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        set((state) => ({ run: { ...state.run, snapshotError: message, isPlaying: false } }));
      },
    );
  };

  function ensureSnapshot(): void {
    const { run } = get();
    const { runId, cursor, markers } = run;
    if (runId === null || run.crash !== null) return;
    if (cacheRunId !== runId) forgetCache(runId);
    if (cursor < 1 || cursor > markers.length) return;
    if (run.snapshot?.index !== cursor || run.snapshotError !== null) {
      const hit = cached(cursor);
      if (hit === undefined) {
        if (inflight === null || inflight.runId !== runId) fetchSession(runId, cursor, false);
        return;
      }
      set((state) => ({ run: { ...state.run, snapshot: hit, snapshotError: null } }));
    }
    // The cursor's session is on screen: fetch the ones a person (or playback) is likely to want next.
    if (inflight !== null && inflight.runId === runId) return;
    // While playing, stay a few sessions ahead so that every tick renders from the cache.
    const wanted = run.isPlaying
      ? [cursor + 1, cursor + 2, cursor + 3]
      : [cursor + 1, cursor - 1, cursor + 2];
    for (const next of wanted) {
      if (next >= 1 && next <= markers.length && !cache.has(next) && !failedPrefetches.has(next)) {
        fetchSession(runId, next, true);
        return;
      }
    }
  }

  const applyProgress = (messages: RunProgressMessage[]): void => {
    const { run } = get();
    let markers = run.markers;
    let status = run.status;
    for (const message of messages) {
      if (message.runId !== run.runId) continue;
      // `from` is where these markers start; anything else would be a gap, so rebuild from there.
      markers =
        message.from === markers.length
          ? markers.concat(message.markers)
          : markers.slice(0, message.from).concat(message.markers);
      status = message.status;
    }
    if (markers === run.markers && status === run.status) return;
    const isStillRunning = status?.state === 'running';
    // A cursor beyond the end waits while the run advances; once it stops, it lands on the last session.
    const isPastEnd = !isStillRunning && run.cursor > markers.length;
    const cursor = isPastEnd ? markers.length : run.cursor;
    set((state) => ({
      run: { ...state.run, markers, status, cursor },
      // Said, not silently clamped: a link (or a shorter re-run) asked for a session the run does not have.
      view:
        isPastEnd && markers.length > 0
          ? {
              ...state.view,
              notice: {
                severity: 'info',
                text: `This run has ${markers.length} session${markers.length === 1 ? '' : 's'}, so session ${run.cursor} does not exist: the last one is shown.`,
              },
            }
          : state.view,
    }));
    ensureSnapshot();
  };

  const batcher = createFrameBatcher<RunProgressMessage>(scheduleFrame, applyProgress);
  client.subscribe({
    progress: (message) => batcher.push(message),
    crash: (reason) => {
      inflight = null;
      forgetCache(null);
      set((state) => ({
        run: { ...state.run, crash: reason, isPlaying: false },
        scenario:
          state.scenario.loadState === 'loading'
            ? { ...state.scenario, loadState: 'failed', loadError: reason }
            : state.scenario,
      }));
    },
  });

  return {
    ensureSnapshot,
    startRun(runId, status, cursor, shown = null) {
      batcher.clear();
      inflight = null;
      forgetCache(runId);
      const start = Math.max(1, cursor);
      const snapshot = shown !== null && shown.index === start ? shown : null;
      set(() => ({ run: { ...initialRunState, runId, status, cursor: start, snapshot } }));
    },
    reset() {
      batcher.clear();
      inflight = null;
      forgetCache(null);
    },
  };
}

type RunActionNames =
  | 'setCursor'
  | 'stepForward'
  | 'stepBack'
  | 'toStart'
  | 'toEnd'
  | 'nextEviction'
  | 'previousEviction'
  | 'play'
  | 'pause'
  | 'togglePlay'
  | 'playbackTick'
  | 'fetchAttempt'
  | 'pauseComputation'
  | 'resumeComputation';

export function createRunActions(
  { set, get, client }: StoreContext,
  controller: RunController,
): Pick<AppActions, RunActionNames> {
  const setCursor = (index: number): void => {
    const { run } = get();
    const cursor = clampSession(index, run.markers.length);
    if (cursor === run.cursor) return;
    // Every way of moving on (keys, the transport, the timeline, playback, links inside the app) comes
    // through here, so one rule holds them all at an open question (decision 0267). The pane that says
    // so is opened.
    if (isHeldByQuestion(get(), cursor)) {
      set((state) => ({
        run: { ...state.run, isPlaying: false },
        lesson: { ...state.lesson, heldAt: cursor },
        view: state.view.isSidePanelOpen ? state.view : { ...state.view, isSidePanelOpen: true },
      }));
      return;
    }
    set((state) => ({ run: { ...state.run, cursor, snapshotError: null } }));
    controller.ensureSnapshot();
  };
  const stopPlaying = (): void => {
    if (get().run.isPlaying) set((state) => ({ run: { ...state.run, isPlaying: false } }));
  };
  const requestedAttempts = new Set<string>();
  const isAtEnd = (state: AppState): boolean => state.run.cursor >= state.run.markers.length;
  const isRunOpen = (state: AppState): boolean => state.run.status?.state === 'running';
  const play = (): void => {
    const state = get();
    if (state.run.runId === null || state.run.markers.length === 0) return;
    // Playing from the last session of a finished run starts over, as media players do.
    if (isAtEnd(state) && !isRunOpen(state)) setCursor(1);
    set((s) => ({ run: { ...s.run, isPlaying: true } }));
  };

  return {
    setCursor,
    stepForward: () => setCursor(get().run.cursor + 1),
    stepBack: () => setCursor(get().run.cursor - 1),
    toStart: () => setCursor(1),
    toEnd: () => setCursor(get().run.markers.length),
    nextEviction() {
      const { markers, cursor } = get().run;
      const next = findNextSession(markers, cursor, hasEviction);
      if (next !== null) setCursor(next);
    },
    previousEviction() {
      const { markers, cursor } = get().run;
      const previous = findPreviousSession(markers, cursor, hasEviction);
      if (previous !== null) setCursor(previous);
    },
    play,
    pause: stopPlaying,
    togglePlay() {
      if (get().run.isPlaying) stopPlaying();
      else play();
    },
    playbackTick() {
      const state = get();
      if (!state.run.isPlaying) return;
      // Never outrun the worker: advance only once the current session is on screen.
      if (state.run.snapshot?.index !== state.run.cursor) return;
      if (!isAtEnd(state)) setCursor(state.run.cursor + 1);
      else if (!isRunOpen(state)) stopPlaying();
    },
    fetchAttempt(session, index) {
      const { runId, attempts } = get().run;
      const key = attemptKey(session, index);
      if (runId === null || key in attempts || requestedAttempts.has(`${runId}:${key}`)) return;
      requestedAttempts.add(`${runId}:${key}`);
      const store = (entry: AttemptEntry) => {
        if (get().run.runId !== runId) return;
        set((state) => ({ run: { ...state.run, attempts: { ...state.run.attempts, [key]: entry } } }));
      };
      client.attempt(runId, session, index).then(
        (attempt) => store({ ok: true, attempt }),
        (error: unknown) => {
          requestedAttempts.delete(`${runId}:${key}`);
          store({ ok: false, error: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    async pauseComputation() {
      const { runId } = get().run;
      if (runId === null) return;
      const status = await client.pauseRun(runId);
      if (get().run.runId === runId) set((state) => ({ run: { ...state.run, status } }));
    },
    async resumeComputation() {
      const { runId } = get().run;
      if (runId === null) return;
      const status = await client.resumeRun(runId);
      if (get().run.runId === runId) set((state) => ({ run: { ...state.run, status } }));
    },
  };
}
