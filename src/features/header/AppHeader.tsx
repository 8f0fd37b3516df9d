import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { VISUALLY_HIDDEN } from '../../ui/visuallyHidden';
import {
  CollectionsIcon,
  DarkModeIcon,
  DashboardIcon,
  EditIcon,
  FormatSizeIcon,
  KeyboardIcon,
  LightModeIcon,
  ScienceIcon,
  ShareIcon,
  SlideshowIcon,
  VerifiedIcon,
  ViewSidebarIcon,
} from '../../ui/icons';
import { lazy, memo, Suspense, useState } from 'react';
import type { AppState, ScenarioSource } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectIsDraftDirty, selectScenarioSource, selectSummary } from '../../store/scenarioSlice';
import {
  FONT_SCALES,
  selectFontScale,
  selectIsSidePanelOpen,
  selectMainView,
  selectThemeMode,
} from '../../store/viewSlice';

/** The credentials panel and its bundled conformance files load only when the panel is opened. */
const CredentialsDialog = lazy(() =>
  import('../credentials/CredentialsDialog').then((m) => ({ default: m.CredentialsDialog })),
);

/** What the header says after the scenario's name about whose text it is, or null for a gallery scenario. */
function sourceNote(kind: ScenarioSource['kind'] | undefined): string | null {
  if (kind === 'custom') return '(yours)';
  if (kind === 'shared') return '(shared, preview)';
  if (kind === 'what-if') return '(what if, preview)';
  return null;
}

/**
 * Title bar: the current scenario (opens the gallery), the editor, sharing, the engine's credentials, theme,
 * text size and help.
 */
export function AppHeader() {
  const summary = useAppStore(selectSummary);
  const source = useAppStore(selectScenarioSource);
  const isDirty = useAppStore(selectIsDraftDirty);
  const actions = useAppStore(selectActions);
  const note = sourceNote(source?.kind);
  return (
    <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar variant="dense" sx={{ gap: 1.5, minHeight: 56 }}>
        <Typography variant="h1" component="h1" sx={{ whiteSpace: 'nowrap', fontSize: '1.3rem' }}>
          Preemption Lab
        </Typography>
        <Button
          variant="outlined"
          startIcon={<CollectionsIcon />}
          onClick={() => actions.setView({ isGalleryOpen: true })}
          data-testid="header.scenario"
          aria-label={`Scenario: ${summary?.name ?? 'none'}. Open the gallery`}
          // Leaves room for the other buttons at the largest text size on a 1280 px projector.
          sx={{ minWidth: 0, maxWidth: '40vw', justifyContent: 'flex-start' }}
        >
          <Box
            component="span"
            title={summary?.name}
            data-testid="header.scenario-name"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {summary?.name ?? 'Choose a scenario'}
          </Box>
          {/* Whose text it is never gives way to the name: a long name is cut, "(shared, preview)" is not. */}
          {note !== null && (
            <Box
              component="span"
              sx={{ whiteSpace: 'pre', flexShrink: 0 }}
              data-testid="header.scenario-source"
            >
              {` ${note}`}
            </Box>
          )}
        </Button>
        <Button
          startIcon={<EditIcon />}
          onClick={() => actions.setView({ isEditorOpen: true })}
          data-testid="header.edit"
          aria-keyshortcuts="Y"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Edit YAML{isDirty ? ' •' : ''}
        </Button>
        <Tooltip title="Paste or open a job and see when it would start, whom it would evict, or why it never starts (R)">
          <Button
            startIcon={<ScienceIcon />}
            onClick={() => actions.setView({ isDryRunOpen: true })}
            disabled={source === null}
            data-testid="header.dryrun"
            aria-keyshortcuts="R"
            aria-haspopup="dialog"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Dry run
          </Button>
        </Tooltip>
        <Button
          startIcon={<ShareIcon />}
          onClick={() => actions.setView({ isShareOpen: true })}
          disabled={source === null}
          data-testid="header.share"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Share
        </Button>
        <Box sx={{ flex: 1 }} />
        <HeaderTools />
      </Toolbar>
    </AppBar>
  );
}

const selectHasSource = (s: AppState) => selectScenarioSource(s) !== null;

/**
 * The header's right-hand tools (the stage, presenting, the credentials, the side panel, text size, theme, help),
 * with their own subscriptions and memoised: a scenario arriving changes the header's name, not these seven
 * buttons and their tooltips, which re-rendered with it (about 130 components per load: issue 22 item 6,
 * decision 0373).
 */
