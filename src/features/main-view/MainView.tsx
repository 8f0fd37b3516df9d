import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, type ReactNode } from 'react';
import type { AppState, MainView as MainViewId } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectIsSnapshotPending } from '../../store/runSlice';
import { selectMainView } from '../../store/viewSlice';
import { DecisionLog } from '../decision-log/DecisionLog';
import { JobsTable } from '../jobs/JobsTable';
import { StageView } from '../stage/StageView';

/** A view the composition root adds to the main area (the D3 queue tree and cluster map plug in here). */
export interface ExtraView {
  id: Exclude<MainViewId, 'jobs' | 'decisions' | 'stage'>;
  label: string;
  render: () => ReactNode;
}

const VIEW_LABEL: Record<MainViewId, string> = {
  stage: 'Stage',
  jobs: 'Jobs',
  decisions: 'Decisions',
  queues: 'Queue tree',
  cluster: 'Cluster map',
  workshop: 'Workshop',
  compare: 'Compare',
};

const selectDecisionCount = (s: AppState) => s.run.snapshot?.decisions.length ?? 0;
const selectShownSession = (s: AppState) => s.run.snapshot?.index ?? 0;

/** Its own component so the tab bar does not re-render (and re-measure) on every step. */
function DecisionsTabLabel() {
  const count = useAppStore(selectDecisionCount);
  return <>{count > 0 ? `Decisions (${count})` : 'Decisions'}</>;
}

/** The shown view; dims while the cursor's session is still being fetched. */
function MainPanel({
  shown,
  extra,
  isTabbed,
}: {
  shown: MainViewId;
  extra: ExtraView | undefined;
  isTabbed: boolean;
}) {
  const isPending = useAppStore(selectIsSnapshotPending);
  const shownSession = useAppStore(selectShownSession);
  return (
    <Box
      id="main-panel"
      {...(isTabbed
        ? { role: 'tabpanel', 'aria-labelledby': `main-tab-${shown}` }
        : { role: 'region', 'aria-label': extra?.label ?? VIEW_LABEL[shown] })}
      aria-busy={isPending}
      data-session={shownSession}
      // Dim a session that is still being fetched; the delay keeps quick steps from flickering.
      sx={{
        flex: 1,
        minHeight: 0,
        opacity: isPending ? 0.55 : 1,
        transition: isPending ? 'opacity 150ms 120ms' : 'none',
      }}
    >
      {shown === 'stage' && <StageView />}
      {shown === 'jobs' && <JobsTable />}
      {shown === 'decisions' && <DecisionLog />}
      {extra !== undefined && <Suspense fallback={null}>{extra.render()}</Suspense>}
    </Box>
  );
}

/**
 * The main area: tabs over the jobs table, the decision log and any extra views. With `only` (the
 * embeddable view) it shows that one view without tabs.
 */
export function MainView({
  extraViews = [],
  only,
}: {
  extraViews?: readonly ExtraView[];
  only?: MainViewId;
}) {
  const stored = useAppStore(selectMainView);
  const current = only ?? stored;
  const actions = useAppStore(selectActions);
  const extra = extraViews.find((v) => v.id === current);
  const shown: MainViewId =
    current === 'jobs' || current === 'decisions' || current === 'stage' || extra !== undefined
      ? current
      : 'jobs';
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        // The stage is sized to the window; the other views scroll in the main area.
        ...(shown === 'stage' ? { height: '100%' } : { minHeight: '100%' }),
      }}
    >
      {only === undefined && (
        <Tabs
          value={shown}
          onChange={(_, next: MainViewId) => actions.setView({ mainView: next })}
          // At the largest text in a short window, with a question widening the lesson pane, the tabs can
          // be wider than the column: they scroll (with arrows) instead of cutting the last one ("Co…").
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Main view"
          sx={{
            px: 1,
            borderBottom: 1,
            borderColor: 'divider',
            position: 'sticky',
            top: 0,
            zIndex: 3,
            bgcolor: 'background.default',
          }}
        >
          <Tab
            value="stage"
            label="Stage"
            id="main-tab-stage"
            aria-controls="main-panel"
            data-testid="main-view.stage-tab"
          />
          <Tab
            value="jobs"
            label="Jobs"
            id="main-tab-jobs"
            aria-controls="main-panel"
            data-testid="main-view.jobs-tab"
          />
          <Tab
            value="decisions"
            label={<DecisionsTabLabel />}
            id="main-tab-decisions"
            aria-controls="main-panel"
            data-testid="main-view.decisions-tab"
          />
          {extraViews.map((v) => (
            <Tab
              key={v.id}
              value={v.id}
              label={v.label}
              id={`main-tab-${v.id}`}
              aria-controls="main-panel"
              data-testid={`main-view.${v.id}-tab`}
            />
          ))}
        </Tabs>
      )}
      <MainPanel shown={shown} extra={extra} isTabbed={only === undefined} />
    </Box>
  );
}
