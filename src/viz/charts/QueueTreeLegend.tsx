/**
 * Key to the queue card marks, drawn in screen space at the bottom-left of the tree.
 */
import type { ReactNode } from 'react';
import { textWidth } from '../layouts/textWidth';
import type { VizTheme } from '../theme';

/** Props of {@link QueueTreeLegend}. */
export interface QueueTreeLegendProps {
  theme: VizTheme;
  /** Bottom-left corner in screen px. */
  x: number;
  y: number;
  showsMinRuntime: boolean;
}

const ROW = 16;

/** The legend (excluded from exports, whose content is re-framed). */
export function QueueTreeLegend({ theme, x, y, showsMinRuntime }: QueueTreeLegendProps) {
  const items: { label: string; mark: (ox: number) => ReactNode }[] = [
    {
      label: 'fair share',
      mark: (ox) => <rect x={ox} y={3} width={18} height={9} fill={theme.fairShare} />,
    },
    {
      label: 'allocated',
      mark: (ox) => <rect x={ox} y={5} width={18} height={5} fill={theme.allocated} />,
    },
    {
      label: 'over fair share',
      mark: (ox) => <rect x={ox} y={5} width={18} height={5} fill={theme.overFairShare} />,
    },
    {
      label: 'requested',
      mark: (ox) => (
        <rect
          x={ox}
          y={5}
          width={18}
          height={5}
          fill="none"
          stroke={theme.requested}
          strokeDasharray="2 1.5"
        />
      ),
    },
    {
      label: 'quota',
      mark: (ox) => <line x1={ox + 9} x2={ox + 9} y1={1} y2={14} stroke={theme.quota} strokeWidth={1.5} />,
    },
    {
      label: 'limit',
      mark: (ox) => (
        <path d={`M${ox + 7},1H${ox + 9}V14H${ox + 7}`} fill="none" stroke={theme.limit} strokeWidth={1.5} />
      ),
    },
    {
      label: 'allocated/fair share',
      mark: (ox) => (
        <text x={ox + 18} y={11} textAnchor="end" fill={theme.textMuted}>
          3/6
        </text>
      ),
    },
  ];
  const badgeItems = [
    { label: 'min-runtime set here', fill: theme.badgeSet, stroke: 'none', dash: undefined },
    { label: 'inherited (↑from)', fill: 'none', stroke: theme.badgeInherited, dash: undefined },
    { label: 'plugin default', fill: 'none', stroke: theme.badgeDefault, dash: '2 2' },
  ];
  const rows = showsMinRuntime ? 2 : 1;
  const itemWidth = (label: string): number => 22 + textWidth(label, theme.fontSizeSmall) + 10;
  const width = Math.max(
    items.reduce((s, i) => s + itemWidth(i.label), 0),
    showsMinRuntime ? badgeItems.reduce((s, i) => s + itemWidth(i.label), 0) : 0,
  );
  let ox = 0;
  let bx = 0;
  return (
    <g
      transform={`translate(${x},${y - rows * ROW - 8})`}
      data-export="exclude"
      aria-hidden="true"
      fontSize={theme.fontSizeSmall}
      pointerEvents="none"
    >
      <rect
        x={-4}
        y={-4}
        width={width + 12}
        height={rows * ROW + 8}
        rx={4}
        fill={theme.surface}
        opacity={0.9}
      />
      {items.map((item) => {
        const at = ox;
        ox += itemWidth(item.label);
        return (
          <g key={item.label}>
            {item.mark(at)}
            <text x={at + 22} y={11} fill={theme.textMuted}>
              {item.label}
            </text>
          </g>
        );
      })}
      {showsMinRuntime &&
        badgeItems.map((b) => {
          const at = bx;
          bx += itemWidth(b.label);
          return (
            <g key={b.label} transform={`translate(0,${ROW})`}>
              <rect
                x={at}
                y={2}
                width={18}
                height={11}
                rx={5.5}
                fill={b.fill}
                stroke={b.stroke}
                strokeDasharray={b.dash}
              />
              <text x={at + 22} y={11} fill={theme.textMuted}>
                {b.label}
              </text>
            </g>
          );
        })}
    </g>
  );
}
