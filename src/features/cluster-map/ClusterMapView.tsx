/**
 * The cluster map panel: the cursor's session on the canvas map, the store's selection as emphasis (the
 * selected job, the leaves of a selected queue, a selected node), clicks back into the selection, and
 * SVG/PNG export of exactly what is drawn.
 */
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { AttemptSummary } from '../../protocol/sessionView';
import type { AppState } from '../../store/AppState';
import { useAppStore, useAppStoreApi } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectSnapshot } from '../../store/runSlice';
import { selectSummary } from '../../store/scenarioSlice';
import { selectSelectedJob, selectSelectedNode, selectSelectedQueue } from '../../store/selectionSlice';
import { ClusterMap } from '../../viz/charts/ClusterMap';
import type { ClusterReservation } from '../../viz/layouts/layoutClusterMap';
import { SessionFiguresLine } from '../../viz/charts/SessionFiguresLine';
import { clusterLegendHeight } from '../../viz/charts/ClusterMapLegend';
import { leafQueueNames } from '../../viz/layouts/queueColour';
import { describeSessionFigures } from '../../viz/layouts/describeFigures';
import type { ClusterHoverInfo } from '../../viz/charts/describeCell';
import { exportClusterMap } from '../../viz/export/exportClusterMap';
import { ExportButtons } from '../viz-panel/ExportButtons';
import { useReducedMotion, useVizTextPx, useVizTheme } from '../viz-panel/useVizSettings';
import { VizPanel, type ChartSize } from '../viz-panel/VizPanel';
import { clickSelection, leavesUnder } from './clusterSelection';

type RingKind = 'either' | 'preempt' | 'reclaim';

/** Small clusters get big cells (readable from the back of a room); big ones shrink to fit. */
const MAX_CELL = 72;
/** On the stage a two-node cluster fills its cell instead of sitting in a corner. */
const STAGE_MAX_CELL = 160;

const selectPairPreemptor = (s: AppState) => s.selection.pair?.preemptor ?? null;

