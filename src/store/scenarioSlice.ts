/**
 * The scenario: the editor buffer, the loaded text, parse problems and the loaded scenario's summary.
 * A failed load never touches the current run or the buffer: the user keeps both and fixes the text.
 */
import type { IssueDto, ScenarioSummary } from '../protocol/messages';
import type { SessionView } from '../protocol/sessionView';
import type {
  AppActions,
  AppState,
  DraftEntry,
  LoadOptions,
  LoadProgress,
  LoadState,
  ScenarioSliceState,
  ScenarioSource,
} from './AppState';
import type { RunController } from './runSlice';
import { initialLessonState, lessonOpening } from './lessonSlice';
import { initialRunState } from './runSlice';
import type { StoreContext } from './StoreContext';

export const initialScenarioState: ScenarioSliceState = {
  source: null,
  draft: '',
  draftEntry: null,
  loadedText: '',
  fileName: null,
  loadState: 'idle',
  issues: [],
  issuesText: '',
  warnings: [],
  summary: null,
  loadError: null,
  loadStartedAt: null,
  loadProgress: null,
  cancelNote: null,
};

export const selectScenarioSource = (state: AppState): ScenarioSource | null => state.scenario.source;
export const selectDraft = (state: AppState): string => state.scenario.draft;
export const selectDraftEntry = (state: AppState): DraftEntry | null => state.scenario.draftEntry;
export const selectLoadedText = (state: AppState): string => state.scenario.loadedText;
export const selectLoadState = (state: AppState): LoadState => state.scenario.loadState;
export const selectIssues = (state: AppState): IssueDto[] => state.scenario.issues;
export const selectIssuesText = (state: AppState): string => state.scenario.issuesText;
export const selectWarnings = (state: AppState): IssueDto[] => state.scenario.warnings;
export const selectSummary = (state: AppState): ScenarioSummary | null => state.scenario.summary;
export const selectLoadError = (state: AppState): string | null => state.scenario.loadError;
export const selectIsDraftDirty = (state: AppState): boolean =>
  state.scenario.draft !== state.scenario.loadedText;
export const selectLoadProgress = (state: AppState): LoadProgress | null => state.scenario.loadProgress;
export const selectCancelNote = (state: AppState): string | null => state.scenario.cancelNote;
/**
 * A load can be cancelled while it is read, and while the run it started computes its first session (at
 * production scale both take seconds; until the first session exists nothing of the new scenario is shown).
 */
export const selectIsCancellable = (state: AppState): boolean =>
  state.scenario.loadState === 'loading' ||
  (state.scenario.loadState === 'loaded' &&
    state.run.status?.state === 'running' &&
    state.run.markers.length === 0);
export const selectBuiltinId = (state: AppState): string | null =>
  state.scenario.source?.kind === 'builtin' ? state.scenario.source.id : null;

interface Attempt {
  text: string;
  options: LoadOptions;
}

/** What a cancelled load goes back to: a scenario with at least one session shown. */
interface Settled {
  text: string;
  options: LoadOptions;
  snapshot: SessionView | null;
}

/** The current run if it has something to show (a session, or a finished or stopped run). */
function settledOf(state: AppState): Settled | null {
  const { scenario, run, selection } = state;
  if (scenario.loadState !== 'loaded' || scenario.source === null || run.runId === null) return null;
  if (run.markers.length === 0 && run.status?.state === 'running') return null;
  return {
    text: scenario.loadedText,
    options: {
      source: scenario.source,
      fileName: scenario.fileName,
      cursor: run.cursor,
      selection: selection.current,
      pair: selection.pair,
    },
    snapshot: run.snapshot,
  };
}

export function createScenarioActions(
  { set, get, client }: StoreContext,
  controller: RunController,
): Pick<
  AppActions,
  'loadScenario' | 'retry' | 'setDraft' | 'replaceDraft' | 'validateText' | 'expandWorkload' | 'cancelLoad'
