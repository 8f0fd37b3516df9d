import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { memo, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import Typography from '@mui/material/Typography';
import { useAppStore, useAppStoreApi } from '../../store/AppStoreProvider';
import {
  selectIsLessonSelection,
  selectIsQuestionAsked,
  selectLesson,
  selectLessonSteps,
} from '../../store/lessonSlice';
import { useElementHeight } from '../../ui/useElementWidth';
import { VISUALLY_HIDDEN } from '../../ui/visuallyHidden';
import { selectSelection } from '../../store/selectionSlice';
import { SelectionInspector } from '../inspector/SelectionInspector';
import { LessonPanel } from './LessonPanel';
import { stepShown, useLessonRoom, useMayTakeRoom, type LessonRoom } from './useLessonRoom';
import { selectActions } from '../../store/createAppStore';

const paneTitle = {
  px: 2,
  py: 0.75,
  borderBottom: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
} as const;

/**
 * Height of the details pane when the lesson needs the room: its title bar only (it says what is selected, and
 * its Show button opens it), so a step's text, its choices and Reveal/Next fit at 1280x720 (decisions 0270, 0302).
 */
const DETAILS_FOLDED = '2.5rem';
/** Below this height (px) the details show only their title: the title bar then names the selection. */
const FOLDED_BELOW = 72;

/**
 * The two panes' contents read the store themselves; memoised, they re-render on their own subscriptions and not
 * on every change of the panel's layout (a step, the details' measured height, a selection): while a lesson
 * loads the panel re-rendered whole three times, 170-205 components each (issue 22 item 6, decision 0373).
 */
const LessonPane = memo(LessonPanel);
const SelectionDetails = memo(SelectionInspector);

/**
 * The right-hand panel: the lesson in its own pane, and the details of the selection in another below
 * it. Selecting a job never replaces the lesson text (a class keeps reading while the teacher points).
 * While a lesson is taught the lesson takes the height its step needs and the details get what is left,
 * down to their title bar: at 1280x720 the 45/55 split, then a 65% cap, cut long steps (kueue-1 step 1
 * showed 5 of its 8 lines) and questions (issue 22, decisions 0270 and 0302). The details take their room
 * back when a person selects something themselves, or asks for them with Show.
 */
export function SidePanel() {
  const selection = useAppStore(selectSelection);
  const hasSelection = selection !== null;
  const lessonStep = useAppStore((s) => selectLesson(s).step);
  const hasSteps = useAppStore((s) => selectLessonSteps(s).length > 0);
  const isLessonSelection = useAppStore(selectIsLessonSelection);
  const isQuestionOpen = useAppStore(selectIsQuestionAsked);
  const room = useLessonRoom();
  const isRoomTaken = room !== 'none';
  const lessonRef = useRef<HTMLElement>(null);
  useLongStepRoom(lessonRef, room);
  // The folded details open on request for the step shown (the Why? button, the inspector): a person who
  // wants them is not stopped by the layout; the next step folds them again.
  const [openedAtStep, setOpenedAtStep] = useState<number | null>(null);
  // The lesson has the room first while it is taught and nobody asked for the details: on every step with
  // nothing selected or the step's own selection, and on an open question whatever is selected.
  const isLessonFirst =
    hasSteps && openedAtStep !== lessonStep && (isQuestionOpen || !hasSelection || isLessonSelection);
  const [detailsRef, detailsHeight] = useElementHeight<HTMLElement>();
  const isFolded = isLessonFirst && hasSelection && detailsHeight < FOLDED_BELOW;
  // Otherwise (a person's own selection, Show, or a scenario without steps) the lesson keeps the height its
  // step needs up to 65% and the details at least 35%; with nothing selected the lesson has the rest.
  const lessonFlex = isLessonFirst ? '0 1 auto' : !hasSelection ? '1 1 auto' : '0 1 auto';
  const detailsFlex = isLessonFirst || hasSelection ? '1 1 0' : '0 0 auto';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        component="section"
        aria-labelledby="side-lesson-title"
        data-testid="side-panel.lesson"
        ref={lessonRef}
        data-room={room}
        // Scrolls on its own: reachable by keyboard.
        tabIndex={0}
        data-asking={isQuestionOpen}
        data-lesson-first={isLessonFirst}
        sx={{
          flex: lessonFlex,
          minHeight: 0,
          maxHeight: hasSelection && !isLessonFirst ? '65%' : undefined,
          overflow: 'auto',
        }}
      >
        <Typography
          id="side-lesson-title"
          variant="body2"
          component="h2"
          // A taught lesson's own title names it: the bar's 32-39 px went to the step (decision 0302). Screen
          // readers still have the pane's heading.
          sx={hasSteps ? VISUALLY_HIDDEN : { ...paneTitle, position: 'sticky', top: 0, zIndex: 1 }}
        >
          Lesson
        </Typography>
        {/* The room of a larger text (decisions 0317, 0332): 4 px under Reveal instead of 16, 8 above. */}
        <Box
          sx={{
            p: 2,
            ...(hasSteps ? { pt: 1.5 } : {}),
            ...(isRoomTaken ? { pt: 1, pb: 0.5 } : {}),
          }}
        >
          <LessonPane />
        </Box>
      </Box>
      <Box
        component="section"
        aria-labelledby="side-details-title"
        data-testid="side-panel.details"
        ref={detailsRef}
        tabIndex={hasSelection ? 0 : -1}
        data-folded={isFolded}
        sx={{
          flex: detailsFlex,
          minHeight: isLessonFirst ? DETAILS_FOLDED : hasSelection ? '35%' : 0,
          overflow: 'auto',
          borderTop: 2,
          borderColor: 'divider',
        }}
      >
        <Typography
          id="side-details-title"
          variant="body2"
          component="h2"
          sx={{ ...paneTitle, position: 'sticky', top: 0, zIndex: 1 }}
        >
          Details
          {hasSelection && isFolded && (
            <Box component="span" sx={{ fontWeight: 400, textTransform: 'none', letterSpacing: 0 }}>
              {' '}
              · {selection.kind} {selection.name} selected{' '}
              <Button
                size="small"
                onClick={() => setOpenedAtStep(lessonStep)}
                sx={{ py: 0, minHeight: 0, textTransform: 'none' }}
                data-testid="side-panel.details-show"
              >
                Show
              </Button>
            </Box>
          )}
        </Typography>
        <Box sx={hasSelection ? { p: 2 } : { px: 2, py: 1 }}>
          <SelectionDetails />
        </Box>
      </Box>
    </Box>
  );
}

