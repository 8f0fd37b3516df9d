/**
 * "Show on queue tree" for a preemptor/victim pair, used by the decision log. Selects the pair (and its
 * victim) app-wide and opens the tree tab. Light on purpose: the decision log is on the first screen, the
 * tree's code loads only when its tab opens.
 */
import { AccountTreeIcon } from '../../ui/icons';
import Button from '@mui/material/Button';
import type { SelectedPair } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';

export function ShowOnTreeButton({ pair }: { pair: SelectedPair }) {
  const actions = useAppStore(selectActions);
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<AccountTreeIcon />}
      onClick={() => {
        actions.selectPair(pair);
        actions.setView({ mainView: 'queues' });
      }}
      data-testid="show-on-tree"
      aria-label={`Show the min-runtime path of ${pair.victim} and ${pair.preemptor} on the queue tree`}
    >
      Show on tree
    </Button>
  );
}
