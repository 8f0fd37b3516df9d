import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { AppHeader } from '../features/header/AppHeader';
import { useKeyboardShortcuts } from '../features/keyboard/useKeyboardShortcuts';
import { SidePanel } from '../features/lesson/SidePanel';
import { MainView } from '../features/main-view/MainView';
import { RunControls } from '../features/run-controls/RunControls';
import { ShareBanner } from '../features/share/ShareBanner';
import { StatusBanner } from '../features/status/StatusBanner';
import { Timeline } from '../features/timeline/Timeline';
import { useUrlSync } from '../features/url-sync/useUrlSync';
import { BUILTIN_SCENARIOS, TOPIC_LABELS } from '../scenarios/builtinScenarios';
import type { AppState } from '../store/AppState';
import { useAppStore } from '../store/AppStoreProvider';
import { selectFontScale, selectIsSidePanelOpen, selectThemeMode } from '../store/viewSlice';
import { AppShell } from '../ui/AppShell';
import { createAppTheme } from '../ui/theme';
import { EXTRA_VIEWS } from './extraViews';

// Dialogs are not needed for the first screen: their code loads when first opened.
const HelpDialog = lazy(() => import('../features/help/HelpDialog').then((m) => ({ default: m.HelpDialog })));
const GalleryDialog = lazy(() =>
  import('../features/gallery/GalleryDialog').then((m) => ({ default: m.GalleryDialog })),
);
const ShareDialog = lazy(() =>
  import('../features/share/ShareDialog').then((m) => ({ default: m.ShareDialog })),
);
const EditorDialog = lazy(() =>
  import('../features/editor/EditorDialog').then((m) => ({ default: m.EditorDialog })),
);

const GALLERY = BUILTIN_SCENARIOS.map((s) => ({
  id: s.id,
  title: s.title,
  summary: s.summary,
  group: TOPIC_LABELS[s.topic],
  fileName: s.fileName,
  text: s.text,
}));

/** Mounts its children the first time `when` is true and keeps them (so closing animations still run). */
function MountOnce({ when, children }: { when: boolean; children: ReactNode }) {
  const [hasMounted, setHasMounted] = useState(when);
  if (when && !hasMounted) setHasMounted(true);
  return hasMounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

const selectIsHelpOpen = (s: AppState) => s.view.isHelpOpen;
const selectIsGalleryOpen = (s: AppState) => s.view.isGalleryOpen;
const selectIsEditorOpen = (s: AppState) => s.view.isEditorOpen;
const selectIsShareOpen = (s: AppState) => s.view.isShareOpen;

export function App() {
  const mode = useAppStore(selectThemeMode);
  const fontScale = useAppStore(selectFontScale);
  const theme = useMemo(() => createAppTheme(mode, fontScale), [mode, fontScale]);
  const isHelpOpen = useAppStore(selectIsHelpOpen);
  const isGalleryOpen = useAppStore(selectIsGalleryOpen);
  const isEditorOpen = useAppStore(selectIsEditorOpen);
  const isShareOpen = useAppStore(selectIsShareOpen);
  const isSideOpen = useAppStore(selectIsSidePanelOpen);
  useKeyboardShortcuts();
  useUrlSync();

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <AppShell
        header={<AppHeader />}
        banner={
          <>
            <ShareBanner />
            <StatusBanner />
          </>
        }
        controls={
          <>
            <RunControls />
            <Timeline />
          </>
        }
        main={<MainView extraViews={EXTRA_VIEWS} />}
        side={<SidePanel />}
        sideLabel="Lesson and details"
        isSideOpen={isSideOpen}
      />
      <MountOnce when={isHelpOpen}>
        <HelpDialog />
      </MountOnce>
      <MountOnce when={isGalleryOpen}>
        <GalleryDialog entries={GALLERY} />
      </MountOnce>
      <MountOnce when={isEditorOpen}>
        <EditorDialog />
      </MountOnce>
      <MountOnce when={isShareOpen}>
        <ShareDialog />
      </MountOnce>
    </ThemeProvider>
  );
}