/**
 * A step without a question whose text is longer than the usual side pane, at a larger text size in a short
 * window, takes the wider pane an open question takes (decision 0332): measured, not guessed from its length,
 * once the step is laid out and whenever the pane or its text changes size (fonts, the window). Kept for the
 * step once taken, so the wider pane never narrows back into a scroll. A question step takes the room anyway
 * while open; its revealed explanation may scroll (decision 0303).
 */
function useLongStepRoom(lessonRef: RefObject<HTMLElement | null>, room: LessonRoom): void {
  const mayTakeRoom = useMayTakeRoom();
  const store = useAppStoreApi();
  const actions = useAppStore(selectActions);
  const steps = useAppStore(selectLessonSteps);
  const step = useAppStore((s) => selectLesson(s).step);
  const hasQuestion = steps[step]?.ask != null;
  useLayoutEffect(() => {
    const pane = lessonRef.current;
    if (!mayTakeRoom || room !== 'none' || hasQuestion || pane === null) return undefined;
    const check = () => {
      // The step itself, not "About this scenario" opened by a person (it may scroll; the room hides nothing).
      if (pane.querySelector('details[data-testid="lesson.about"][open]') !== null) return;
      if (pane.scrollHeight - pane.clientHeight > 1)
        actions.setView({ lessonRoomStep: stepShown(store.getState()) });
    };
    check();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(pane);
    // The pane (the window, the details below) and its content (the step's text, fonts as they load).
    for (const child of pane.children) observer.observe(child);
    return () => observer.disconnect();
  }, [lessonRef, mayTakeRoom, room, hasQuestion, steps, step, actions, store]);
}
