import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import type { MainView as MainViewId } from '../store/AppState';
import { MainView } from '../features/main-view/MainView';
import { RunControls } from '../features/run-controls/RunControls';
import { ShareBanner } from '../features/share/ShareBanner';
import { StatusBanner } from '../features/status/StatusBanner';
import { Timeline } from '../features/timeline/Timeline';
import { useAppStore } from '../store/AppStoreProvider';
import { selectSummary } from '../store/scenarioSlice';
import { selectFontScale, selectThemeMode } from '../store/viewSlice';
import { AppShell } from '../ui/AppShell';
import { ReducedMotionStyles } from '../ui/ReducedMotionStyles';
import { createAppTheme } from '../ui/theme';
import { EXTRA_VIEWS } from './extraViews';

const VIEWS: readonly MainViewId[] = ['jobs', 'decisions', 'queues', 'cluster'];

/** The view an embed URL asks for: `?embed=queues` (default the jobs table). */
export function embedViewOf(search: string): MainViewId | null {
  const params = new URLSearchParams(search);
  if (!params.has('embed')) return null;
  const asked = params.get('embed') ?? '';
  return (VIEWS as readonly string[]).includes(asked) ? (asked as MainViewId) : 'jobs';
}

/**
 * The embeddable page (`?embed=<view>`, for slides and blog posts): one view and the run controls,
 * read-only (no editor, gallery, sharing or history entries), and a link to open the same place in the
 * full app. The views' own SVG/PNG export buttons work here as in the app.
 */
export function EmbedApp({ view }: { view: MainViewId }) {
  const mode = useAppStore(selectThemeMode);
  const fontScale = useAppStore(selectFontScale);
  const summary = useAppStore(selectSummary);
  const theme = useMemo(() => createAppTheme(mode, fontScale), [mode, fontScale]);
  const full = new URL(window.location.href);
  full.searchParams.delete('embed');

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <ReducedMotionStyles />
      <AppShell
        header={
          <Box
            component="header"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: 2,
              py: 0.75,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography
              variant="h1"
              component="h1"
              sx={{ fontSize: '1.1rem', flex: 1 }}
              data-testid="embed.title"
            >
              {summary?.name ?? 'Preemption Lab'}
            </Typography>
            <Link href={full.toString()} target="_blank" rel="noopener" data-testid="embed.open">
              Open in Preemption Lab
            </Link>
          </Box>
        }
        banner={
          <>
            <ShareBanner isEmbed />
            <StatusBanner />
          </>
        }
        controls={
          <>
            <RunControls />
            <Timeline />
          </>
        }
        main={<MainView extraViews={EXTRA_VIEWS} only={view} />}
        side={null}
        sideLabel="Details"
        isSideOpen={false}
      />
    </ThemeProvider>
  );
}
