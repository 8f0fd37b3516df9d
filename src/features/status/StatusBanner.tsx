import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectCrash, selectRunStatus, selectSnapshotError } from '../../store/runSlice';
import {
  selectCancelNote,
  selectIsCancellable,
  selectIssues,
  selectLoadError,
  selectLoadState,
} from '../../store/scenarioSlice';
import { selectIsEditorOpen } from '../../store/viewSlice';
import { LoadProgress } from './LoadProgress';

/**
 * Problems the user must see: a crashed or hung simulator (with retry), a scenario that does not parse,
 * an engine failure part-way through a run, a session that could not be shown. Each says what still works.
 */
export function StatusBanner() {
  const crash = useAppStore(selectCrash);
  const loadState = useAppStore(selectLoadState);
  const loadError = useAppStore(selectLoadError);
  const issues = useAppStore(selectIssues);
  const status = useAppStore(selectRunStatus);
  const snapshotError = useAppStore(selectSnapshotError);
  const actions = useAppStore(selectActions);
  const isCancellable = useAppStore(selectIsCancellable);
  const isEditorOpen = useAppStore(selectIsEditorOpen);
  const cancelNote = useAppStore(selectCancelNote);
  const alerts = [];

  // The editor shows its own while it is open (the dialog hides the page behind it).
  if (isCancellable && !isEditorOpen) {
    alerts.push(
      <Alert key="progress" severity="info" icon={false} sx={{ '& .MuiAlert-message': { flex: 1 } }}>
        <LoadProgress />
      </Alert>,
    );
  }
  if (cancelNote !== null) {
    alerts.push(
      <Alert key="cancelled" severity="info" data-testid="status.cancelled">
        {cancelNote}
      </Alert>,
    );
  }

  const retry = (
    <Button
      color="inherit"
      variant="outlined"
      onClick={() => void actions.retry()}
      data-testid="status.retry"
    >
      Retry
    </Button>
  );
  if (crash !== null) {
    alerts.push(
      <Alert key="crash" severity="error" data-testid="status.crash" action={retry}>
        <AlertTitle>The simulator stopped</AlertTitle>
        {crash} Your scenario text is kept; Retry starts a fresh simulator and returns to the same session.
      </Alert>,
    );
  } else if (loadState === 'failed' && loadError !== null) {
    alerts.push(
      <Alert key="load" severity="error" data-testid="status.load-error" action={retry}>
        <AlertTitle>The scenario could not be run</AlertTitle>
        {loadError}
      </Alert>,
    );
  }
  if (loadState === 'invalid') {
    alerts.push(
      <Alert
        key="invalid"
        severity="warning"
        data-testid="status.invalid"
        action={
          <Button color="inherit" variant="outlined" onClick={() => actions.setView({ isEditorOpen: true })}>
            Show problems
          </Button>
        }
      >
        The scenario text has {issues.length} {issues.length === 1 ? 'problem' : 'problems'}
        {issues[0] !== undefined && `: ${issues[0].text}`}.{' '}
        {status !== null ? 'The previous run is still shown.' : ''}
      </Alert>,
    );
  }
  if (status?.state === 'failed' && crash === null) {
    alerts.push(
      <Alert key="run" severity="error" data-testid="status.run-failed">
        <AlertTitle>The engine failed</AlertTitle>
        {status.error}{' '}
        {status.sessionCount === 1
          ? 'The session before it can still be stepped through.'
          : `The ${status.sessionCount} sessions before it can still be stepped through.`}
      </Alert>,
    );
  }
  if (snapshotError !== null && crash === null) {
    alerts.push(
      <Alert key="snapshot" severity="warning" data-testid="status.snapshot-error">
        This session could not be shown: {snapshotError}
      </Alert>,
    );
  }
  if (alerts.length === 0) return null;
  return (
    <Stack spacing={0.5} sx={{ px: 1.5, py: 0.75 }} role="region" aria-label="Status">
      {alerts}
    </Stack>
  );
}
