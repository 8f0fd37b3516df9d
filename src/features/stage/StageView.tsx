/**
 * The stage: the queue tree, the cluster map and the session's key decision with its explanation on one
 * screen, sized to the window, so a teacher never clicks between tabs (docs/decisions/0040). Until the
 * person selects something, the tree draws the key eviction's min-runtime path.
 */
import Box from '@mui/material/Box';
import { MAIN_WIDTH_BESIDE_SIDE } from '../../ui/AppShell';
import { useQuestionRoom } from '../lesson/useQuestionRoom';
import { StagePictures } from './StagePictures';
import { KeyDecisionView } from './KeyDecisionView';
import { useKeyDecision } from './useKeyDecision';

export function StageView() {
  const { pair } = useKeyDecision();
  // While a lesson question takes a wider side panel (decision 0317) the tree keeps the width it has beside
  // the usual panel, so its text is not smaller; the map and decision column gives the room (the decision
  // cell then only asks for an answer first).
  const isQuestionRoom = useQuestionRoom();
  return (
    <Box
      data-testid="stage"
      sx={{
        height: '100%',
        display: 'grid',
        gap: '1px',
        bgcolor: 'divider',
        gridTemplateColumns: isQuestionRoom
          ? `minmax(0, calc(${MAIN_WIDTH_BESIDE_SIDE} * 5 / 8)) minmax(0, 1fr)`
          : 'minmax(0, 5fr) minmax(0, 3fr)',
        gridTemplateRows: 'minmax(0, 1fr) minmax(0, 1fr)',
        gridTemplateAreas: '"tree map" "tree decision"',
      }}
    >
      <StagePictures pair={pair} />
      <Box
        component="section"
        aria-label="Key decision of this session"
        // Scrolls on its own: reachable by keyboard.
        tabIndex={0}
        sx={{ gridArea: 'decision', minHeight: 0, overflow: 'auto', p: 1.5, bgcolor: 'background.default' }}
      >
        <KeyDecisionView />
      </Box>
    </Box>
  );
}
