/**
 * The queue tree: cards laid out by `layoutQueueTree`, pan and zoom (d3-zoom through `useZoom`),
 * collapsible subtrees, hover tooltip, keyboard navigation (WAI-ARIA tree pattern), and the LCA overlay
 * when a `path` is given. A pure function of its props: selection and collapse state live with the caller.
 */
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { QueueWords } from '../../engine/framework/ProfileModule';
import type { QueueState } from '../../engine/model/snapshot';
import type { MinRuntimeResolution } from '../../engine/model/trace';
import type { ReclaimFiguresDetail as ReclaimableDetail } from '../../engine/framework/verdictDetails';
import { useZoom } from '../behaviours/useZoom';
import { chooseOrientation } from '../layouts/chooseOrientation';
import { fitTransform, type Bounds } from '../layouts/fitTransform';
import { layoutLcaBand } from '../layouts/layoutLcaBand';
import { layoutLcaPath, type LcaPathGeometry } from '../layouts/layoutLcaPath';
import {
  layoutQueueTree,
  type BarScale,
  type QueueBadgesOf,
  type QueueTreeLayout,
  type QueueTreeNode,
  type QueueTreeOptions,
  type TreeDensity,
  type TreeOrientation,
} from '../layouts/layoutQueueTree';
import { leafQueueNames, queueColourScale } from '../layouts/queueColour';
import type { VizTheme } from '../theme';
import { LcaBand } from './LcaBand';
import { LcaOverlay } from './LcaOverlay';
import { QueueCard } from './QueueCard';
import { QueueTooltip } from './QueueTooltip';
import {
  QueueTreeLegend,
  queueTreeLegendHeight,
  queueTreeLegendRows,
  type QueueBadgeLegendItem,
} from './QueueTreeLegend';

/** A min-runtime resolution to draw over the tree. */
export interface QueueTreePath {
  /** From `JobState.preemptProtection/reclaimProtection.resolution`, `MinRuntimeDetail.resolution`, or a resolve query. */
  resolution: MinRuntimeResolution;
  /** Defaults to `resolution.preemptorQueue`. */
  preemptorQueue?: string | null;
  /** Defaults to `resolution.victimQueue`. */
  victimQueue?: string;
  /** The victim job's protectedUntilMs (null: never started). Omit to leave the time out of the callout. */
  protectedUntilMs?: number | null;
  /** Cursor time, to say whether the protection still holds. */
  nowMs?: number | null;
  /** The `reclaimable` verdict's detail, for the two leveled queues' numbers. */
  reclaimable?: ReclaimableDetail | null;
}

/**
 * What the tree draws of the session's profile, from its UI module (the view hands it down; viz names no
 * profile): the words of the card figures, each card's badges, and the legend's badge entries.
 */
export interface QueueTreeProfile {
  words: QueueWords;
  badges: QueueBadgesOf;
  badgeLegend: readonly QueueBadgeLegendItem[];
}

