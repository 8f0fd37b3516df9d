/**
 * The queue tree panel: every queue of the cursor's session as a card (quota, fair share, allocation,
 * min-runtime set / inherited / default), the min-runtime path of the selection drawn over it, what-if
 * resolve methods, and SVG/PNG export. Selection is shared through the store with every other view.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { MomentTag } from '../../viz/charts/MomentTag';
import { CenterFocusStrongIcon } from '../../ui/icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { QueueState } from '../../engine/model/snapshot';
import type { SelectedPair, Selection } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectAttempt, selectQueues, selectSnapshot } from '../../store/runSlice';
import { selectSummary } from '../../store/scenarioSlice';
import { selectSelectedPair, selectSelection } from '../../store/selectionSlice';
import { selectFontScale } from '../../store/viewSlice';
import { QueueTree, type QueueTreePath, type QueueTreeProfile } from '../../viz/charts/QueueTree';
import { exportQueueTree } from '../../viz/export/exportQueueTree';
import { leafQueueNames } from '../../viz/layouts/queueColour';
import { foldOffPath } from '../../viz/layouts/foldOffPath';
import { collapsedBeyondDepth, revealQueues, treeDepth } from '../../viz/layouts/revealQueues';
import { ExportButtons } from '../viz-panel/ExportButtons';
import { useReducedMotion, useVizTextPx, useVizTheme } from '../viz-panel/useVizSettings';
import { VizPanel } from '../viz-panel/VizPanel';
import { uiModuleOf } from '../profiles/uiRegistry';
import { PathSummary } from './PathSummary';
import {
  jobPath,
  pairPath,
  pathSubject,
  victimEvidence,
  whatIfQuery,
  withWhatIf,
  type MethodChoice,
  type PathSubject,
  type TreePathModel,
} from './treePath';
import { useMinRuntimeSettings, useWhatIf } from './useRunQueries';
import { protectionsOf } from '../../engine/model/protection';

const NONE: PathSubject = { kind: 'none' };
const EMPTY = new Set<string>();
/**
 * Trees larger than this open with only the top two levels unfolded (the selection's and the drawn path's
 * queues are unfolded again): 17 queues side by side are unreadable at a projector's text size. On the
 * stage every tree deeper than two levels opens so: at the readable zoom (14 px at 1280x720 on the largest
 * text size) a 208-unit card and its gap take ~390 px, so even three levels do not fit its tree panel; the
 * levels off the explained path are folded ("+N queues") rather than drawn too small to read.
 */
const FOLD_ABOVE = 16;
const STAGE_LEVELS = 2;
const selectNothing = (): null => null;

interface CollapseState {
  /** The tree shape the set belongs to. */
  shape: string;
  /** The queues last unfolded for a selection. */
  revealed: string;
  set: ReadonlySet<string>;
}

/** Collapsed queues: folded deep on big trees, unfolded along a new selection, reset for a new tree. */
function useCollapsed(queues: readonly QueueState[], reveal: readonly (string | null)[], isStage: boolean) {
  const shape = useMemo(() => queues.map((q) => `${q.name}<${q.parent ?? ''}`).join('|'), [queues]);
  const revealKey = reveal.join('|');
  const [state, setState] = useState<CollapseState>({ shape: '', revealed: '', set: EMPTY });
  let next = state;
  if (next.shape !== shape) {
    next = {
      shape,
      revealed: '',
      set:
        queues.length > FOLD_ABOVE || (isStage && treeDepth(queues) > STAGE_LEVELS)
          ? collapsedBeyondDepth(queues, STAGE_LEVELS - 1)
          : EMPTY,
    };
  }
  if (next.revealed !== revealKey) {
    next = { ...next, revealed: revealKey, set: revealQueues(next.set, queues, reveal) };
  }
  // Adjusting state while rendering (React's pattern for state derived from changing props).
  if (next !== state) setState(next);
  const toggle = useCallback((queue: string) => {
    setState((s) => {
      const set = new Set(s.set);
      if (!set.delete(queue)) set.add(queue);
      return { ...s, set };
    });
  }, []);
  return [next.set, toggle] as const;
}