export function ClusterMapView({
  isStage = false,
  isPresenting = false,
}: {
  isStage?: boolean;
  /** In presenter mode: no toolbar, the map (and its legend) take the whole cell. */
  isPresenting?: boolean;
} = {}) {
  const minTextPx = useVizTextPx();
  const maxCell = isStage ? STAGE_MAX_CELL : MAX_CELL;
  const snapshot = useAppStore(selectSnapshot);
  // Pool and topology-level frames come with the loaded scenario (node labels), not with a session.
  const groups = useAppStore(selectSummary)?.nodeGroups ?? null;
  const selectedJob = useAppStore(selectSelectedJob);
  const selectedQueue = useAppStore(selectSelectedQueue);
  const selectedNode = useAppStore(selectSelectedNode);
  const pairPreemptor = useAppStore(selectPairPreemptor);
  const actions = useAppStore(selectActions);
  const store = useAppStoreApi();
  const theme = useVizTheme();
  const reducedMotion = useReducedMotion();
  const [rings, setRings] = useState<RingKind>('either');

  // Pointer facts for clicks, kept out of React state: hovering must not re-render the panel.
  const hovered = useRef<ClusterHoverInfo | null>(null);
  const isClick = useRef(false);
  const onHover = useCallback((info: ClusterHoverInfo | null) => {
    hovered.current = info;
  }, []);
  const onSelectJob = useCallback(
    (job: string | null) => {
      const h = isClick.current ? hovered.current : null;
      actions.select(clickSelection(job, h, store.getState().selection.current));
    },
    [actions, store],
  );

  const queues = snapshot?.queues;
  const attempts = snapshot?.trace.attempts;
  const reservations = useMemo(() => reservationsOf(attempts ?? []), [attempts]);
  const highlightedQueues = useMemo(
    () => (selectedQueue === null || queues === undefined ? null : leavesUnder(queues, selectedQueue)),
    [queues, selectedQueue],
  );

  if (snapshot === null) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        Loading the session…
      </Typography>
    );
  }

  let focus = 'Click a task to select its job, an empty cell to select its node.';
  if (selectedJob !== null)
    focus = `Job ${selectedJob}${pairPreemptor === null ? '' : ` (victim of ${pairPreemptor})`} is highlighted.`;
  else if (selectedQueue !== null) focus = `Queue ${selectedQueue} is highlighted.`;
  else if (selectedNode !== null) focus = `Node ${selectedNode} is outlined.`;

  const toolbar = (size: ChartSize | null) => (
    <>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={isStage ? { flex: '100 1 auto', minWidth: 0, order: 2 } : { flex: '1 1 100%', order: 9 }}
      >
        <SessionFiguresLine figures={snapshot.figures} testId="cluster-map.summary" />
      </Typography>
      {isStage ? (
        <Typography variant="body1" component="h2" sx={{ fontWeight: 600, flex: '0 0 auto', order: 1 }}>
          Cluster map
        </Typography>
      ) : (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="cluster-map.focus"
          sx={{ flex: '1 1 240px', minWidth: 0 }}
        >
          {focus}
        </Typography>
      )}
      {!isStage && (
        <Typography variant="body2" color="text.secondary" component="span" id="cluster-map-rings">
          Rings:
        </Typography>
      )}
      {!isStage && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={rings}
          aria-labelledby="cluster-map-rings"
          onChange={(_, value: RingKind | null) => value !== null && setRings(value)}
        >
          <ToggleButton
            value="either"
            sx={{ textTransform: 'none' }}
            title="Whichever protection lasts longer"
          >
            longer
          </ToggleButton>
          <ToggleButton value="preempt" sx={{ textTransform: 'none' }}>
            preempt
          </ToggleButton>
          <ToggleButton value="reclaim" sx={{ textTransform: 'none' }}>
            reclaim
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {!isStage && (
        <ExportButtons
          what="cluster map"
          fileName={`cluster-map-session-${snapshot.index}`}
          testId="cluster-map.export"
          makeBlob={(format) =>
            size === null
              ? null
              : exportClusterMap(
                  {
                    nodes: snapshot.nodes,
                    tasks: snapshot.tasks,
                    jobs: snapshot.jobs,
                    queues: snapshot.queues,
                    width: size.width,
                    // Exactly the map on screen: the panel less its legend at the current text size.
                    height: Math.max(
                      0,
                      size.height -
                        clusterLegendHeight(
                          leafQueueNames(snapshot.queues),
                          minTextPx,
                          size.width,
                          10,
                          reservations.length > 0,
                        ),
                    ),
                    theme,
                    options: {
                      cursorMs: snapshot.timeMs,
                      protection: rings,
                      maxCellSize: maxCell,
                      labelFontSize: minTextPx,
                      groups,
                      reservations,
                    },
                    emphasis: { selectedJob, highlightedQueues, highlightedNode: selectedNode },
                  },
                  format,
                )
          }
        />
      )}
    </>
  );

  return (
    <VizPanel toolbar={isPresenting ? null : toolbar} testId="cluster-map" fill={isStage}>
      {(chartSize) => (
        <Box
          onClickCapture={() => {
            isClick.current = true;
          }}
          onClick={() => {
            isClick.current = false;
          }}
        >
          <ClusterMap
            nodes={snapshot.nodes}
            tasks={snapshot.tasks}
            jobs={snapshot.jobs}
            queues={snapshot.queues}
            width={chartSize.width}
            height={chartSize.height}
            theme={theme}
            cursorMs={snapshot.timeMs}
            protection={rings}
            maxCellSize={maxCell}
            minTextPx={minTextPx}
            selectedJob={selectedJob}
            highlightedQueues={highlightedQueues}
            highlightedNode={selectedNode}
            onHover={onHover}
            onSelectJob={onSelectJob}
            reducedMotion={reducedMotion}
            ariaLabel={`Cluster map at session ${snapshot.index}`}
            summary={describeSessionFigures(snapshot.figures, snapshot.nodes.length)}
            reservations={reservations}
            groups={groups}
            {...(snapshot.occupancy === undefined ? {} : { occupancy: snapshot.occupancy })}
          />
        </Box>
      )}
    </VizPanel>
  );
}

/** The placements reserved attempts hold during the session (decision 0274), as the engine recorded them. */
function reservationsOf(attempts: readonly AttemptSummary[]): ClusterReservation[] {
  const out: ClusterReservation[] = [];
  for (const a of attempts)
    for (const r of a.reserved ?? []) out.push({ job: a.job, task: r.task, node: r.node, gpu: r.gpu });
  return out;
}
