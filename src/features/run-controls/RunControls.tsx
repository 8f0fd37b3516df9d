import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  KeyboardDoubleArrowLeftIcon,
  KeyboardDoubleArrowRightIcon,
  NavigateBeforeIcon,
  NavigateNextIcon,
  PauseIcon,
  PlayArrowIcon,
  SkipNextIcon,
  SkipPreviousIcon,
} from '../../ui/icons';
import { memo, type ComponentType } from 'react';
import type { AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import {
  selectCursor,
  selectCursorMarker,
  selectIsPlaying,
  selectRunStatus,
  selectSessionCount,
  sessionPosition,
} from '../../store/runSlice';
import { findNextSession, findPreviousSession, hasEviction } from '../../store/timelineQueries';
import { PLAY_SPEEDS, selectFontScale, selectPlaySpeed } from '../../store/viewSlice';
import { SHORT_WINDOW } from '../../ui/shortWindow';
import { Keycap } from '../../ui/Keycap';
import { formatInstant } from '../format/formatTime';
import { usePlayback } from './usePlayback';
import { plural } from '../../common/plural';

const selectHasNextEviction = (s: AppState) =>
  findNextSession(s.run.markers, s.run.cursor, hasEviction) !== null;
const selectHasPreviousEviction = (s: AppState) =>
  findPreviousSession(s.run.markers, s.run.cursor, hasEviction) !== null;

/** Memoised: the toolbar re-renders on every step, its tooltips need not. */
const ControlButton = memo(function ControlButton(props: {
  label: string;
  shortcut: string;
  testId: string;
  disabled: boolean;
  onClick: () => void;
  icon: ComponentType;
}) {
  const Icon = props.icon;
  return (
    <Tooltip
      title={
        <span>
          {props.label} <Keycap label={props.shortcut} />
        </span>
      }
    >
      {/* The span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton
          aria-label={props.label}
          aria-keyshortcuts={props.shortcut}
          data-testid={props.testId}
          disabled={props.disabled}
          onClick={props.onClick}
          size="large"
        >
          <Icon />
        </IconButton>
      </span>
    </Tooltip>
  );
});

/**
 * The playback speed, with its own subscription and memoised: the select (its input, menu, popover and modal,
 * about 30 components) re-rendered with the toolbar on every step and while a scenario loaded (issue 22 item 6,
 * decision 0373).
 */
const PlaySpeedSelect = memo(function PlaySpeedSelect() {
  const actions = useAppStore(selectActions);
  const speed = useAppStore(selectPlaySpeed);
  return (
    <Select
      size="small"
      value={speed}
      onChange={(event) => actions.setView({ playSpeed: Number(event.target.value) })}
      inputProps={{ 'aria-label': 'Playback speed (sessions per second)' }}
      data-testid="run-controls.speed"
      sx={{ ml: 1, minWidth: 96 }}
    >
      {PLAY_SPEEDS.map((s) => (
        <MenuItem key={s} value={s}>
          {s}× / s
        </MenuItem>
      ))}
    </Select>
  );
});

const selectSessionLimit = (s: AppState) => s.scenario.summary?.sessionLimit ?? null;

function ComputeStatus() {
  const status = useAppStore(selectRunStatus);
  const limit = useAppStore(selectSessionLimit);
  const actions = useAppStore(selectActions);
  if (status === null) return null;
  switch (status.state) {
    case 'running':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="run-controls.computing">
          {/* A fixed arc that only turns: a transform the compositor animates. The default spinner also
              animates its stroke, a style and paint of the page's main thread every frame while a run computes:
              0.57 s of main-thread CPU, a third of it, while 140,000 pods loaded (decision 0336). */}
          <CircularProgress size={18} disableShrink aria-label="Computing sessions" />
          <Typography variant="body2">
            Computing… {plural(status.sessionCount, 'session')}
            {limit === null ? '' : ` of at most ${limit}`}
          </Typography>
          <Button
            size="small"
            onClick={() => void actions.pauseComputation()}
            data-testid="run-controls.stop"
          >
            Stop
          </Button>
        </Box>
      );
    case 'paused':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2">Stopped after {plural(status.sessionCount, 'session')}</Typography>
          <Button
            size="small"
            onClick={() => void actions.resumeComputation()}
            data-testid="run-controls.continue"
          >
            Continue
          </Button>
        </Box>
      );
    case 'finished':
    case 'failed':
      return null;
  }
}

/** Step, play and jump controls with the cursor's session and time. */
export function RunControls() {
  usePlayback();
  const actions = useAppStore(selectActions);
  const cursor = useAppStore(selectCursor);
  const count = useAppStore(selectSessionCount);
  const marker = useAppStore(selectCursorMarker);
  const isPlaying = useAppStore(selectIsPlaying);
  const hasNextEviction = useAppStore(selectHasNextEviction);
  const hasPreviousEviction = useAppStore(selectHasPreviousEviction);
  const isLargerText = useAppStore((s) => selectFontScale(s) > 1);
  const isEmpty = count === 0;

  return (
    <Box
      role="toolbar"
      aria-label="Run controls"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1.5,
        py: 0.5,
        flexWrap: 'wrap',
        // A larger text size in a short window: the buttons' padding (never their icons or the session's
        // text) tightens, so the row stays one line beside a lesson question's wider side panel (810 px at
        // x1.3 wrapped the session line below and took 35 px from the stage's tree; decision 0317).
        ...(isLargerText ? { [SHORT_WINDOW]: { gap: 0, '& .MuiIconButton-root': { p: 1 } } } : {}),
      }}
    >
      <ControlButton
        label="First session"
        shortcut="Home"
        testId="run-controls.start"
        disabled={isEmpty || cursor <= 1}
        onClick={actions.toStart}
        icon={SkipPreviousIcon}
      />
      <ControlButton
        label="Previous eviction"
        shortcut="Shift+E"
        testId="run-controls.previous-eviction"
        disabled={!hasPreviousEviction}
        onClick={actions.previousEviction}
        icon={KeyboardDoubleArrowLeftIcon}
      />
      <ControlButton
        label="Previous session"
        shortcut="←"
        testId="run-controls.step-back"
        disabled={isEmpty || cursor <= 1}
        onClick={actions.stepBack}
        icon={NavigateBeforeIcon}
      />
      <ControlButton
        label={isPlaying ? 'Pause' : 'Play'}
        shortcut="Space"
        testId="run-controls.play"
        disabled={isEmpty}
        onClick={actions.togglePlay}
        icon={isPlaying ? PauseIcon : PlayArrowIcon}
      />
      <ControlButton
        label="Next session"
        shortcut="→"
        testId="run-controls.step-forward"
        disabled={isEmpty || cursor >= count}
        onClick={actions.stepForward}
        icon={NavigateNextIcon}
      />
      <ControlButton
        label="Next eviction"
        shortcut="E"
        testId="run-controls.next-eviction"
        disabled={!hasNextEviction}
        onClick={actions.nextEviction}
        icon={KeyboardDoubleArrowRightIcon}
      />
      <ControlButton
        label="Last session"
        shortcut="End"
        testId="run-controls.end"
        disabled={isEmpty || cursor >= count}
        onClick={actions.toEnd}
        icon={SkipNextIcon}
      />

      <PlaySpeedSelect />

      <Box sx={{ ml: 2, display: 'flex', alignItems: 'baseline', gap: 1.5 }} aria-live="polite">
        <Typography variant="h2" component="p" data-testid="run-controls.session">
          {isEmpty && cursor <= 1 ? 'No sessions yet' : sessionPosition(cursor, count)}
        </Typography>
        {marker !== null && (
          <Typography variant="h3" component="p" color="text.secondary" data-testid="run-controls.time">
            {formatInstant(marker.timeMs)}
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 1 }} />
      <ComputeStatus />
    </Box>
  );
}
