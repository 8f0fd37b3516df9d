/**
 * The cluster map: GPU cells painted on a Canvas (4000 cells redraw in a few ms), with an SVG layer on
 * top for the hover and focus outlines and an HTML tooltip. Between sessions, new placements fade in,
 * evictions flash and expiring protection rings pulse, unless `reducedMotion` is set.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
} from 'react';
import type { JobState, NodeState, QueueState, TaskState } from '../../engine/model/snapshot';
import { useTransitionTimer } from '../behaviours/useTransitionTimer';
import { diffClusterMap, type CellChange } from '../layouts/diffClusterMap';
import {
  clusterCellAt,
  clusterNodeAt,
  hitTestClusterMap,
  layoutClusterMap,
  type ClusterHit,
  type ClusterMapLayout,
  type ClusterMapOptions,
  type ClusterReservation,
} from '../layouts/layoutClusterMap';
import { compareNames } from '../layouts/compareNames';
import type { ClusterNodeGroups } from '../layouts/groupClusterNodes';
import { leafQueueNames, queueColourScale } from '../layouts/queueColour';
import type { VizTheme } from '../theme';
import { CLUSTER_LEGEND_HEIGHT, ClusterMapLegend, clusterLegendHeight } from './ClusterMapLegend';
import { describeHit, hoverInfo, type ClusterHoverInfo } from './describeCell';
import { drawPaintOps } from './paintOps';
import {
  drawClusterSession,
  paintClusterBase,
  paintTransition,
  type ClusterEmphasis,
  type ClusterTransitionFrame,
} from './paintClusterMap';

/** Props of {@link ClusterMap}. */
export interface ClusterMapProps {
  /** `SessionSnapshot.nodes`. */
  nodes: readonly NodeState[];
  /** `SessionSnapshot.tasks` (only Running, Pipelined and Releasing tasks with a node are drawn). */
  tasks: readonly TaskState[];
  /** `SessionSnapshot.jobs`: queue per task and protection. */
  jobs: readonly JobState[];
  /** `SessionSnapshot.queues`: the colour keys (leaf queues), shared with the queue tree. */
  queues: readonly QueueState[];
  width: number;
  height: number;
  theme: VizTheme;
  /** Cursor time for the protection rings (usually `SessionSnapshot.timeMs`). */
  cursorMs?: number | null;
  protection?: ClusterMapOptions['protection'];
  resources?: ClusterMapOptions['resources'];
  labels?: ClusterMapOptions['labels'];
  cellsPerRow?: number;
  /** Largest cell size (px); small clusters grow up to it (default 36). */
  maxCellSize?: number;
  selectedJob?: string | null;
  highlightedQueue?: string | null;
  /** Several queues at once (the leaves under a selected parent queue). */
  highlightedQueues?: ReadonlySet<string> | null;
  highlightedNode?: string | null;
  /** Called when the pointer or keyboard focus moves to another node/cell/task (null when it leaves). */
  onHover?: (info: ClusterHoverInfo | null) => void;
  /** Click or Enter on a task selects its job; on an empty spot (or the selected job again), null. */
  onSelectJob?: (job: string | null) => void;
  reducedMotion?: boolean;
  /** Length of the between-sessions transition (ms). */
  transitionMs?: number;
  showTooltip?: boolean;
  /** Queue colours and cell states above the map (takes `CLUSTER_LEGEND_HEIGHT` px). */
  showLegend?: boolean;
  /**
   * Text size (px) of node labels and the legend, e.g. from the app's text-size setting; labels are then
   * drawn as SVG text over the canvas (crisp at any size). Default: 9-11 px labels painted on the canvas.
   */
  minTextPx?: number;
  /** The canvas (for PNG export of exactly what is on screen). */
  canvasRef?: Ref<HTMLCanvasElement>;
  ariaLabel?: string;
  /** Frame nodes by pool and topology level (the scenario's node labels, issue 21); null = a plain grid. */
  groups?: ClusterNodeGroups | null;
  /**
   * The map's accessible summary: the engine's session figures in words with their moments
   * (`describeSessionFigures`, decision 0273), never a count of the cells drawn.
   */
  summary: string;
  /** What Volcano jobs reserved during the session (decision 0274), drawn on idle devices. */
  reservations?: readonly ClusterReservation[];
  /** `SessionView.occupancy`: which tasks hold which device, from the worker (decision 0300). */
  occupancy?: ClusterMapOptions['occupancy'];
}

