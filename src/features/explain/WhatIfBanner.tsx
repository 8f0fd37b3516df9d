import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppStore, useAppStoreApi } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectWhatIf } from '../../store/explainSlice';
import { keepLoadedScenario } from '../library/keepLoadedScenario';

/**
 * A suggestion tried (decision 0166): the changed scenario is on screen in preview; "Back" reloads the
 * scenario it was made from where it was left, "Keep a copy" adds the changed one to My scenarios. The
 * editor buffer is never touched by either.
 */
export function WhatIfBanner() {
  const whatIf = useAppStore(selectWhatIf);
  const actions = useAppStore(selectActions);
  const store = useAppStoreApi();
  if (whatIf === null) return null;
  return (
    <Alert
      severity="info"
      data-testid="whatif.banner"
      sx={{ mx: 1, mt: 0.5 }}
      action={
        <Stack direction="row" spacing={1} sx={{ whiteSpace: 'nowrap', alignItems: 'center' }}>
          <Button
            color="inherit"
            variant="outlined"
            onClick={() => void actions.leaveWhatIf()}
            data-testid="whatif.back"
          >
            Back to {whatIf.base.name}
          </Button>
          <Button
            color="inherit"
            variant="contained"
            onClick={() => keepLoadedScenario(store, 'what-if', `${whatIf.base.name} (what if)`)}
            data-testid="whatif.keep"
          >
            Keep a copy
          </Button>
        </Stack>
      }
    >
      <AlertTitle data-testid="whatif.change">What if: {whatIf.change}</AlertTitle>
      The engine checked that <b>{whatIf.job}</b> starts at session {whatIf.session} with this change. “
      {whatIf.base.name}” is kept as it was; your editor text is untouched.
    </Alert>
  );
}
