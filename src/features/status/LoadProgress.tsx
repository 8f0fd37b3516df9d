import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectIsCancellable, selectLoadProgress } from '../../store/scenarioSlice';
import { plural } from '../../common/plural';
import { useElapsedSeconds } from './useElapsedSeconds';

const selectSessionLimit = (s: AppState) => s.scenario.summary?.sessionLimit ?? null;
const selectComputed = (s: AppState) => s.run.status?.sessionCount ?? 0;
const selectName = (s: AppState) => s.scenario.summary?.name ?? null;
const selectStartedAt = (s: AppState) => s.scenario.loadStartedAt ?? 0;

function sizeOf(characters: number): string {
  if (characters >= 1e6) return `${(characters / 1e6).toFixed(1)} MB`;
  if (characters >= 1e3) return `${Math.round(characters / 1e3)} kB`;
  return plural(characters, 'character');
}

/**
 * What a long load waits for, and a Cancel button (issue 13): reading the text (parse, validation and
 * normalisation are one engine call in the worker), starting the simulation, then its first session out of
 * the run's length. Cancel restarts the worker and brings back the scenario shown before, at the same
 * session and selection; the editor buffer is never touched. `onCancel` lets the editor keep itself open.
 */
export function LoadProgress({ onCancel }: { onCancel?: () => void }) {
  const isCancellable = useAppStore(selectIsCancellable);
  const progress = useAppStore(selectLoadProgress);
  const limit = useAppStore(selectSessionLimit);
  const computed = useAppStore(selectComputed);
  const name = useAppStore(selectName);
  const actions = useAppStore(selectActions);
  const startedAt = useAppStore(selectStartedAt);
  const elapsed = useElapsedSeconds(startedAt);
  if (!isCancellable) return null;

  let text: string;
  let step: number;
  if (progress !== null) {
    const what = progress.isRestoring ? 'the previous scenario' : 'the scenario';
    switch (progress.phase) {
      case 'sending':
        text = `Waiting for the simulator to take ${what} (${sizeOf(progress.characters)})…`;
        step = 1;
        break;
      case 'reading':
        text = `Reading ${what} (${sizeOf(progress.characters)}): parsing, validating, normalising…`;
        step = 2;
        break;
      case 'starting':
        text = `Starting the simulation of ${what}…`;
        step = 3;
        break;
    }
  } else {
    text = `Running session ${computed + 1}${limit === null ? '' : ` of at most ${limit}`}${name === null ? '' : ` of “${name}”`}…`;
    step = 4;
  }

  return (
    <Box
      data-testid="load-progress"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', minWidth: 0 }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography variant="body2" role="status" data-testid="load-progress.text">
          Step {step} of 4: {text} {elapsed > 0 ? `${elapsed} s` : ''}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(step - 1) * 25 + 5}
          aria-label={`Loading: step ${step} of 4`}
          sx={{ mt: 0.5 }}
        />
      </Box>
      <Button
        size="small"
        variant="outlined"
        onClick={() => {
          onCancel?.();
          void actions.cancelLoad();
        }}
        data-testid="load-progress.cancel"
      >
        Cancel
      </Button>
    </Box>
  );
}