interface PaintInputs {
  layout: ClusterMapLayout;
  theme: VizTheme;
  colourOf: ReturnType<typeof queueColourScale>;
  emphasis: ClusterEmphasis;
}

/** What the base picture reads of a layout (a copy of it would make every node and cell object). */
const pick = (l: ClusterMapLayout) => ({
  baseNodes: l.baseNodes,
  frames: l.frames,
  frameFontSize: l.frameFontSize,
  labelFontSize: l.labelFontSize,
});

const hitKey = (h: ClusterHit | null): string =>
  h === null ? '' : `${h.node.name}|${h.cell?.index ?? ''}|${h.segment?.task ?? ''}`;

/** Above this many GPU cells a session change repaints without a transition. */
const MAX_ANIMATED_CELLS = 8000;

/** The cluster map chart. */
export function ClusterMap({
  nodes,
  tasks,
  jobs,
  queues,
  width,
  height,
  theme,
  cursorMs = null,
  protection,
  resources,
  labels,
  cellsPerRow,
  maxCellSize,
  selectedJob = null,
  highlightedQueue = null,
  highlightedQueues = null,
  highlightedNode = null,
  onHover,
  onSelectJob,
  reducedMotion = false,
  transitionMs = 600,
  showTooltip = true,
  showLegend = true,
  minTextPx,
  canvasRef,
  ariaLabel = 'Cluster map',
  groups = null,
  summary,
  reservations,
  occupancy,
}: ClusterMapProps) {
  const leaves = useMemo(() => leafQueueNames(queues), [queues]);
  const hasReserved = reservations !== undefined && reservations.length > 0;
  const legendHeight = !showLegend
    ? 0
    : minTextPx === undefined
      ? CLUSTER_LEGEND_HEIGHT
      : clusterLegendHeight(leaves, minTextPx, width, 10, hasReserved);
  const layout = useMemo(() => {
    const options: ClusterMapOptions = { jobs, cursorMs };
    if (protection !== undefined) options.protection = protection;
    if (resources !== undefined) options.resources = resources;
    if (labels !== undefined) options.labels = labels;
    if (cellsPerRow !== undefined) options.cellsPerRow = cellsPerRow;
    if (maxCellSize !== undefined) options.maxCellSize = maxCellSize;
    if (minTextPx !== undefined) options.labelFontSize = minTextPx;
    if (groups !== null) options.groups = groups;
    if (reservations !== undefined && reservations.length > 0) options.reservations = reservations;
    if (occupancy !== undefined) options.occupancy = occupancy;
    const mapHeight = Math.max(0, height - legendHeight);
    return layoutClusterMap(nodes, tasks, { width, height: mapHeight }, options);
  }, [
    nodes,
    tasks,
    jobs,
    cursorMs,
    width,
    height,
    protection,
    resources,
    labels,
    cellsPerRow,
    maxCellSize,
    minTextPx,
    legendHeight,
    groups,
    reservations,
    occupancy,
  ]);
  const colourOf = queueColourScale(leaves, theme);
  const legendQueues = useMemo(() => {
    if (!showLegend) return [];
    // From the session's arrays: no cell objects (decision 0334).
    const present = new Set<string>();
    const { segJob, jobs: sessionJobs } = layout.session;
    for (let k = 0; k < segJob.length; k++) {
      const q = sessionJobs[segJob[k]!]?.queue;
      if (q !== undefined) present.add(q);
    }
    return [...present].sort(compareNames).map((name) => ({ name, colour: colourOf(name) }));
  }, [layout, colourOf, showLegend]);

  const canvas = useRef<HTMLCanvasElement | null>(null);
  const setCanvas = useCallback(
    (el: HTMLCanvasElement | null) => {
      canvas.current = el;
      if (typeof canvasRef === 'function') canvasRef(el);
      else if (canvasRef !== null && canvasRef !== undefined) canvasRef.current = el;
    },
    [canvasRef],
  );
  const dpr = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
  const inputs = useRef<PaintInputs | null>(null);
  const frame = useRef<ClusterTransitionFrame | null>(null);
  // The settled picture, cached so a transition frame costs one image copy plus its accents. It is
  // copied from the on-screen canvas when a transition needs it (`isStillStale`), so that a session
  // change paints the map once, not twice.
  const still = useRef<HTMLCanvasElement | null>(null);
  const isStillStale = useRef(true);
  // The picture under every session (frames, labels, idle devices), painted once per geometry, theme and
  // canvas size; a session change copies it and paints only its tasks (decision 0276).
  const base = useRef<{ key: string; theme: VizTheme; canvas: HTMLCanvasElement } | null>(null);

  const redraw = useCallback(() => {
    const el = canvas.current;
    const input = inputs.current;
    if (el === null || input === null || typeof document === 'undefined') return;
    const ctx = el.getContext('2d');
    if (ctx === null) return;
    const base = still.current ?? document.createElement('canvas');
    still.current = base;
    if (isStillStale.current) {
      // The canvas shows the settled picture (painted by the layout effect, no accents yet).
      base.width = el.width;
      base.height = el.height;
      base.getContext('2d')?.drawImage(el, 0, 0);
      isStillStale.current = false;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, el.width, el.height);
    ctx.drawImage(base, 0, 0);
    if (frame.current !== null) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      drawPaintOps(ctx, paintTransition(frame.current, input.theme, input.colourOf));
    }
  }, [dpr]);

  // Paint the settled picture whenever what is drawn changes (layout effect: no blank first frame).
  useLayoutEffect(() => {
    const input: PaintInputs = {
      layout,
      theme,
      colourOf,
      emphasis: { selectedJob, highlightedQueue, highlightedQueues, highlightedNode },
    };
    inputs.current = input;
    const el = canvas.current;
    const ctx = el?.getContext('2d') ?? null;
    if (el === null || ctx === null) return;
    const baseKey = `${layout.geometry}|${el.width}x${el.height}|${dpr}|${minTextPx ?? ''}`;
    let under = base.current;
    if (under === null || under.key !== baseKey || under.theme !== theme) {
      const picture = document.createElement('canvas');
      picture.width = el.width;
      picture.height = el.height;
      const pctx = picture.getContext('2d');
      if (pctx !== null) {
        pctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        // Labels at a chosen size are SVG text over the canvas; the canvas then paints none.
        const baseLayout =
          minTextPx === undefined
            ? layout
            : {
                ...pick(layout),
                baseNodes: layout.baseNodes.map((n) => ({ ...n, label: null })),
                frames: layout.frames.map((f) => ({ ...f, label: '' })),
              };
        drawPaintOps(pctx, paintClusterBase(baseLayout, theme));
      }
      under = { key: baseKey, theme, canvas: picture };
      base.current = under;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, el.width, el.height);
    ctx.drawImage(under.canvas, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawClusterSession(ctx, layout, theme, colourOf, input.emphasis);
    isStillStale.current = true;
    // A transition under way keeps its accents (on the new picture) from its next frame on.
  }, [
    layout,
    theme,
    colourOf,
    selectedJob,
    highlightedQueue,
    highlightedQueues,
    highlightedNode,
    dpr,
    minTextPx,
  ]);

  const changes = useRef<readonly CellChange[]>([]);
  const timer = useTransitionTimer(
    (t) => {
      frame.current = { changes: changes.current, t };
      redraw();
    },
    () => {
      frame.current = null;
      redraw();
    },
  );
  const previous = useRef<ClusterMapLayout | null>(null);
  useEffect(() => {
    const prev = previous.current;
    previous.current = layout;
    // Thousands of few-pixel cells animate invisibly, and diffing them is a long main-thread task (issue 13).
    if (reducedMotion || prev === null || layout.cellSlot.length > MAX_ANIMATED_CELLS) return undefined;
    // A new session ends the previous transition; the canvas already shows the new picture.
    timer.stop();
    frame.current = null;
    // Diff and first frame on the next animation frame: the session change itself only paints.
    const request = requestAnimationFrame(() => {
      const diff = diffClusterMap(prev, layout);
      if (diff.length === 0) return;
      changes.current = diff;
      timer.start(transitionMs);
    });
    return () => cancelAnimationFrame(request);
  }, [layout, reducedMotion, transitionMs, timer]);

  const [hover, setHover] = useState<{ hit: ClusterHit; x: number; y: number } | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const lastReported = useRef('');
  const report = useCallback(
    (hit: ClusterHit | null) => {
      const key = hitKey(hit);
      if (key === lastReported.current) return;
      lastReported.current = key;
      onHover?.(hit === null ? null : hoverInfo(hit));
    },
    [onHover],
  );

  const local = (event: MouseEvent<HTMLDivElement>): { x: number; y: number } => {
    const r = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - r.left, y: event.clientY - r.top };
  };
  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    const p = local(event);
    const hit = hitTestClusterMap(layout, p.x, p.y);
    setHover(hit === null ? null : { hit, ...p });
    report(hit);
  };
  const onMouseLeave = () => {
    setHover(null);
    report(null);
  };
  const select = (hit: ClusterHit | null) => {
    const job = hit?.segment?.job ?? null;
    onSelectJob?.(job !== null && job === selectedJob ? null : job);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const p = local(event);
    select(hitTestClusterMap(layout, p.x, p.y));
  };

  // The focused cell and its node become objects; the rest of the map stays in arrays (decision 0334).
  const focusHit = (i: number | null): ClusterHit | null => {
    if (i === null) return null;
    const cell = clusterCellAt(layout, i);
    const node = cell === undefined ? undefined : clusterNodeAt(layout, layout.cellSlot[i]!);
    if (cell === undefined || node === undefined) return null;
    return { node, cell, segment: cell.segments[0] ?? null };
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const n = layout.cellSlot.length;
    if (n === 0) return;
    const cur = focusIndex ?? -1;
    let next: number | null = cur;
    switch (event.key) {
      case 'ArrowRight':
        next = Math.min(n - 1, cur + 1);
        break;
      case 'ArrowLeft':
        next = Math.max(0, cur - 1);
        break;
      case 'ArrowDown':
      case 'ArrowUp': {
        // Same device on the node one grid row below/above.
        const slot = layout.cellSlot[Math.max(0, cur)]!;
        const index = Math.max(0, cur) - layout.cellStart[slot]!;
        const target = slot + (event.key === 'ArrowDown' ? layout.columns : -layout.columns);
        const inGrid = target >= 0 && target < layout.order.length;
        const first = inGrid ? layout.cellStart[target]! : 0;
        const count = inGrid ? layout.cellStart[target + 1]! - first : 0;
        next = cur < 0 ? 0 : count === 0 ? cur : first + Math.min(index, count - 1);
        break;
      }
      case 'Enter':
      case ' ':
        select(focusHit(focusIndex));
        break;
      case 'Escape':
        next = null;
        onSelectJob?.(null);
        break;
      default:
        return;
    }
    event.preventDefault();
    setFocusIndex(next);
    report(focusHit(next));
  };

  // Frames and node labels (SVG) follow the geometry, not the session: 4,000 labels are not rebuilt per step.
  const geometryLayout = useRef(layout);
  if (geometryLayout.current.geometry !== layout.geometry) geometryLayout.current = layout;
  const fixed = geometryLayout.current;
  const fixedSvg = useMemo(
    () => (
      <>
        {fixed.frames.map((f, i) => (
          <rect
            key={`frame-${i}`}
            x={f.x}
            y={f.y}
            width={f.width}
            height={f.height}
            fill="none"
            stroke="none"
            data-testid="cluster-map.group"
            data-label={f.label}
          />
        ))}
        {minTextPx !== undefined &&
          fixed.frames.map((f, i) => (
            <text
              key={`caption-${i}`}
              x={f.labelX}
              y={f.labelY}
              fontSize={fixed.frameFontSize}
              fontWeight={600}
              fontFamily={theme.fontFamily}
              fill={theme.text}
              data-testid="cluster-map.group-label"
            >
              {f.label}
            </text>
          ))}
        {minTextPx !== undefined &&
          fixed.baseNodes.map((n) =>
            n.label === null ? null : (
              <text
                key={n.name}
                x={n.labelX}
                y={n.labelY}
                fontSize={fixed.labelFontSize}
                fontFamily={theme.fontFamily}
                fill={theme.textMuted}
                data-testid="cluster-map.node-label"
              >
                {n.label}
              </text>
            ),
          )}
      </>
    ),
    [fixed, minTextPx, theme],
  );

  const focused = focusHit(focusIndex);
  const outlined = hover?.hit ?? focused;
  const outline = outlined === null ? null : (outlined.segment ?? outlined.cell ?? outlined.node);
  const box =
    outline === null
      ? null
      : 'size' in outline
        ? { x: outline.x, y: outline.y, w: outline.size, h: outline.size }
        : { x: outline.x, y: outline.y, w: outline.width, h: outline.height };
  const tooltipLines = showTooltip && hover !== null ? describeHit(hover.hit) : null;
  const liveText = focused === null ? '' : describeHit(focused).join(', ');

  return (
    <div style={{ width, height, background: theme.background }}>
      {showLegend && (
        <ClusterMapLegend
          theme={theme}
          queues={legendQueues}
          height={legendHeight}
          showReserved={hasReserved}
          {...(minTextPx === undefined ? {} : { fontSize: minTextPx })}
        />
      )}
      <div
        role="group"
        aria-label={ariaLabel}
        tabIndex={0}
        // Its arrows move between cells: the app's stepping keys leave them alone.
        data-arrow-keys="own"
        onKeyDown={onKeyDown}
        onBlur={() => setFocusIndex(null)}
        style={{
          position: 'relative',
          width,
          height: Math.max(0, height - legendHeight),
          overflow: 'auto',
          outline: 'none',
        }}
      >
        <div
          style={{ position: 'relative', width: layout.width, height: layout.height, cursor: 'pointer' }}
          onMouseMove={onMouseMove}
          onMouseLeave={onMouseLeave}
          onClick={onClick}
        >
          <canvas
            ref={setCanvas}
            width={Math.round(layout.width * dpr)}
            height={Math.round(layout.height * dpr)}
            role="img"
            aria-label={summary}
            style={{ display: 'block', width: layout.width, height: layout.height, willChange: 'transform' }}
          />
          <svg
            width={layout.width}
            height={layout.height}
            aria-hidden="true"
            // Own compositor layer: moving the hover outline must not repaint the canvas under it.
            style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none', willChange: 'transform' }}
          >
            {fixedSvg}
            {box !== null && (
              <rect
                x={box.x - 1}
                y={box.y - 1}
                width={box.w + 2}
                height={box.h + 2}
                fill="none"
                stroke={theme.hover}
                strokeWidth={2}
                data-testid="cluster-map.hover"
              />
            )}
          </svg>
          {tooltipLines !== null && hover !== null && (
            <div
              role="tooltip"
              style={{
                position: 'absolute',
                willChange: 'transform',
                left: Math.min(hover.x + 14, Math.max(0, layout.width - 280)),
                top: hover.y + 14,
                maxWidth: 280,
                pointerEvents: 'none',
                background: theme.surface,
                color: theme.text,
                border: `1px solid ${theme.border}`,
                borderRadius: 6,
                padding: '5px 8px',
                fontFamily: theme.fontFamily,
                fontSize: theme.fontSizeSmall + 1,
                boxShadow: `0 2px 8px ${theme.edge}`,
                whiteSpace: 'nowrap',
              }}
            >
              {tooltipLines.map((line, i) => (
                <div key={i} style={i === 0 ? { fontWeight: 600 } : { color: theme.textMuted }}>
                  {line}
                </div>
              ))}
            </div>
          )}
        </div>
        <div
          aria-live="polite"
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}
        >
          {liveText}
        </div>
      </div>
    </div>
  );
}
