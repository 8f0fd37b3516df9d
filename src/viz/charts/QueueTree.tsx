/**
 * The queue tree: cards laid out by `layoutQueueTree`, pan and zoom (d3-zoom through `useZoom`),
 * collapsible subtrees, hover tooltip, keyboard navigation (WAI-ARIA tree pattern), and the LCA overlay
 * when a `path` is given. A pure function of its props: selection and collapse state live with the caller.
 */
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { QueueState } from '../../engine/model/snapshot';
import type { MinRuntimeResolution, ReclaimableDetail } from '../../engine/model/trace';
import { useZoom } from '../behaviours/useZoom';
import { fitTransform } from '../layouts/fitTransform';
import { LCA_TAG, layoutLcaPath } from '../layouts/layoutLcaPath';
import {
  layoutQueueTree,
  QUEUE_CARD,
  type BarScale,
  type MinRuntimeDefaults,
  type QueueTreeNode,
  type QueueTreeOptions,
} from '../layouts/layoutQueueTree';
import { leafQueueNames, queueColourScale } from '../layouts/queueColour';
import type { VizTheme } from '../theme';
import { LcaOverlay } from './LcaOverlay';
import { QueueCard } from './QueueCard';
import { QueueTooltip } from './QueueTooltip';
import { QueueTreeLegend, queueTreeLegendHeight, queueTreeLegendRows } from './QueueTreeLegend';

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

/** Props of {@link QueueTree}. */
export interface QueueTreeProps {
  /** `SessionSnapshot.queues`. */
  queues: readonly QueueState[];
  width: number;
  height: number;
  theme: VizTheme;
  /** Queues whose subtrees are folded. */
  collapsed?: ReadonlySet<string>;
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
  minRuntimeDefaults?: MinRuntimeDefaults;
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
  /** The root `<svg>` (for export). */
  svgRef?: Ref<SVGSVGElement>;
  ariaLabel?: string;
}

const EMPTY = new Set<string>();
/** The smallest font drawn in tree units (card secondary text and the overlay's tags). */
const SMALLEST_TREE_FONT = Math.min(QUEUE_CARD.smallFontSize, LCA_TAG.fontSize);
/** How far a small tree is enlarged to fill its panel. */
const MAX_FIT_SCALE = 2.5;

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
  onToggleCollapse,
  selectedQueue = null,
  onSelectQueue,
  highlightedQueues = EMPTY,
  focusQueues = null,
  path = null,
  resources,
  barScale,
  minRuntimeDefaults,
  reducedMotion = false,
  showLegend = true,
  minTextPx,
  allowOverview = true,
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

  const layout = useMemo(() => {
    const options: QueueTreeOptions = { collapsed };
    if (resources !== undefined) options.resources = resources;
    if (barScale !== undefined) options.barScale = barScale;
    if (minRuntimeDefaults !== undefined) options.minRuntimeDefaults = minRuntimeDefaults;
    return layoutQueueTree(queues, { width, height }, options);
  }, [queues, width, height, collapsed, resources, barScale, minRuntimeDefaults]);

  const lca = useMemo(() => {
    if (path === null) return null;
    return layoutLcaPath(layout, path.resolution, path.preemptorQueue, path.victimQueue, {
      ...(path.protectedUntilMs !== undefined ? { protectedUntilMs: path.protectedUntilMs } : {}),
      nowMs: path.nowMs ?? null,
      reclaimable: path.reclaimable ?? null,
    });
  }, [layout, path]);

  const leaves = useMemo(() => leafQueueNames(queues), [queues]);
  const colourOf = queueColourScale(leaves, theme);

  // Exports and fits frame the cards plus the overlay's tags and callouts.
  const b = layout.bounds;
  const o = lca?.bounds;
  const [x0, y0, x1, y1] =
    o === undefined || !Number.isFinite(o.x0)
      ? [b.x0, b.y0, b.x1, b.y1]
      : [Math.min(b.x0, o.x0), Math.min(b.y0, o.y0), Math.max(b.x1, o.x1), Math.max(b.y1, o.y1)];

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
  const legendScale = minTextPx === undefined ? 1 : minTextPx / theme.fontSizeSmall;
  const legendRows = showLegend ? queueTreeLegendRows(theme, layout.showsMinRuntime, legendScale, width) : 0;
  // The legend has its own band at the bottom: the tree is fitted above it and clipped to it, so leaves
  // never run under the legend.
  const treeHeight = showLegend
    ? Math.max(1, height - queueTreeLegendHeight(legendRows, legendScale))
    : height;
  const readableScale = minTextPx === undefined ? 0.45 : minTextPx / SMALLEST_TREE_FONT;
  // Frame what is being explained when the whole tree does not fit at a readable size.
  const focusBounds = useMemo(() => {
    if (lca !== null && Number.isFinite(lca.bounds.x0)) return lca.bounds;
    const names = [...(selectedQueue === null ? [] : [selectedQueue]), ...highlightedQueues];
    const cards = names.map((n) => layout.byName.get(n)).filter((n) => n !== undefined);
    if (cards.length === 0) return null;
    return {
      x0: Math.min(...cards.map((c) => c.x)),
      y0: Math.min(...cards.map((c) => c.y)),
      x1: Math.max(...cards.map((c) => c.x + c.width)),
      y1: Math.max(...cards.map((c) => c.y + c.height)),
    };
  }, [lca, selectedQueue, highlightedQueues, layout]);
  const wholeTreeScale = Math.min(
    (width - 24) / Math.max(1, x1 - x0),
    (treeHeight - 24) / Math.max(1, y1 - y0),
  );
  // Applied by useZoom only when the key changes; collapsing keeps the user's view.
  const initial = fitTransform(
    { x0, y0, x1, y1 },
    { width, height: treeHeight },
    {
      // A tree enlarged to a readable size keeps a thinner margin.
      padding: minTextPx === undefined ? 24 : 12,
      // With something to explain, never below the readable size (zoom to it); with nothing, a tree far
      // too big to read whole is shown whole as an overview to pick from, unless the overview is off (the
      // stage): then it is framed on its root and pans, and the caller folds what is off the explained path.
      minScale:
        allowOverview && focusBounds === null && wholeTreeScale < (readableScale * 2) / 3
          ? Math.min(readableScale, 0.45)
          : readableScale,
      maxScale: minTextPx === undefined ? 1 : Math.max(readableScale, MAX_FIT_SCALE),
      focus: layout.focus,
      focusBounds,
    },
  );
  const { transform } = useZoom(innerRef, {
    size: { width, height },
    initial,
    resetKey: `${shapeKey}|${framedPath}|${readableScale}`,
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
        <g clipPath={showLegend ? `url(#tree-clip-${uid})` : undefined}>
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
                  strokeDasharray={l.isSynthetic ? '3 3' : undefined}
                />
              ))}
            </g>
            {lca !== null && <LcaOverlay geometry={lca} theme={theme} layer="under" markerId={markerId} />}
            <g role="tree" aria-label={ariaLabel}>
              {layout.nodes.map((n) => (
                <QueueCard
                  key={n.name}
                  node={n}
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
        {showLegend && (
          <QueueTreeLegend
            theme={theme}
            x={8}
            y={height - 8}
            showsMinRuntime={layout.showsMinRuntime}
            scale={legendScale}
            maxWidth={width}
          />
        )}
      </svg>
      {hoveredNode !== undefined && !hoveredNode.isSynthetic && (
        <QueueTooltip node={hoveredNode} theme={theme} transform={transform} width={width} height={height} />
      )}
    </div>
  );
}
