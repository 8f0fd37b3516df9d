/**
 * The stage's map/decision column folded for an open lesson question at a larger text size in a short
 * window (decision 0332): one button the height of the stage that brings the cluster map and the key
 * decision back for this step (the side pane then narrows to its wider-by-the-text width, as in 0317).
 * The reveal brings them back anyway.
 */
import Button from '@mui/material/Button';
import { ChevronLeftIcon } from '../../ui/icons';
import { useAppStore, useAppStoreApi } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { stepShown } from '../lesson/useLessonRoom';

export function StageRail() {
  const actions = useAppStore(selectActions);
  const store = useAppStoreApi();
  return (
    <Button
      data-testid="stage.unfold"
      aria-label="Show the cluster map and the key decision"
      title="Show the cluster map and the key decision (they come back with the reveal)"
      onClick={() => actions.setView({ stageUnfoldedStep: stepShown(store.getState()) })}
      startIcon={<ChevronLeftIcon />}
      sx={{
        gridArea: 'rail',
        minWidth: 0,
        p: 0,
        borderRadius: 0,
        bgcolor: 'background.default',
        textTransform: 'none',
        writingMode: 'vertical-rl',
        // The icon above the words, both centred in the strip.
        '& .MuiButton-startIcon': { m: 0, mb: 0.5 },
      }}
    >
      Map and decision
    </Button>
  );
}
