import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import type { SideView } from '../../store/AppState';
import { selectSideView } from '../../store/viewSlice';
import { SelectionInspector } from '../inspector/SelectionInspector';
import { LessonPanel } from './LessonPanel';

/** The right-hand panel: the lesson, or the details of the selection. */
export function SidePanel() {
  const view = useAppStore(selectSideView);
  const actions = useAppStore(selectActions);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Tabs
        value={view}
        onChange={(_, next: SideView) => actions.setView({ sideView: next })}
        aria-label="Side panel"
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          position: 'sticky',
          top: 0,
          bgcolor: 'background.paper',
          zIndex: 1,
        }}
      >
        <Tab
          value="lesson"
          label="Lesson"
          id="side-tab-lesson"
          aria-controls="side-panel"
          data-testid="side-panel.lesson-tab"
        />
        <Tab
          value="details"
          label="Details"
          id="side-tab-details"
          aria-controls="side-panel"
          data-testid="side-panel.details-tab"
        />
      </Tabs>
      <Box id="side-panel" role="tabpanel" aria-labelledby={`side-tab-${view}`} sx={{ p: 2 }}>
        {view === 'lesson' ? <LessonPanel /> : <SelectionInspector />}
      </Box>
    </Box>
  );
}