/** Props of {@link QueueTree}. */
export interface QueueTreeProps {
  /** `SessionSnapshot.queues`. */
  queues: readonly QueueState[];
  width: number;
  height: number;
  theme: VizTheme;
  /** Queues whose subtrees are folded. */
  collapsed?: ReadonlySet<string>;
  /** Queues folded off the explained path (the stage; see foldOffPath). */
  hidden?: ReadonlySet<string>;
  onToggleCollapse?: (queue: string) => void;
  selectedQueue?: string | null;
  onSelectQueue?: (queue: string | null) => void;
  /** Queues to outline (e.g. the selected job's queue); others are not dimmed. */
  highlightedQueues?: ReadonlySet<string>;
  /** When set, everything not in this set is dimmed. */
  focusQueues?: ReadonlySet<string> | null;
  /** Draws the LCA overlay. */
  path?: QueueTreePath | null;
  resources?: QueueTreeOptions['resources'];
  barScale?: BarScale;
  /** The session's profile's words and badges. */
  profile: QueueTreeProfile;
  /** Respect `prefers-reduced-motion`. */
  reducedMotion?: boolean;
  showLegend?: boolean;
  /**
   * Smallest text size on screen (px), e.g. from the app's text-size setting. Small trees are enlarged up
   * to fill the panel; with a path drawn or a queue selected, the tree is never fitted below the zoom that
   * gives its smallest label this size (a tree then too big is framed on what is explained, and pans); the
   * legend is scaled to match.
   * Without it, fitting never enlarges and the legend keeps its base size.
   */
  minTextPx?: number;
  /**
   * With nothing to explain, a tree far too big to read whole (it would need under 2/3 of the readable zoom)
   * is shown whole, an overview to pick from (default). Off on the stage, which a class must read: the fit
   * then never goes below the readable zoom (decision 0080).
   */
  allowOverview?: boolean;
  /**
   * `horizontal` (default), `vertical`, or `auto`: laid out both ways, keeping the one that shows more at a
   * readable size (the stage, decision 0100).
   */
  orientation?: TreeOrientation | 'auto';
  /**
   * `regular` (default) or `compact` cards. Compact trees draw the path's headline in a band below the tree
   * at `minTextPx`, never panned out of view, and leave the leveled queues' figures to the decision text.
   */
  density?: TreeDensity;
  /** The root `<svg>` (for export). */
  svgRef?: Ref<SVGSVGElement>;
  ariaLabel?: string;
}

const EMPTY = new Set<string>();
const NO_BADGES: readonly QueueBadgeLegendItem[] = [];
/** How far a small tree is enlarged to fill its panel. */
const MAX_FIT_SCALE = 2.5;

/** The smallest font drawn in tree units (card secondary text and the overlay's tags). */
function smallestFont(layout: QueueTreeLayout, lca: LcaPathGeometry | null): number {
  const m = layout.metrics;
  return Math.min(m.smallFontSize, m.fontSize, lca?.tagMetrics.fontSize ?? Infinity);
}

/** Everything a layout draws: the cards plus the overlay's tags and callouts. */
function drawnBounds(layout: QueueTreeLayout, lca: LcaPathGeometry | null): Bounds {
  const b = layout.bounds;
  const o = lca?.bounds;
  if (o === undefined || !Number.isFinite(o.x0)) return b;
  return {
    x0: Math.min(b.x0, o.x0),
    y0: Math.min(b.y0, o.y0),
    x1: Math.max(b.x1, o.x1),
    y1: Math.max(b.y1, o.y1),
  };
}

/** The first candidate's layout (there is always one). */
function layout0(candidates: readonly { layout: QueueTreeLayout }[]): QueueTreeLayout {
  return (candidates[0] as { layout: QueueTreeLayout }).layout;
}

/** What must stay in view: the drawn path, else the selected and highlighted cards. */
function explainedBounds(
  layout: QueueTreeLayout,
  lca: LcaPathGeometry | null,
  names: readonly string[],
): Bounds | null {
  if (lca !== null && Number.isFinite(lca.bounds.x0)) return lca.bounds;
  const cards = names.map((n) => layout.byName.get(n)).filter((n) => n !== undefined);
  if (cards.length === 0) return null;
  return {
    x0: Math.min(...cards.map((c) => c.x)),
    y0: Math.min(...cards.map((c) => c.y)),
    x1: Math.max(...cards.map((c) => c.x + c.width)),
    y1: Math.max(...cards.map((c) => c.y + c.height)),
  };
}

/** Depth-first order of the visible cards (children top to bottom), for arrow-key navigation. */
function preorder(nodes: readonly QueueTreeNode[]): QueueTreeNode[] {
  const children = new Map<string | null, QueueTreeNode[]>();
  for (const n of nodes) {
    const list = children.get(n.parent);
    if (list === undefined) children.set(n.parent, [n]);
    else list.push(n);
  }
  const out: QueueTreeNode[] = [];
  const visit = (parent: string | null): void => {
    for (const n of [...(children.get(parent) ?? [])].sort((a, b) => a.y - b.y)) {
      if (!n.isSynthetic) out.push(n);
      visit(n.name);
    }
  };
  visit(null);
  return out;
}