> {
  let latestLoad = 0;
  let lastAttempt: Attempt | null = null;
  /** The scenario a cancel returns to; replaced only by a run that has something to show. */
  let settled: Settled | null = null;

  client.subscribe({
    loadProgress(message) {
      const progress = get().scenario.loadProgress;
      if (progress === null || get().scenario.loadState !== 'loading') return;
      set((state) => ({
        scenario: { ...state.scenario, loadProgress: { ...progress, phase: message.phase } },
      }));
    },
  });

  const loadScenario = async (
    text: string,
    options: LoadOptions,
    restore: Settled | null = null,
  ): Promise<void> => {
    const token = ++latestLoad;
    lastAttempt = { text, options };
    settled = settledOf(get()) ?? settled;
    set((state) => ({
      scenario: {
        ...state.scenario,
        draft: options.replaceDraft === true ? text : state.scenario.draft,
        draftEntry:
          options.replaceDraft === true
            ? options.source.kind === 'custom' && options.source.savedId !== undefined
              ? { id: options.source.savedId, text }
              : null
            : state.scenario.draftEntry,
        loadState: 'loading',
        loadError: null,
        cancelNote: null,
        loadStartedAt: Date.now(),
        loadProgress: {
          phase: 'sending',
          characters: text.length,
          isRestoring: restore !== null,
        },
      },
      run: { ...state.run, crash: null, isPlaying: false },
    }));
    const fileName = options.fileName ?? null;
    try {
      const result = await client.load(text, fileName);
      if (token !== latestLoad) return;
      if (!result.ok) {
        set((state) => ({
          scenario: {
            ...state.scenario,
            loadState: 'invalid',
            loadProgress: null,
            issues: result.errors,
            issuesText: text,
            warnings: [],
          },
        }));
        return;
      }
      // A lesson opens on the step of its first session with that step's selection, unless the location
      // names a selection of its own.
      const opening = lessonOpening(result.summary.lesson, options.cursor, options.selection);
      set((state) => ({
        scenario: {
          ...state.scenario,
          source: options.source,
          loadedText: text,
          fileName,
          loadState: 'loaded',
          loadProgress: null,
          issues: [],
          warnings: result.warnings,
          summary: result.summary,
          loadError: null,
        },
        selection: { current: opening.selection, pair: options.pair ?? null },
        lesson: opening.lesson,
        // A flag on the timeline belonged to the previous run.
        view: { ...state.view, timelineFlag: null },
      }));
      // A restored run shows the session it had on screen at once: the engine is deterministic, so the
      // same text rebuilds exactly that session.
      controller.startRun(result.runId, result.status, opening.cursor ?? 1, restore?.snapshot ?? null);
    } catch (error) {
      if (token !== latestLoad) return;
      const message = error instanceof Error ? error.message : String(error);
      set((state) => ({
        scenario: { ...state.scenario, loadState: 'failed', loadError: message, loadProgress: null },
      }));
    }
  };

  const cancelLoad = async (): Promise<void> => {
    if (!selectIsCancellable(get())) return;
    ++latestLoad; // the load in flight is forgotten, whatever it answers
    client.restart('The load was cancelled.');
    controller.reset();
    const back = settled;
    if (back === null) {
      set((state) => ({
        scenario: {
          ...initialScenarioState,
          draft: state.scenario.draft,
          draftEntry: state.scenario.draftEntry,
          cancelNote: 'Loading was cancelled. Your text is still in the editor.',
        },
        run: initialRunState,
        selection: { current: null, pair: null },
        lesson: initialLessonState,
      }));
      return;
    }
    await loadScenario(back.text, { ...back.options, replaceDraft: false }, back);
  };

  return {
    loadScenario: (text, options) => loadScenario(text, options),
    cancelLoad,
    async retry() {
      if (lastAttempt === null) return;
      const state = get();
      // Come back to where the user was, not to where the failed attempt started.
      const isSameRun = state.run.runId !== null && state.scenario.loadedText === lastAttempt.text;
      await loadScenario(lastAttempt.text, {
        ...lastAttempt.options,
        replaceDraft: false,
        ...(isSameRun
          ? { cursor: state.run.cursor, selection: state.selection.current, pair: state.selection.pair }
          : {}),
      });
    },
    setDraft(text) {
      set((state) => ({ scenario: { ...state.scenario, draft: text } }));
    },
    replaceDraft(text, savedId) {
      set((state) => ({
        scenario: {
          ...state.scenario,
          draft: text,
          draftEntry: savedId === null ? null : { id: savedId, text },
        },
      }));
    },
    validateText(text) {
      return client.validate(text);
    },
    expandWorkload(text) {
      return client.expandWorkload(text);
    },
  };
}
