import useMediaQuery from '@mui/material/useMediaQuery';
import type { AppState, LessonStepMark } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectIsQuestionAsked, selectLesson, selectLessonSteps } from '../../store/lessonSlice';
import { SHORT_WINDOW_QUERY } from '../../ui/shortWindow';
import {
  selectFontScale,
  selectIsPresenting,
  selectIsSidePanelOpen,
  selectMainView,
} from '../../store/viewSlice';

/**
 * How much of the window the lesson takes at a larger text size in a short window (decisions 0317, 0332):
 * - `none`: the usual side panel;
 * - `wide`: the panel is its usual width times the text size (its lines keep their length in characters) and
 *   the stage's map/decision column gives the width, the queue tree keeps its own. A step without a question
 *   whose text was measured longer than the usual pane takes it, and an open question whose folded column a
 *   person brought back;
 * - `fold`: an open question on the stage: the map/decision column folds to a rail with a button that brings it back, and
 *   the panel takes its width too (the tree still keeps its own). At 1280x720 x1.3 a question needed 800-1000
 *   px of a 396 px pane, five still scrolled at 515 px, and the 212 px map column left drew no node whole.
 * Only with the side panel shown, outside presenter mode (which has its own layout).
 */
export type LessonRoom = 'none' | 'wide' | 'fold';

/** Whether `mark` is the step shown of the lesson loaded now. */
export function isStepShown(state: AppState, mark: LessonStepMark | null): boolean {
  return mark !== null && mark.steps === selectLessonSteps(state) && mark.step === selectLesson(state).step;
}

/** The step shown, as a mark for `lessonRoomStep` / `stageUnfoldedStep`. */
export function stepShown(state: AppState): LessonStepMark {
  return { steps: selectLessonSteps(state), step: selectLesson(state).step };
}

/** Whether the lesson may take more room at all: a larger text size in a short window, the panel shown. */
export function useMayTakeRoom(): boolean {
  const isShort = useMediaQuery(SHORT_WINDOW_QUERY, { noSsr: true });
  const isLargerText = useAppStore((s) => selectFontScale(s) > 1);
  const isSideOpen = useAppStore(selectIsSidePanelOpen);
  const isPresenting = useAppStore(selectIsPresenting);
  return isShort && isLargerText && isSideOpen && !isPresenting;
}

export function useLessonRoom(): LessonRoom {
  const mayTakeRoom = useMayTakeRoom();
  // One subscription to the room itself, not to what decides it: the app root reads the room, and a step that
  // flips a question open or shut while the room stays 'none' (the usual text size) must not re-render the whole
  // app: that re-rendered the main view's tabs, whose indicator measures the page (a forced layout) after every
  // render: 20-90 ms long tasks per Welcome step (decision 0350).
  return useAppStore((s) =>
    lessonRoomOf({
      mayTakeRoom,
      isAsked: selectIsQuestionAsked(s),
      isLongStep: isStepShown(s, s.view.lessonRoomStep),
      isUnfolded: isStepShown(s, s.view.stageUnfoldedStep),
      // Only the stage has a column to fold; beside another view the question takes the usual wider pane.
      isStage: selectMainView(s) === 'stage',
    }),
  );
}

/** The room from what decides it (the rules in `LessonRoom`'s comment). */
export function lessonRoomOf(f: {
  mayTakeRoom: boolean;
  isAsked: boolean;
  isLongStep: boolean;
  isUnfolded: boolean;
  isStage: boolean;
}): LessonRoom {
  if (!f.mayTakeRoom) return 'none';
  if (f.isAsked) return f.isUnfolded || !f.isStage ? 'wide' : 'fold';
  return f.isLongStep ? 'wide' : 'none';
}