export interface QueueTreeViewProps {
  /** On the stage: a compact toolbar (the decision pane explains the path) and the panel fills its cell. */
  isStage?: boolean;
  /** A decision to draw when nothing is selected (the stage's key eviction). */
  fallbackPair?: SelectedPair | null;
  /** In presenter mode: no toolbar, the tree takes the whole cell (each step re-frames it anyway). */
  isPresenting?: boolean;
}

export function QueueTreeView({
  isStage = false,
  fallbackPair = null,
  isPresenting = false,
}: QueueTreeViewProps = {}) {
  const snapshot = useAppStore(selectSnapshot);
  const queues = useAppStore(selectQueues);
  const storedSelection = useAppStore(selectSelection);
  const storedPair = useAppStore(selectSelectedPair);
  const minTextPx = useVizTextPx();
  const fontScale = useAppStore(selectFontScale);
  // The stage draws its key decision's path until the person selects something else.
  const isFallback = storedSelection === null && fallbackPair !== null;
  const fallbackSelection = useMemo(
    (): Selection | null => (fallbackPair === null ? null : { kind: 'job', name: fallbackPair.victim }),
    [fallbackPair],
  );
  const selection = isFallback ? fallbackSelection : storedSelection;
  const pair = isFallback ? fallbackPair : storedPair;
  const actions = useAppStore(selectActions);
  const theme = useVizTheme();
  const reducedMotion = useReducedMotion();
  const summary = useAppStore(selectSummary);
  // The session's profile's words, badges and questions (its UI module). Min-runtime paths, what-ifs and
  // the LCA overlay are drawn only for a profile that can be asked about min-runtime; the others say what
  // their cards show instead.
  const ui = uiModuleOf(summary?.profile);
  const ask = ui.minRuntime;
  const hasPaths = ask !== null;
  const treeProfile = useMemo(
    (): QueueTreeProfile => ({
      words: ui.queueWords,
      badges: ui.queueBadges,
      badgeLegend: ui.queueBadgeLegend,
    }),
    [ui],
  );
  const QueueTable = ui.queueTable;
  const settings = useMinRuntimeSettings(ask);
  const [kind, setKind] = useState<'reclaim' | 'preempt'>('reclaim');
  const [method, setMethod] = useState<MethodChoice | null>(null);
  const [reclaimer, setReclaimer] = useState<string | null>(null);
  const [fitCount, setFitCount] = useState(0);
  // On the stage the picture gets the room: the legend is one click away.
  const [isLegendShown, setIsLegendShown] = useState(!isStage);
  const svg = useRef<SVGSVGElement | null>(null);

  const subject = useMemo(
    () => (snapshot === null || !hasPaths ? NONE : pathSubject(snapshot, selection, pair)),
    [snapshot, selection, pair, hasPaths],
  );
  // A what-if belongs to what it was asked about: another subject starts from the recorded answer.
  const subjectKey =
    subject.kind === 'pair'
      ? `pair:${subject.pair.session}:${subject.pair.attempt}:${subject.pair.victim}`
      : subject.kind === 'job'
        ? `job:${subject.job.name}`
        : '';
  const [whatIfSubject, setWhatIfSubject] = useState(subjectKey);
  if (whatIfSubject !== subjectKey) {
    setWhatIfSubject(subjectKey);
    setMethod(null);
    setReclaimer(null);
  }
  const subjectPair = subject.kind === 'pair' ? subject.pair : null;
  const selectEntry = useMemo(
    () => (subjectPair === null ? selectNothing : selectAttempt(subjectPair.session, subjectPair.attempt)),
    [subjectPair],
  );
  const entry = useAppStore(selectEntry);
  useEffect(() => {
    if (subjectPair !== null && entry === null)
      actions.fetchAttempt(subjectPair.session, subjectPair.attempt);
  }, [subjectPair, entry, actions]);

  const recorded = useMemo((): TreePathModel | null => {
    if (subject.kind === 'job') return jobPath(subject.job, kind);
    if (subject.kind !== 'pair' || entry === null || !entry.ok) return null;
    const evidence = victimEvidence(entry.attempt, subject.pair.victim);
    return evidence === null ? null : pairPath(subject.pair, evidence, entry.attempt.queue);
  }, [subject, entry, kind]);

  // What-ifs: another resolve method, or (for a job on its own) a reclaimer in another queue.
  const jobReclaimer = subject.kind === 'job' && kind === 'reclaim' ? reclaimer : null;
  // Without a what-if the method is the recorded one; a job's own protection is a queue walk, so a
  // what-if reclaimer is resolved with the configured method unless another one is picked.
  const baseMethod: MethodChoice =
    (jobReclaimer !== null ? settings?.method : recorded?.resolution.method) ?? settings?.method ?? 'lca';
  const query = recorded === null ? null : whatIfQuery(recorded, method ?? baseMethod, jobReclaimer);
  const whatIf = useWhatIf(query, ask);
  const path = useMemo(() => {
    if (recorded === null || query === null) return recorded;
    return whatIf.status === 'ok' ? withWhatIf(recorded, whatIf.resolution) : null;
  }, [recorded, query, whatIf]);

  const nowMs = snapshot?.timeMs ?? null;
  const treePath = useMemo((): QueueTreePath | null => {
    if (path === null) return null;
    return {
      resolution: path.resolution,
      preemptorQueue: path.preemptorQueue,
      victimQueue: path.victimQueue,
      protectedUntilMs: path.protectedUntilMs,
      nowMs,
      reclaimable: path.reclaimable,
    };
  }, [path, nowMs]);

  // Queues other views point at: the selected job's queue, the queues running on a selected node.
  const selectedQueue = storedSelection?.kind === 'queue' ? storedSelection.name : null;
  const highlighted = useMemo(() => {
    if (snapshot === null || selection === null) return EMPTY;
    if (selection.kind === 'job') {
      const job = snapshot.jobs.find((j) => j.name === selection.name);
      return job === undefined ? EMPTY : new Set([job.queue]);
    }
    if (selection.kind === 'node') {
      const jobs = new Set(snapshot.tasks.filter((t) => t.node === selection.name).map((t) => t.job));
      return new Set(snapshot.jobs.filter((j) => jobs.has(j.name)).map((j) => j.queue));
    }
    return EMPTY;
  }, [snapshot, selection]);

  const reveal = useMemo(() => {
    const r = path?.resolution;
    return [
      path?.preemptorQueue ?? null,
      path?.victimQueue ?? null,
      r?.lca ?? null,
      r?.stepDown ?? null,
      r?.source ?? null,
      selectedQueue,
      ...highlighted,
    ];
  }, [path, selectedQueue, highlighted]);
  const [collapsed, toggleCollapse] = useCollapsed(queues, reveal, isStage);
  // The stage folds what is off the drawn path when the tree is too wide or deep to show it readable
  // (decision 0271); the walk's queues are on the path too.
  const walk = path?.resolution.path;
  const hidden = useMemo(
    () => (isStage ? foldOffPath(queues, [...reveal, ...(walk ?? [])], collapsed) : undefined),
    [isStage, queues, reveal, walk, collapsed],
  );

  const onSelectQueue = useCallback(
    (queue: string | null) => actions.select(queue === null ? null : { kind: 'queue', name: queue }),
    [actions],
  );
  const leaves = useMemo(() => leafQueueNames(queues), [queues]);

  if (snapshot === null) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        Loading the session…
      </Typography>
    );
  }

  const isReclaimPath = recorded?.resolution.kind === 'reclaim';
  const canAskMethod = isReclaimPath && (recorded?.preemptorQueue !== null || jobReclaimer !== null);
  const shownMethod = method ?? baseMethod;
  const stalePair = pair !== null && pair.session !== snapshot.index ? pair : null;

  let status: string | null = null;
  if (!hasPaths) status = ui.queueTreeNote;
  else if (subject.kind === 'none')
    status =
      selection?.kind === 'queue' || selection?.kind === 'node'
        ? null
        : 'Select an eviction or a protected victim in the decision log (“Show on tree”), or a job, to draw its min-runtime path. Hover a queue for its limit and over-quota weight.';
  else if (
    subject.kind === 'pair' &&
    (entry === null || (recorded !== null && path === null && whatIf.status === 'loading'))
  )
    status = 'Loading the trace of this decision…';
  else if (subject.kind === 'pair' && entry !== null && !entry.ok)
    status = `The trace could not be loaded: ${entry.error}`;
  else if (whatIf.status === 'error') status = `The what-if could not be resolved: ${whatIf.message}`;
  else if (recorded === null)
    status =
      subject.kind === 'pair'
        ? `min-runtime did not look at ${subject.pair.victim} (the plugin is off, or another check refused it first).`
        : protectionsOf(subject.job).reclaimProtection !== null && kind === 'reclaim'
          ? // Under lca the duration depends on who reclaims (the engine resolves it per waiting reclaimer).
            `Under lca, ${subject.job.name}'s reclaim protection depends on who reclaims, and no job of another queue is waiting to reclaim: pick a queue under "What if reclaimed from" to see its path.`
          : `${subject.job.name} has no ${kind} protection (the minruntime plugin is not enabled).`;

  // One Legend and one Fit button, in the toolbar row or floating in the tree's corner (decision 0270).
  const legendButton = (
    <Button
      size="small"
      aria-pressed={isLegendShown}
      onClick={() => setIsLegendShown((shown) => !shown)}
      data-testid="queue-tree.legend-toggle"
    >
      Legend
    </Button>
  );
  const fitButton = (
    <Button
      size="small"
      startIcon={<CenterFocusStrongIcon />}
      onClick={() => setFitCount((n) => n + 1)}
      aria-label="Fit the queue tree"
      data-testid="queue-tree.fit"
    >
      Fit
    </Button>
  );
  const toolbar = (
    <>
      {/* On the stage the title never shrinks below its words: at 1280x720 the row's controls took its width
          and "Queue tree" broke under the Reclaim button; the toolbar row wraps the controls instead. */}
      <Box sx={{ flex: isStage ? '1 0 auto' : '1 1 100%', minWidth: 0 }} aria-live="polite">
        {isStage && (
          <Typography variant="body1" component="h2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            Queue tree
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              data-testid="queue-tree.moment"
            >
              <MomentTag moment="session" />
            </Typography>
          </Typography>
        )}
        {!isStage && (
          <Typography variant="body2" color="text.secondary" data-testid="queue-tree.moment">
            Allocated / {ui.queueWords.share.label} on the cards
            <MomentTag moment="session" />
          </Typography>
        )}
        {!isStage && path !== null && <PathSummary path={path} nowMs={nowMs} />}
        {!isStage && status !== null && (
          <Typography variant="body2" color="text.secondary" data-testid="queue-tree.status">
            {status}
          </Typography>
        )}
        {!isStage && QueueTable !== null && <QueueTable queues={queues} selectedQueue={selectedQueue} />}
        {!isStage && stalePair !== null && hasPaths && (
          <Typography variant="body2" color="text.secondary" data-testid="queue-tree.stale-pair">
            The selected decision ({stalePair.preemptor} and {stalePair.victim}) is from session{' '}
            {stalePair.session}.{' '}
            <Button size="small" onClick={() => actions.setCursor(stalePair.session)}>
              Go to session {stalePair.session}
            </Button>
          </Typography>
        )}
      </Box>
      {subject.kind === 'job' && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          aria-label="Protection to draw"
          onChange={(_, value: 'reclaim' | 'preempt' | null) => value !== null && setKind(value)}
        >
          <ToggleButton value="reclaim" data-testid="queue-tree.kind.reclaim">
            Reclaim
          </ToggleButton>
          <ToggleButton value="preempt" data-testid="queue-tree.kind.preempt">
            Preempt
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {subject.kind === 'job' && kind === 'reclaim' && (
        <TextField
          select
          size="small"
          label="What if reclaimed from"
          value={reclaimer ?? ''}
          onChange={(event) => setReclaimer(event.target.value === '' ? null : event.target.value)}
          sx={{ width: 210 }}
          slotProps={{ htmlInput: { 'data-testid': 'queue-tree.reclaimer' } }}
        >
          <MenuItem value="">no reclaimer (queue walk)</MenuItem>
          {leaves
            .filter((q) => q !== subject.job.queue)
            .map((q) => (
              <MenuItem key={q} value={q}>
                a job in {q}
              </MenuItem>
            ))}
        </TextField>
      )}
      {isReclaimPath && !isStage && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={shownMethod}
          disabled={!canAskMethod}
          aria-label="Reclaim resolve method (what-if)"
          onChange={(_, value: MethodChoice | null) => {
            if (value !== null) setMethod(value === baseMethod ? null : value);
          }}
        >
          {(['lca', 'queue'] as const).map((m) => (
            <ToggleButton
              key={m}
              value={m}
              data-testid={`queue-tree.method.${m}`}
              sx={{ textTransform: 'none' }}
            >
              {m === 'lca' ? 'LCA method' : 'queue method'}
              {m === settings?.method ? ' (configured)' : ''}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Box sx={{ flex: 1 }} />
      {isStage && legendButton}
      {fitButton}
      {!isStage && (
        <ExportButtons
          what="queue tree"
          fileName={`queue-tree-session-${snapshot.index}`}
          testId="queue-tree.export"
          makeBlob={(format) => (svg.current === null ? null : exportQueueTree(svg.current, format, theme))}
        />
      )}
    </>
  );

  // Above the default text size the stage's tree is fitted to its height, which the toolbar's row took:
  // its text shrank as the type grew (14.2 -> 13.9 px at x1.15) and x1.3 clipped the root. Its two buttons
  // then float in the corner instead; a job's what-if controls keep the row (decision 0270).
  const isToolbarFloating = isStage && !isPresenting && fontScale > 1 && subject.kind !== 'job';
  const floating = (
    <Box
      data-testid="queue-tree.floating-toolbar"
      sx={{
        position: 'absolute',
        top: 4,
        right: 4,
        display: 'flex',
        gap: 0.5,
        bgcolor: 'background.paper',
        borderRadius: 1,
        opacity: 0.92,
      }}
    >
      {legendButton}
      {fitButton}
    </Box>
  );

  return (
    <VizPanel toolbar={isPresenting || isToolbarFloating ? null : toolbar} testId="queue-tree" fill={isStage}>
      {({ width, height }) => (
        <>
          <QueueTree
            key={fitCount}
            queues={queues}
            width={width}
            height={height}
            theme={theme}
            collapsed={collapsed}
            {...(hidden === undefined ? {} : { hidden })}
            onToggleCollapse={toggleCollapse}
            selectedQueue={selectedQueue}
            onSelectQueue={onSelectQueue}
            highlightedQueues={highlighted}
            path={treePath}
            profile={treeProfile}
            reducedMotion={reducedMotion}
            minTextPx={minTextPx}
            allowOverview={!isStage}
            // The stage's compact cards, laid out whichever way shows more at a readable size (decision 0100).
            {...(isStage ? { orientation: 'auto' as const, density: 'compact' as const } : {})}
            showLegend={isLegendShown}
            svgRef={svg}
            ariaLabel={`Queue tree at session ${snapshot.index}`}
          />
          {isToolbarFloating && floating}
        </>
      )}
    </VizPanel>
  );
}
