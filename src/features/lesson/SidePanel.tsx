import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectLesson, selectLessonSteps } from '../../store/lessonSlice';
import { selectSelection } from '../../store/selectionSlice';
import { SelectionInspector } from '../inspector/SelectionInspector';
import { LessonPanel } from './LessonPanel';

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
 * Height of the details pane while a lesson question is open: its title bar only (it says what is selected),
 * so the largest text size still shows three choices and Reveal at 1280x720 (decision 0270).
 */
const DETAILS_WHILE_ASKING = '2.5rem';

/**
 * The right-hand panel: the lesson in its own pane, and the details of the selection in another below
 * it. Selecting a job never replaces the lesson text (a class keeps reading while the teacher points).
 * While a question waits for the class the lesson takes the height it needs and the details keep only
 * their title and first line: at 1280x720 the 45/55 split left the lesson ~240 px, and Welcome step 2's third
 * choice and its Reveal button below the pane (issue 22, decision 0270).
 */
export function SidePanel() {
  const selection = useAppStore(selectSelection);
  const hasSelection = selection !== null;
  const lessonStep = useAppStore((s) => selectLesson(s).step);
  const isQuestionOpen = useAppStore((s) => {
    const step = selectLessonSteps(s)[selectLesson(s).step];
    return step !== undefined && step.ask !== null && !selectLesson(s).revealed;
  });
  // The folded details open on request for the open question's step (the Why? button, the inspector): a
  // person who wants them is not stopped by the layout; the next question folds them again.
  const [openedAtStep, setOpenedAtStep] = useState<number | null>(null);
  const isAsking = isQuestionOpen && openedAtStep !== lessonStep;
  // With a selection and no open question the lesson keeps the height its step needs, up to 65%, and the
  // details take the rest (at least 35%): a lesson now opens with its step's selection (decision 0268), and
  // the former 45/55 split cut the step's own text at 1280x720 (kueue-1 step 1, issue 22).
  const lessonFlex = isAsking || !hasSelection ? '1 1 auto' : '0 1 auto';
  const detailsFlex = !hasSelection ? '0 0 auto' : '1 1 0';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        component="section"
        aria-labelledby="side-lesson-title"
        data-testid="side-panel.lesson"
        // Scrolls on its own: reachable by keyboard.
        tabIndex={0}
        data-asking={isAsking}
        sx={{
          flex: lessonFlex,
          minHeight: 0,
          maxHeight: hasSelection && !isAsking ? '65%' : undefined,
          overflow: 'auto',
        }}
      >
        <Typography
          id="side-lesson-title"
          variant="body2"
          component="h2"
          sx={{ ...paneTitle, position: 'sticky', top: 0, zIndex: 1 }}
        >
          Lesson
        </Typography>
        <Box sx={{ p: 2 }}>
          <LessonPanel />
        </Box>
      </Box>
      <Box
        component="section"
        aria-labelledby="side-details-title"
        data-testid="side-panel.details"
        tabIndex={hasSelection ? 0 : -1}
        sx={{
          flex: detailsFlex,
          minHeight: isAsking ? DETAILS_WHILE_ASKING : hasSelection ? '35%' : 0,
          // With nothing selected its hint took 90-135 px under an open question.
          ...(isAsking ? { flex: '0 0 auto', height: DETAILS_WHILE_ASKING } : {}),
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
          {hasSelection && isAsking && (
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
          <SelectionInspector />
        </Box>
      </Box>
    </Box>
  );
}
