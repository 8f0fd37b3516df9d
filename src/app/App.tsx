import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { WhatIfBanner } from '../features/explain/WhatIfBanner';
import { AppHeader } from '../features/header/AppHeader';
import { useKeyboardShortcuts } from '../features/keyboard/useKeyboardShortcuts';
import { SidePanel } from '../features/lesson/SidePanel';
import { useLessonRoom } from '../features/lesson/useLessonRoom';
import { MainView } from '../features/main-view/MainView';
import { RunControls } from '../features/run-controls/RunControls';
import { ShareBanner } from '../features/share/ShareBanner';
import { StatusBanner } from '../features/status/StatusBanner';
import { Timeline } from '../features/timeline/Timeline';
import { useUrlSync } from '../features/url-sync/useUrlSync';
import { BUILTIN_SCENARIOS, TOPIC_LABELS } from '../scenarios/builtinScenarios';
import type { AppState } from '../store/AppState';
import type { ClusterImportState } from '../store/clusterImport/createClusterImportStore';
import { useStore } from 'zustand';
import { useAppStore } from '../store/AppStoreProvider';
import {
  selectFontScale,
  selectIsPresenting,
  selectIsSidePanelOpen,
  selectThemeMode,
} from '../store/viewSlice';
import { PointerHighlight } from '../features/presenter/PointerHighlight';
import { WindowFileDrop } from '../features/cluster-import/WindowFileDrop';
import { ClusterImportStoreProvider } from '../store/clusterImport/ClusterImportStoreProvider';
import { clusterImportStore } from './clusterImportStore';
import { AppShell, SIDE_WIDTH, sideWidthTimes } from '../ui/AppShell';
import { ReducedMotionStyles } from '../ui/ReducedMotionStyles';
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
const PresenterView = lazy(() =>
  import('../features/presenter/PresenterView').then((m) => ({ default: m.PresenterView })),
);
const DryRunDialog = lazy(() =>
  import('../features/explain/DryRunDialog').then((m) => ({ default: m.DryRunDialog })),
);
const EditorDialog = lazy(() =>
  import('../features/editor/EditorDialog').then((m) => ({ default: m.EditorDialog })),
);
const ClusterImportDialog = lazy(() =>
  import('../features/cluster-import/ClusterImportDialog').then((m) => ({ default: m.ClusterImportDialog })),
);
const TraceImportDialog = lazy(() =>
  import('../features/trace-import/TraceImportDialog').then((m) => ({ default: m.TraceImportDialog })),
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
const selectIsDryRunOpen = (s: AppState) => s.view.isDryRunOpen;
const selectIsImportShown = (s: ClusterImportState) => s.step !== 'idle';
/** Presenter mode's type is a step larger again than the chosen text size (read from the back row). */
const PRESENTER_TYPE = 1.25;

export function App() {
  const mode = useAppStore(selectThemeMode);
  const fontScale = useAppStore(selectFontScale);
  const isPresenting = useAppStore(selectIsPresenting);
  const theme = useMemo(
    () => createAppTheme(mode, fontScale * (isPresenting ? PRESENTER_TYPE : 1)),
    [mode, fontScale, isPresenting],
  );
  const isHelpOpen = useAppStore(selectIsHelpOpen);
  const isGalleryOpen = useAppStore(selectIsGalleryOpen);
  const isEditorOpen = useAppStore(selectIsEditorOpen);
  const isShareOpen = useAppStore(selectIsShareOpen);
  const isDryRunOpen = useAppStore(selectIsDryRunOpen);
  const isSideOpen = useAppStore(selectIsSidePanelOpen);
  const isImportShown = useStore(clusterImportStore, selectIsImportShown);
  const lessonRoom = useLessonRoom();
  useKeyboardShortcuts();
  useUrlSync();

  return (
    <ClusterImportStoreProvider store={clusterImportStore}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <ReducedMotionStyles />
        {isPresenting ? (
          <Suspense fallback={null}>
            <PresenterView />
          </Suspense>
        ) : (
          <AppShell
            header={<AppHeader />}
            banner={
              <>
                <ShareBanner />
                <WhatIfBanner />
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
            // A question or a long step at a larger text size in a short window: the pane widens with the
            // text (decisions 0317, 0332). Not further while the stage folds its map: the run controls above
            // the main view wrapped under ~740 px at x1.3 and took the tree's height.
            sideWidth={lessonRoom === 'none' ? SIDE_WIDTH : sideWidthTimes(fontScale)}
          />
        )}
        <PointerHighlight />
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
        <MountOnce when={isDryRunOpen}>
          <DryRunDialog />
        </MountOnce>
        <MountOnce when={isImportShown}>
          <ClusterImportDialog />
          <TraceImportDialog />
        </MountOnce>
        <WindowFileDrop />
      </ThemeProvider>
    </ClusterImportStoreProvider>
  );
}