const HeaderTools = memo(function HeaderTools() {
  const [isCredentialsOpen, setCredentialsOpen] = useState(false);
  const hasSource = useAppStore(selectHasSource);
  const themeMode = useAppStore(selectThemeMode);
  const fontScale = useAppStore(selectFontScale);
  const isSideOpen = useAppStore(selectIsSidePanelOpen);
  const isStage = useAppStore(selectMainView) === 'stage';
  const actions = useAppStore(selectActions);
  // At a larger text size on a window under 1600 px (a 1280 px projector at x1.15 or x1.3), the two longest
  // labels are kept for screen readers and tooltips but not drawn: with them the scenario's name had no room
  // left at all (its button was its icon alone at x1.3). The buttons keep their icons and keys (F, the dialog).
  const isRoomy = useMediaQuery('(min-width:1600px)', { noSsr: true });
  const isCompact = fontScale > 1 && !isRoomy;
  /** A drawn-label button's sx, or an icon button's width and spacing when its label is not drawn. */
  const labelled = isCompact
    ? { whiteSpace: 'nowrap', flexShrink: 0, minWidth: 0, px: 1, '& .MuiButton-startIcon': { mx: 0 } }
    : { whiteSpace: 'nowrap', flexShrink: 0 };
  const label = (text: string) =>
    isCompact ? (
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {text}
      </Box>
    ) : (
      text
    );
  const nextScale =
    FONT_SCALES[(FONT_SCALES.indexOf(fontScale as (typeof FONT_SCALES)[number]) + 1) % FONT_SCALES.length] ??
    1;
  return (
    <>
      <Tooltip title="The queue tree, the cluster map and the key decision on one screen (S)">
        <Button
          startIcon={<DashboardIcon />}
          aria-pressed={isStage}
          variant={isStage ? 'contained' : 'text'}
          onClick={() => actions.setView({ mainView: isStage ? 'jobs' : 'stage' })}
          data-testid="header.stage"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          aria-keyshortcuts="S"
        >
          Stage
        </Button>
      </Tooltip>
      <Tooltip title="Full screen, large type, one key per step (F)">
        <Button
          startIcon={<SlideshowIcon />}
          onClick={() => actions.setView({ isPresenting: true })}
          disabled={!hasSource}
          data-testid="header.present"
          sx={labelled}
          aria-keyshortcuts="F"
        >
          {label('Present')}
        </Button>
      </Tooltip>
      <Tooltip title={isCompact ? 'Real scheduler? Upstream tests passed and known differences' : ''}>
        <Button
          startIcon={<VerifiedIcon />}
          onClick={() => setCredentialsOpen(true)}
          data-testid="header.credentials"
          aria-haspopup="dialog"
          sx={labelled}
          aria-label="Real scheduler? Is this what the real scheduler does: upstream tests passed and known differences"
        >
          {label('Real scheduler?')}
        </Button>
      </Tooltip>
      {isCredentialsOpen && (
        <Suspense fallback={null}>
          <CredentialsDialog onClose={() => setCredentialsOpen(false)} />
        </Suspense>
      )}
      <Tooltip title={isSideOpen ? 'Hide the side panel (P)' : 'Show the side panel (P)'}>
        <IconButton
          aria-label={isSideOpen ? 'Hide the side panel' : 'Show the side panel'}
          aria-pressed={isSideOpen}
          onClick={() => actions.setView({ isSidePanelOpen: !isSideOpen })}
          data-testid="header.side-panel"
        >
          <ViewSidebarIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={`Text size ×${fontScale} (next ×${nextScale})`}>
        <IconButton
          aria-label="Change text size"
          onClick={() => actions.setView({ fontScale: nextScale })}
          data-testid="header.font-size"
        >
          <FormatSizeIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={themeMode === 'light' ? 'Dark theme (T)' : 'Light theme (T)'}>
        <IconButton
          aria-label={themeMode === 'light' ? 'Switch to the dark theme' : 'Switch to the light theme'}
          onClick={() => actions.setView({ themeMode: themeMode === 'light' ? 'dark' : 'light' })}
          data-testid="header.theme"
        >
          {themeMode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title="Keyboard shortcuts (?)">
        <IconButton
          aria-label="Keyboard shortcuts"
          onClick={() => actions.setView({ isHelpOpen: true })}
          data-testid="header.help"
        >
          <KeyboardIcon />
        </IconButton>
      </Tooltip>
    </>
  );
});