/** The queue tree chart. */
export function QueueTree({
  queues,
  width,
  height,
  theme,
  collapsed = EMPTY,
  hidden,
  onToggleCollapse,
  selectedQueue = null,
  onSelectQueue,
  highlightedQueues = EMPTY,
  focusQueues = null,
  path = null,
  resources,
  barScale,
  profile,
  reducedMotion = false,
  showLegend = true,
  minTextPx,
  allowOverview = true,
  orientation = 'horizontal',
  density = 'regular',
  svgRef,
  ariaLabel = 'Queue tree',
}: QueueTreeProps) {
  const innerRef = useRef<SVGSVGElement | null>(null);
  const setSvg = useCallback(
    (el: SVGSVGElement | null) => {
      innerRef.current = el;
      if (typeof svgRef === 'function') svgRef(el);
      else if (svgRef !== null && svgRef !== undefined) svgRef.current = el;
    },
    [svgRef],
  );
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const markerId = `lca-arrow-${uid}`;

  // One layout per orientation tried (both for `auto`), each with the path drawn over it.
  const candidates = useMemo(() => {
    const options: QueueTreeOptions = { collapsed, density };
    if (hidden !== undefined) options.hidden = hidden;
    if (resources !== undefined) options.resources = resources;
    if (barScale !== undefined) options.barScale = barScale;
    options.badges = profile.badges;
    const ways: TreeOrientation[] = orientation === 'auto' ? ['horizontal', 'vertical'] : [orientation];
    return ways.map((way) => {
      const layout = layoutQueueTree(queues, { width, height }, { ...options, orientation: way });
      const lca =
        path === null
          ? null
          : layoutLcaPath(layout, path.resolution, path.preemptorQueue, path.victimQueue, {
              ...(path.protectedUntilMs !== undefined ? { protectedUntilMs: path.protectedUntilMs } : {}),
              nowMs: path.nowMs ?? null,
              reclaimable: path.reclaimable ?? null,
            });
      return { layout, lca };
    });
  }, [queues, width, height, collapsed, hidden, resources, barScale, profile, orientation, density, path]);

  const leaves = useMemo(() => leafQueueNames(queues), [queues]);
  const colourOf = queueColourScale(leaves, theme);

  const legendScale = minTextPx === undefined ? 1 : minTextPx / theme.fontSizeSmall;
  // The marks' names follow the session's profile (its UI module's words, handed down by the view).
  const words = profile.words;
  // Only the badges some card shows (Kueue's "borrowing limit" when no queue writes one is noise): an entry
  // with a key explains that badge, one without its style's badges that no keyed entry explains.
  const badgeLegend = useMemo(() => {
    const badges = layout0(candidates).nodes.flatMap((n) => n.badges);
    const keyed = new Set(profile.badgeLegend.flatMap((b) => (b.key === undefined ? [] : [b.key])));
    const keys = new Set(badges.map((b) => b.key));
    const styles = new Set(badges.filter((b) => !keyed.has(b.key)).map((b) => b.style));
    const shown = profile.badgeLegend.filter((b) =>
      b.key === undefined ? styles.has(b.style) : keys.has(b.key),
    );
    return shown.length === 0 ? NO_BADGES : shown;
  }, [candidates, profile]);
  const legendRows = showLegend ? queueTreeLegendRows(theme, badgeLegend, legendScale, width, words) : 0;
  const legendHeight = showLegend ? queueTreeLegendHeight(legendRows, legendScale) : 0;
  const firstLca = candidates[0]?.lca ?? null;
  const readableScale =
    minTextPx === undefined ? 0.45 : minTextPx / smallestFont(layout0(candidates), firstLca);
  // A tree enlarged to a readable size keeps a thinner margin; the stage's compact tree the thinnest.
  const padding = minTextPx === undefined ? 24 : density === 'compact' ? 8 : 12;
  const maxScale = minTextPx === undefined ? 1 : Math.max(readableScale, MAX_FIT_SCALE);
  const explainedNames = useMemo(
    () => [...(selectedQueue === null ? [] : [selectedQueue]), ...highlightedQueues],
    [selectedQueue, highlightedQueues],
  );
  const framed = useMemo(
    () =>
      candidates.map((c) => ({
        ...c,
        whole: drawnBounds(c.layout, c.lca),
        focus: explainedBounds(c.layout, c.lca, explainedNames),
      })),
    [candidates, explainedNames],
  );
  // The legend and a compact tree's path headline (the band) have their own space at the bottom: the tree
  // is fitted above them and clipped to it, so leaves never run under them. The band's text is as large as
  // the cards' names will be drawn (never below the readable size, at most twice it): a first fit with
  // a readable-size band says how large that is.
  const { band, treeHeight, chosen } = useMemo(() => {
    const frame = (bandPx: number) => {
      const band =
        firstLca === null || firstLca.calloutsInTree ? null : layoutLcaBand(firstLca, width, bandPx);
      const treeHeight = Math.max(1, height - legendHeight - (band?.height ?? 0));
      const view = { width, height: treeHeight };
      const way =
        framed.length === 1
          ? layout0(framed).orientation
          : chooseOrientation(
              framed.map((c) => ({ orientation: c.layout.orientation, whole: c.whole, focus: c.focus })),
              view,
              { readableScale, maxScale, padding },
            );
      const chosen = framed.find((c) => c.layout.orientation === way) ?? (framed[0] as (typeof framed)[0]);
      return { band, treeHeight, chosen };
    };
    const readablePx = minTextPx ?? theme.fontSizeSmall;
    /** The band's text size for a frame: its cards' names as drawn, between the readable size and twice it. */
    const bandPxFor = (f: ReturnType<typeof frame>) => {
      const b = f.chosen.whole;
      const k = Math.min(
        maxScale,
        (width - 2 * padding) / Math.max(1, b.x1 - b.x0),
        (f.treeHeight - 2 * padding) / Math.max(1, b.y1 - b.y0),
      );
      return Math.max(readablePx, Math.min(readablePx * 2, k * f.chosen.layout.metrics.fontSize));
    };
    const first = frame(readablePx);
    if (first.band === null) return first;
    // A larger band leaves the tree less height, so its names are drawn smaller than the first fit said. The
    // band takes the largest size at which its text is still no larger than the names (a bisection between the
    // readable size and the first fit's: its size only shrinks the tree). Without this a short stage at x1.3 drew
    // a four-line band over the path's only card (decision 0360).
    let low = readablePx;
    let high = bandPxFor(first);
    let framedWithBand = frame(high);
    if (bandPxFor(framedWithBand) < high - 0.5) {
      framedWithBand = first;
      for (let i = 0; i < 6 && high - low > 0.5; i++) {
        const mid = (low + high) / 2;
        const tried = frame(mid);
        if (bandPxFor(tried) >= mid) {
          low = mid;
          framedWithBand = tried;
        } else high = mid;
      }
    }
    return framedWithBand;
  }, [framed, firstLca, width, height, legendHeight, readableScale, maxScale, padding, minTextPx, theme]);
  const { layout, lca, whole } = chosen;
  const { x0, y0, x1, y1 } = whole;

  // Re-fit only when the tree's shape changes or another path is drawn, not on every session's numbers.
  const shapeKey = useMemo(
    () =>
      queues
        .map((q) => `${q.name}<${q.parent ?? ''}`)
        .sort()
        .join('|') + `@${width}x${height}`,
    [queues, width, height],
  );
  const pathKey =
    path === null
      ? ''
      : [
          path.preemptorQueue ?? path.resolution.preemptorQueue,
          path.victimQueue ?? path.resolution.victimQueue,
          path.resolution.kind,
          path.resolution.method,
          path.resolution.source,
        ].join('>');
  // The last path drawn: clearing it keeps the view where it is.
  const [framedPath, setFramedPath] = useState('');
  if (pathKey !== '' && pathKey !== framedPath) setFramedPath(pathKey);
  // Frame what is being explained when the whole tree does not fit at a readable size; top down, with
  // nothing to explain, the root (a left-to-right tree centres its root through `focus`).
  const root = layout.nodes.find((n) => !n.isSynthetic);
  const focusBounds =
    chosen.focus ??
    (layout.orientation === 'vertical' && root !== undefined
      ? { x0: root.x, y0: root.y, x1: root.x + root.width, y1: root.y + root.height }
      : null);
  const wholeTreeScale = Math.min(
    (width - 24) / Math.max(1, x1 - x0),
    (treeHeight - 24) / Math.max(1, y1 - y0),
  );
  // On the stage (no overview) the view also re-frames when what is shown or explained changes: a lesson
  // step that selects a queue unfolds its branch, and the class must see it without anyone panning.
  // Elsewhere collapsing and selecting keep the person's view.
  // (A path that goes and comes back re-frames too: between the two the tree was framed without it.)
  const stageKey = allowOverview
    ? ''
    : `|${layout.nodes.map((n) => n.name).join(',')}|${explainedNames.join(',')}|${pathKey}`;
  // Applied by useZoom only when the key changes.
  const initial = fitTransform(
    { x0, y0, x1, y1 },
    { width, height: treeHeight },
    {
      padding,
      // With something to explain, never below the readable size (zoom to it); with nothing, a tree far
      // too big to read whole is shown whole as an overview to pick from, unless the overview is off (the
      // stage): then it is framed on its root and pans, and the caller folds what is off the explained path.
      minScale:
        allowOverview && chosen.focus === null && wholeTreeScale < (readableScale * 2) / 3
          ? Math.min(readableScale, 0.45)
          : readableScale,
      maxScale,
      focus: layout.focus,
      focusBounds,
    },
  );
  const { transform } = useZoom(innerRef, {
    size: { width, height },
    initial,
    resetKey: `${shapeKey}|${framedPath}|${readableScale}|${layout.orientation}${stageKey}`,
    scaleExtent: [0.05, Math.max(3, readableScale * 2)],
    reducedMotion,
  });

  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const order = useMemo(() => preorder(layout.nodes), [layout]);
  const tabStop =
    (focused !== null && layout.byName.has(focused) ? focused : null) ??
    selectedQueue ??
    order[0]?.name ??
    null;

  const focusCard = useCallback((name: string) => {
    setFocused(name);
    const el = innerRef.current?.querySelector<SVGGElement>(`[data-queue="${CSS.escape(name)}"]`);
    el?.focus();
  }, []);

  const onKeyDown = useCallback(
    (name: string, event: KeyboardEvent<SVGGElement>) => {
      const i = order.findIndex((n) => n.name === name);
      const node = order[i];
      if (node === undefined) return;
      let handled = true;
      switch (event.key) {
        case 'ArrowDown': {
          const next = order[i + 1];
          if (next !== undefined) focusCard(next.name);
          break;
        }
        case 'ArrowUp': {
          const prev = order[i - 1];
          if (prev !== undefined) focusCard(prev.name);
          break;
        }
        case 'ArrowRight':
          if (node.isCollapsed) onToggleCollapse?.(name);
          else {
            const child = order[i + 1];
            if (child !== undefined && child.parent === name) focusCard(child.name);
          }
          break;
        case 'ArrowLeft':
          if (node.childCount > 0 && !node.isCollapsed) onToggleCollapse?.(name);
          else if (node.parent !== null && layout.byName.get(node.parent)?.isSynthetic === false)
            focusCard(node.parent);
          break;
        case 'Enter':
        case ' ':
          onSelectQueue?.(selectedQueue === name ? null : name);
          break;
        case 'Escape':
          onSelectQueue?.(null);
          break;
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    },
    [order, focusCard, onToggleCollapse, onSelectQueue, selectedQueue, layout],
  );

  const onSelect = useCallback(
    (name: string) => {
      setFocused(name);
      onSelectQueue?.(selectedQueue === name ? null : name);
    },
    [onSelectQueue, selectedQueue],
  );

  const hoveredNode = hovered === null ? undefined : layout.byName.get(hovered);

  return (
    <div style={{ position: 'relative', width, height, overflow: 'hidden', background: theme.background }}>
      <svg
        ref={setSvg}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        fontFamily={theme.fontFamily}
        role="group"
        aria-label={ariaLabel}
        style={{ display: 'block', touchAction: 'none', userSelect: 'none' }}
        onClick={(event) => {
          if (event.target === event.currentTarget) onSelectQueue?.(null);
        }}
      >
        <defs>
          <clipPath id={`tree-clip-${uid}`}>
            <rect width={width} height={treeHeight} />
          </clipPath>
        </defs>
        <g clipPath={showLegend || band !== null ? `url(#tree-clip-${uid})` : undefined}>
          <g
            data-viz-content=""
            data-bounds={`${x0} ${y0} ${x1} ${y1}`}
            transform={`translate(${transform.x},${transform.y}) scale(${transform.k})`}
          >
            <g aria-hidden="true">
              {layout.links.map((l) => (
                <path
                  key={`${l.source}>${l.target}`}
                  d={l.path}
                  fill="none"
                  stroke={theme.edge}
                  strokeWidth={1.5}
                  // Dashed where queues are folded away between the two cards (decision 0271).
                  strokeDasharray={l.isSynthetic || l.elided > 0 ? '3 3' : undefined}
                  data-elided={l.elided > 0 ? l.elided : undefined}
                />
              ))}
            </g>
            {lca !== null && <LcaOverlay geometry={lca} theme={theme} layer="under" markerId={markerId} />}
            <g role="tree" aria-label={ariaLabel}>
              {layout.nodes.map((n) => (
                <QueueCard
                  key={n.name}
                  node={n}
                  words={words}
                  metrics={layout.metrics}
                  theme={theme}
                  colour={colourOf(n.name)}
                  isSelected={selectedQueue === n.name}
                  isHighlighted={highlightedQueues.has(n.name)}
                  isDimmed={focusQueues !== null && !focusQueues.has(n.name)}
                  isTabStop={tabStop === n.name}
                  onToggle={onToggleCollapse}
                  onSelect={onSelect}
                  onHover={setHovered}
                  onKeyDown={onKeyDown}
                />
              ))}
            </g>
            {lca !== null && (
              <LcaOverlay
                geometry={lca}
                theme={theme}
                layer="over"
                markerId={markerId}
                reducedMotion={reducedMotion}
              />
            )}
          </g>
        </g>
        {band !== null && lca !== null && (
          <LcaBand band={band} geometry={lca} theme={theme} y={treeHeight} width={width} />
        )}
        {showLegend && (
          <QueueTreeLegend
            theme={theme}
            x={8}
            y={height - 8}
            badges={badgeLegend}
            words={words}
            scale={legendScale}
            maxWidth={width}
          />
        )}
      </svg>
      {hoveredNode !== undefined && !hoveredNode.isSynthetic && (
        <QueueTooltip
          node={hoveredNode}
          words={words}
          theme={theme}
          transform={transform}
          width={width}
          height={height}
          {...(minTextPx === undefined ? {} : { fontPx: minTextPx })}
        />
      )}
    </div>
  );
}
