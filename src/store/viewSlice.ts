import type { AppActions, AppState, MainView, ViewSliceState } from './AppState';
import type { StoreContext } from './StoreContext';

export const PLAY_SPEEDS = [0.5, 1, 2, 4, 8, 16] as const;
export const FONT_SCALES = [1, 1.15, 1.3] as const;

export const initialViewState: ViewSliceState = {
  themeMode: 'light',
  fontScale: 1,
  playSpeed: 2,
  mainView: null,
  isPresenting: false,
  isPointerHighlight: false,
  decisionFilter: 'all',
  isSidePanelOpen: true,
  jobSort: { key: 'queue', direction: 'asc' },
  jobFilter: { text: '', status: 'all' },
  isHelpOpen: false,
  isGalleryOpen: false,
  isEditorOpen: false,
  isShareOpen: false,
  isDryRunOpen: false,
  notice: null,
  timelineFlag: null,
  lessonRoomStep: null,
  stageUnfoldedStep: null,
};

export const selectView = (state: AppState): ViewSliceState => state.view;
export const selectThemeMode = (state: AppState) => state.view.themeMode;
export const selectFontScale = (state: AppState) => state.view.fontScale;
export const selectPlaySpeed = (state: AppState) => state.view.playSpeed;
/** A scenario with a lesson to tell (its description) opens on the stage. */
export const selectHasLesson = (state: AppState): boolean =>
  (state.scenario.summary?.description.trim() ?? '') !== '';
/** The main view on screen: the chosen one, else the stage for a lesson and the jobs table otherwise. */
export const selectMainView = (state: AppState): MainView =>
  state.view.mainView ?? (selectHasLesson(state) ? 'stage' : 'jobs');
export const selectIsPresenting = (state: AppState) => state.view.isPresenting;
export const selectIsPointerHighlight = (state: AppState) => state.view.isPointerHighlight;
export const selectDecisionFilter = (state: AppState) => state.view.decisionFilter;
export const selectIsSidePanelOpen = (state: AppState) => state.view.isSidePanelOpen;
export const selectJobSort = (state: AppState) => state.view.jobSort;
export const selectJobFilter = (state: AppState) => state.view.jobFilter;
export const selectIsHelpOpen = (state: AppState) => state.view.isHelpOpen;
export const selectIsGalleryOpen = (state: AppState) => state.view.isGalleryOpen;
export const selectIsEditorOpen = (state: AppState) => state.view.isEditorOpen;
export const selectIsShareOpen = (state: AppState) => state.view.isShareOpen;
export const selectIsDryRunOpen = (state: AppState) => state.view.isDryRunOpen;
export const selectNotice = (state: AppState) => state.view.notice;
export const selectTimelineFlag = (state: AppState) => state.view.timelineFlag;

export function createViewActions({ set }: StoreContext): Pick<AppActions, 'setView'> {
  return {
    setView(patch) {
      set((state) => ({ view: { ...state.view, ...patch } }));
    },
  };
}
