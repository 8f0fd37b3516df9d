/**
 * The scenario: the editor buffer, the loaded text, parse problems and the loaded scenario's summary.
 * A failed load never touches the current run or the buffer: the user keeps both and fixes the text.
 */
import type { IssueDto, ScenarioSummary } from '../protocol/messages';
import type {
  AppActions,
  AppState,
  LoadOptions,
  LoadState,
  ScenarioSliceState,
  ScenarioSource,
} from './AppState';
import type { RunController } from './runSlice';
import { initialLessonState } from './lessonSlice';
import type { StoreContext } from './StoreContext';

export const initialScenarioState: ScenarioSliceState = {
  source: null,
  draft: '',
  loadedText: '',
  fileName: null,
  loadState: 'idle',
  issues: [],
  warnings: [],
  summary: null,
  loadError: null,
};

export const selectScenarioSource = (state: AppState): ScenarioSource | null => state.scenario.source;
export const selectDraft = (state: AppState): string => state.scenario.draft;
export const selectLoadedText = (state: AppState): string => state.scenario.loadedText;
export const selectLoadState = (state: AppState): LoadState => state.scenario.loadState;
export const selectIssues = (state: AppState): IssueDto[] => state.scenario.issues;
export const selectWarnings = (state: AppState): IssueDto[] => state.scenario.warnings;
export const selectSummary = (state: AppState): ScenarioSummary | null => state.scenario.summary;
export const selectLoadError = (state: AppState): string | null => state.scenario.loadError;
export const selectIsDraftDirty = (state: AppState): boolean =>
  state.scenario.draft !== state.scenario.loadedText;
export const selectBuiltinId = (state: AppState): string | null =>
  state.scenario.source?.kind === 'builtin' ? state.scenario.source.id : null;

interface Attempt {
  text: string;
  options: LoadOptions;
}

export function createScenarioActions(
  { set, get, client }: StoreContext,
  controller: RunController,
): Pick<AppActions, 'loadScenario' | 'retry' | 'setDraft' | 'validateText'> {
  let latestLoad = 0;
  let lastAttempt: Attempt | null = null;

  const loadScenario = async (text: string, options: LoadOptions): Promise<void> => {
    const token = ++latestLoad;
    lastAttempt = { text, options };
    set((state) => ({
      scenario: {
        ...state.scenario,
        draft: options.replaceDraft === true ? text : state.scenario.draft,
        loadState: 'loading',
        loadError: null,
      },
      run: { ...state.run, crash: null, isPlaying: false },
    }));
    const fileName = options.fileName ?? null;
    try {
      const result = await client.load(text, fileName);
      if (token !== latestLoad) return;
      if (!result.ok) {
        set((state) => ({
          scenario: { ...state.scenario, loadState: 'invalid', issues: result.errors, warnings: [] },
        }));
        return;
      }
      set((state) => ({
        scenario: {
          ...state.scenario,
          source: options.source,
          loadedText: text,
          fileName,
          loadState: 'loaded',
          issues: [],
          warnings: result.warnings,
          summary: result.summary,
          loadError: null,
        },
        selection: { current: options.selection ?? null, pair: options.pair ?? null },
        lesson: initialLessonState,
        // A selection restored from a link opens its details, as selecting it by hand does. A flag on the
        // timeline belonged to the previous run.
        view: {
          ...state.view,
          timelineFlag: null,
          ...(options.selection ? { sideView: 'details' as const } : {}),
        },
      }));
      controller.startRun(result.runId, result.status, options.cursor ?? 1);
    } catch (error) {
      if (token !== latestLoad) return;
      const message = error instanceof Error ? error.message : String(error);
      set((state) => ({ scenario: { ...state.scenario, loadState: 'failed', loadError: message } }));
    }
  };

  return {
    loadScenario,
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
    validateText(text) {
      return client.validate(text);
    },
  };
}
