import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAppStore } from '../../store/AppStoreProvider';
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
 * The right-hand panel: the lesson in its own pane, and the details of the selection in another below
 * it. Selecting a job never replaces the lesson text (a class keeps reading while the teacher points).
 */
export function SidePanel() {
  const selection = useAppStore(selectSelection);
  const hasSelection = selection !== null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        component="section"
        aria-labelledby="side-lesson-title"
        data-testid="side-panel.lesson"
        // Scrolls on its own: reachable by keyboard.
        tabIndex={0}
        sx={{ flex: hasSelection ? '1 1 45%' : '1 1 auto', minHeight: 0, overflow: 'auto' }}
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
          flex: hasSelection ? '1 1 55%' : '0 0 auto',
          minHeight: 0,
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
        </Typography>
        <Box sx={hasSelection ? { p: 2 } : { px: 2, py: 1 }}>
          <SelectionInspector />
        </Box>
      </Box>
    </Box>
  );
}
