/**
 * The stage: the queue tree, the cluster map and the session's key decision with its explanation on one
 * screen, sized to the window, so a teacher never clicks between tabs (docs/decisions/0040). Until the
 * person selects something, the tree draws the key eviction's min-runtime path.
 */
import Box from '@mui/material/Box';
import { STAGE_RAIL_WIDTH, TREE_WIDTH_BESIDE_SIDE } from '../../ui/AppShell';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectSummary } from '../../store/scenarioSlice';
import { useLessonRoom } from '../lesson/useLessonRoom';
import { StagePictures } from './StagePictures';
import { KeyDecisionView } from './KeyDecisionView';
import { StageRail } from './StageRail';
import { useKeyDecision } from './useKeyDecision';

/** The stage's grid: its pictures separated by 1 px lines of the divider colour. */
const STAGE_GRID = { height: '100%', display: 'grid', gap: '1px', bgcolor: 'divider' } as const;

export function StageView() {
  const { pair } = useKeyDecision();
  // While a lesson step takes a wider side panel (decisions 0317, 0332) the tree keeps the width it has
  // beside the usual panel, so its text is not smaller; the map and decision column gives the room, and
  // while a question is open it folds to a rail whose button brings it back (it drew no node whole at 212 px).
  const room = useLessonRoom();
  // One queue: its single card needs little of the tree's height, and the cluster map is the picture (its
  // node frames stack by topology level and pool): the map takes the whole right column and the key
  // decision sits under the tree, in the wider column (decision 0333: topology-1's cells 10 -> N px).
  const isOneQueue = useAppStore((s) => selectSummary(s)?.queueCount === 1);
  if (room === 'fold') {
    return (
      <Box
        data-testid="stage"
        data-room={room}
        sx={{
          ...STAGE_GRID,
          gridTemplateColumns: `minmax(0, 1fr) ${STAGE_RAIL_WIDTH}`,
          gridTemplateRows: 'minmax(0, 1fr)',
          gridTemplateAreas: '"tree rail"',
        }}
      >
        <StagePictures pair={pair} isMapShown={false} />
        <StageRail />
      </Box>
    );
  }
  return (
    <Box
      data-testid="stage"
      data-room={room}
      sx={{
        ...STAGE_GRID,
        gridTemplateColumns:
          room === 'wide'
            ? `minmax(0, calc${TREE_WIDTH_BESIDE_SIDE}) minmax(0, 1fr)`
            : 'minmax(0, 5fr) minmax(0, 3fr)',
        gridTemplateRows: 'minmax(0, 1fr) minmax(0, 1fr)',
        gridTemplateAreas: isOneQueue ? '"tree map" "decision map"' : '"tree map" "tree decision"',
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
