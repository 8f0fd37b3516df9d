/**
 * Presenter mode (docs/decisions/0041): the whole screen for the picture, large type, the lesson in its
 * own pane (a selection never replaces it), the session's key decision as a caption, and one key per
 * step: Page Down / Space / → next, Page Up / ← previous (what a presentation clicker sends), Escape leaves.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  CloseFullscreenIcon,
  NavigateBeforeIcon,
  NavigateNextIcon,
  RadioButtonCheckedIcon,
} from '../../ui/icons';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { treeDepth } from '../../viz/layouts/revealQueues';
import { useAppStore, useAppStoreApi } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectCursor, selectQueues, selectSessionCount, sessionPosition } from '../../store/runSlice';
import { selectSummary } from '../../store/scenarioSlice';
import { selectIsPointerHighlight } from '../../store/viewSlice';
import { findShortcut } from '../keyboard/shortcuts';
import { LessonPanel } from '../lesson/LessonPanel';
import { StagePictures } from '../stage/StagePictures';
import { KeyDecisionView } from '../stage/KeyDecisionView';
import { useKeyDecision } from '../stage/useKeyDecision';
import { useFullscreen } from './useFullscreen';

/**
 * The split between the tree (top) and the map (bottom) follows the tree's depth (decision 0100): an LCA
 * lesson's four levels need ~340 px for the path at presenter text size, a one-queue Volcano tree needs a
 * card's height and its lesson is about the nodes.
 */
function rowsFor(depth: number, queueCount: number): string {
  // Several top-level queues share the cluster root: a reclaim between them draws a path through it, so
  // the tree gets half the height (a third cut the cards' tags off at 1280x720, largest text).
  // Deeper trees get 7/9: the four-level path and its band need ~390 px at the largest text, and the
  // map's 2/9 still names its nodes whole (at 1/5 the node name was cut to "no…").
  const [tree, map] = depth <= 1 ? (queueCount > 1 ? [1, 1] : [1, 2]) : depth <= 3 ? [2, 1] : [7, 2];
  return `minmax(0, ${tree}fr) minmax(0, ${map}fr)`;
}

export function PresenterView() {
  const actions = useAppStore(selectActions);
  const store = useAppStoreApi();
  // The buttons do what the clicker's keys do (walk a scripted lesson, else step sessions): one table decides.
  const press = (key: 'PageDown' | 'PageUp') => {
    const state = store.getState();
    const event = { key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false };
    findShortcut(event, state)?.run(state, event);
  };
  const summary = useAppStore(selectSummary);
  const cursor = useAppStore(selectCursor);
  const count = useAppStore(selectSessionCount);
  const isRing = useAppStore(selectIsPointerHighlight);
  const { pair } = useKeyDecision();
  const queues = useAppStore(selectQueues);
  const depth = useMemo(() => treeDepth(queues), [queues]);
  const leave = useCallback(() => actions.setView({ isPresenting: false }), [actions]);
  useFullscreen(leave);
  const root = useRef<HTMLDivElement | null>(null);
  // Keys go to the page, not to whatever was focused under the presenter view.
  useEffect(() => root.current?.focus(), []);

  return (
    <Box
      ref={root}
      tabIndex={-1}
      data-testid="presenter"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 1200,
        display: 'grid',
        gridTemplateRows: 'auto minmax(0, 1fr) auto',
        // One column no wider than the window: an auto column grew to the header's unshrunk title (the
        // scaled headings made header, lesson and caption overflow 1280 px by 77 px).
        gridTemplateColumns: 'minmax(0, 1fr)',
        bgcolor: 'background.default',
        color: 'text.primary',
        outline: 'none',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Typography variant="h2" component="h1" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {summary?.name ?? 'Preemption Lab'}
        </Typography>
        <Typography variant="h3" component="p" data-testid="presenter.session" aria-live="polite">
          {sessionPosition(cursor, count)}
        </Typography>
        <Button
          variant="outlined"
          onClick={() => press('PageUp')}
          aria-keyshortcuts="PageUp ArrowLeft"
          startIcon={<NavigateBeforeIcon />}
        >
          Back
        </Button>
        <Button
          variant="contained"
          onClick={() => press('PageDown')}
          aria-keyshortcuts="PageDown Space ArrowRight"
          endIcon={<NavigateNextIcon />}
          data-testid="presenter.next"
        >
          Next
        </Button>
        <Button
          onClick={() => actions.setView({ isPointerHighlight: !isRing })}
          aria-pressed={isRing}
          aria-keyshortcuts="O"
          startIcon={<RadioButtonCheckedIcon />}
          data-testid="presenter.pointer"
        >
          Pointer ring
        </Button>
        <Button
          onClick={leave}
          aria-keyshortcuts="Escape"
          startIcon={<CloseFullscreenIcon />}
          data-testid="presenter.exit"
        >
          Exit (Esc)
        </Button>
      </Box>
      <Box
        component="main"
        sx={{
          display: 'grid',
          gap: '1px',
          bgcolor: 'divider',
          minHeight: 0,
          gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 3fr)',
          gridTemplateRows: rowsFor(depth, queues.length),
          // The lesson keeps the full height beside the pictures.
          gridTemplateAreas: '"tree lesson" "map lesson"',
        }}
      >
        <StagePictures pair={pair} isPresenting />
        <Box
          component="section"
          aria-label="Lesson"
          data-testid="presenter.lesson"
          tabIndex={0}
          sx={{ gridArea: 'lesson', minHeight: 0, overflow: 'auto', p: 2, bgcolor: 'background.paper' }}
        >
          <LessonPanel />
        </Box>
      </Box>
      <Box
        component="footer"
        aria-live="polite"
        data-testid="presenter.caption"
        sx={{ px: 2.5, py: 0.5, borderTop: 2, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <KeyDecisionView showExplanation={false} />
      </Box>
    </Box>
  );
}
