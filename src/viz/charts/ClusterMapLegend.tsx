/**
 * Key to the cluster map: the queues on screen with their colours, and the cell states.
 */
import type { ReactNode } from 'react';
import type { VizTheme } from '../theme';
import { textWidth } from '../layouts/textWidth';
import { ringArcPath } from './paintOps';

/** Props of {@link ClusterMapLegend}. */
export interface ClusterMapLegendProps {
  theme: VizTheme;
  /** Queues present on the map, in display order, with their colours. */
  queues: readonly { name: string; colour: string }[];
  /** Most queues listed before "+N more". */
  maxQueues?: number;
  /** Text size (px); default the theme's small size. The legend wraps onto more rows when given. */
  fontSize?: number;
  /** Height in px (from {@link clusterLegendHeight}); default one row. */
  height?: number;
  /** Show the key to reserved devices (decision 0274): only when the session reserved some. */
  showReserved?: boolean;
}

/** Height the legend takes (px) at the default text size. */
export const CLUSTER_LEGEND_HEIGHT = 22;

const S = 12;
const STATE_LABELS = ['running', 'pipelined', 'releasing', 'idle', 'min-runtime protection left'];
/** The key to reserved devices, in words (the cells carry the letter R). */
export const RESERVED_LABEL = 'R reserved during the session';

/** Height of a legend at `fontSize` that wraps its items within `width` px (estimated from text widths). */
export function clusterLegendHeight(
  queueNames: readonly string[],
  fontSize: number,
  width: number,
  maxQueues = 10,
  showReserved = false,
): number {
  const shown = queueNames.slice(0, maxQueues);
  const labels = [
    ...shown,
    ...(queueNames.length > shown.length ? ['+99 more'] : []),
    ...STATE_LABELS,
    ...(showReserved ? [RESERVED_LABEL] : []),
  ];
  const swatch = Math.round(fontSize);
  let rows = 1;
  let x = 8;
  for (const label of labels) {
    const w = swatch + 4 + textWidth(label, fontSize) + 10;
    if (x > 8 && x + w > width) {
      rows += 1;
      x = 8;
    }
    x += w;
  }
  return Math.ceil(rows * fontSize * 1.45 + 8);
}

/** The legend row. */
export function ClusterMapLegend({
  theme,
  queues,
  maxQueues = 10,
  fontSize = theme.fontSizeSmall,
  height = CLUSTER_LEGEND_HEIGHT,
  showReserved = false,
}: ClusterMapLegendProps) {
  // Swatches grow with the text (drawn in a 12-unit box).
  const size = Math.max(S, Math.round(fontSize));
  const shown = queues.slice(0, maxQueues);
  // State keys use a neutral colour, so they are not read as one of the queues.
  const sample = theme.textMuted;
  const item = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
    marginRight: 10,
    whiteSpace: 'nowrap' as const,
  };
  const swatch = (content: ReactNode) => (
    <svg width={size} height={size} viewBox={`0 0 ${S} ${S}`} aria-hidden="true" style={{ flex: 'none' }}>
      {content}
    </svg>
  );
  return (
    <div
      data-export="exclude"
      style={{
        height,
        paddingLeft: 8,
        display: 'flex',
        flexWrap: 'wrap',
        alignContent: 'center',
        alignItems: 'center',
        overflow: 'hidden',
        fontFamily: theme.fontFamily,
        fontSize,
        color: theme.textMuted,
      }}
    >
      {shown.map((q) => (
        <span key={q.name} style={item}>
          {swatch(<rect width={S} height={S} rx={2} fill={q.colour} />)}
          {q.name}
        </span>
      ))}
      {queues.length > shown.length && <span style={item}>+{queues.length - shown.length} more</span>}
      <span style={{ ...item, marginLeft: 6 }}>
        {swatch(<rect width={S} height={S} fill={sample} />)}
        running
      </span>
      <span style={item}>
        {swatch(
          <>
            <rect width={S} height={S} fill={sample} opacity={0.22} />
            <rect
              x={0.5}
              y={0.5}
              width={S - 1}
              height={S - 1}
              fill="none"
              stroke={sample}
              strokeDasharray="2 2"
            />
          </>,
        )}
        pipelined
      </span>
      <span style={item}>
        {swatch(
          <>
            <rect width={S} height={S} fill={sample} opacity={0.45} />
            <path d="M0,12L12,0M-6,12L6,0M6,12L18,0" stroke={theme.releasingHatch} strokeWidth={1} />
          </>,
        )}
        releasing
      </span>
      <span style={item}>
        {swatch(<rect width={S} height={S} fill={theme.idleCell} />)}
        idle
      </span>
      {showReserved && (
        <span style={item} data-testid="cluster-map.legend-reserved">
          {swatch(
            <>
              <rect width={S} height={S} fill={theme.idleCell} />
              <rect x={0.5} y={0.5} width={S - 1} height={S - 1} fill="none" stroke={sample} />
              <rect x={2.5} y={2.5} width={S - 5} height={S - 5} fill="none" stroke={sample} />
            </>,
          )}
          {RESERVED_LABEL}
        </span>
      )}
      <span style={item}>
        {swatch(
          <>
            <rect width={S} height={S} fill={sample} />
            <circle cx={6} cy={6} r={3.6} fill="none" stroke={theme.protectionTrack} strokeWidth={1.6} />
            <path d={ringArcPath(6, 6, 3.6, 0.6)} fill="none" stroke={theme.protection} strokeWidth={1.6} />
          </>,
        )}
        min-runtime protection left
      </span>
    </div>
  );
}
