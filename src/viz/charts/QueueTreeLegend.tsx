/**
 * Key to the queue card marks, drawn in screen space at the bottom-left of the tree.
 */
import type { ReactNode } from 'react';
import type { QueueWords } from '../../engine/framework/ProfileModule';
import type { QueueBadgeStyle } from '../layouts/layoutQueueTree';
import { textWidth } from '../layouts/textWidth';
import type { VizTheme } from '../theme';

/** A badge style and what it means for the session's profile (its UI module's `queueBadgeLegend`). */
export interface QueueBadgeLegendItem {
  readonly label: string;
  readonly style: QueueBadgeStyle;
  /** The badge key it explains (Kueue's `share`, `weight`); without one it stands for its style. */
  readonly key?: string;
}

/** Props of {@link QueueTreeLegend}. */
export interface QueueTreeLegendProps {
  theme: VizTheme;
  /** Bottom-left corner in screen px. */
  x: number;
  y: number;
  /** The badge entries (empty when the cards have no badges). */
  badges: readonly QueueBadgeLegendItem[];
  /** The profile's names for the marks (KAI's fair share/quota/limit, Volcano's deserved/capability). */
  words: QueueWords;
  /** Text size multiplier (the legend follows the app's text size); default 1. */
  scale?: number;
  /** Width available (screen px): items wrap onto more rows instead of running off the edge. */
  maxWidth?: number;
}

const ROW = 16;

/** Screen height the legend takes at `scale` (rows x row height plus its padding and margin). */
export function queueTreeLegendHeight(rows: number, scale = 1): number {
  return (rows * ROW + 8) * scale + 8;
}

interface Placed {
  key: string;
  x: number;
  row: number;
}

/** Places items left to right, wrapping at `maxWidth` (in legend units); every item keeps its row group. */
function wrapItems(widths: readonly { key: string; width: number }[][], maxWidth: number): Placed[] {
  const out: Placed[] = [];
  let row = 0;
  for (const group of widths) {
    let x = 0;
    for (const item of group) {
      if (x > 0 && x + item.width > maxWidth) {
        row += 1;
        x = 0;
      }
      out.push({ key: item.key, x, row });
      x += item.width;
    }
    row += 1;
  }
  return out;
}

/** How many rows the legend needs in `maxWidth` screen px at `scale`. */
export function queueTreeLegendRows(
  theme: VizTheme,
  badges: readonly QueueBadgeLegendItem[],
  scale: number,
  maxWidth: number,
  words: QueueWords,
): number {
  const placed = wrapItems(legendWidths(theme, badges, words), (maxWidth - 16) / scale);
  return placed.reduce((m, p) => Math.max(m, p.row + 1), 1);
}

/** The mark labels in the profile's words; KAI's quota tick and a cap only where the profile has them. */
function mainLabels(words: QueueWords) {
  const share = words.share.label;
  return {
    share,
    allocated: 'allocated',
    over: `over ${share}`,
    requested: 'requested',
    // A quota tick only where the floor is a quota other than the band (Kueue's band is its nominal quota).
    quota:
      words.floorIsQuota && words.floor !== null && words.floor.label !== share ? words.floor.label : null,
    cap: words.cap?.label ?? null,
    ratio: `allocated/${share}`,
  };
}

const labelList = (words: QueueWords): string[] =>
  Object.values(mainLabels(words)).filter((l): l is string => l !== null);

function legendWidths(theme: VizTheme, badges: readonly QueueBadgeLegendItem[], words: QueueWords) {
  const itemWidth = (label: string): number => 22 + textWidth(label, theme.fontSizeSmall) + 10;
  const groups = [labelList(words).map((l) => ({ key: l, width: itemWidth(l) }))];
  if (badges.length > 0) groups.push(badges.map((b) => ({ key: b.label, width: itemWidth(b.label) })));
  return groups;
}

/** The legend (excluded from exports, whose content is re-framed). */
export function QueueTreeLegend({
  theme,
  x,
  y,
  badges,
  scale = 1,
  maxWidth = Infinity,
  words,
}: QueueTreeLegendProps) {
  const l = mainLabels(words);
  const all: { label: string | null; mark: (ox: number) => ReactNode }[] = [
    {
      label: l.share,
      mark: (ox) => <rect x={ox} y={3} width={18} height={9} fill={theme.fairShare} />,
    },
    {
      label: 'allocated',
      mark: (ox) => <rect x={ox} y={5} width={18} height={5} fill={theme.allocated} />,
    },
    {
      label: l.over,
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
      label: l.quota,
      mark: (ox) => <line x1={ox + 9} x2={ox + 9} y1={1} y2={14} stroke={theme.quota} strokeWidth={1.5} />,
    },
    {
      label: l.cap,
      mark: (ox) => (
        <path d={`M${ox + 7},1H${ox + 9}V14H${ox + 7}`} fill="none" stroke={theme.limit} strokeWidth={1.5} />
      ),
    },
    {
      label: l.ratio,
      mark: (ox) => (
        <text x={ox + 18} y={11} textAnchor="end" fill={theme.textMuted}>
          3/6
        </text>
      ),
    },
  ];
  const items = all.flatMap((i) => (i.label === null ? [] : [{ label: i.label, mark: i.mark }]));
  // Drawn as the cards draw them (QueueCard).
  const badgeItems = badges.map((b) => ({
    label: b.label,
    fill: b.style === 'filled' ? theme.badgeSet : 'none',
    stroke:
      b.style === 'outlined' ? theme.badgeInherited : b.style === 'dashed' ? theme.badgeDefault : 'none',
    dash: b.style === 'dashed' ? '2 2' : undefined,
  }));
  const placed = new Map(
    wrapItems(legendWidths(theme, badges, words), (maxWidth - 16) / scale).map((p) => [p.key, p]),
  );
  const rows = [...placed.values()].reduce((m, p) => Math.max(m, p.row + 1), 1);
  const width = [...placed.values()].reduce(
    (m, p) => Math.max(m, p.x + 22 + textWidth(p.key, theme.fontSizeSmall) + 10),
    0,
  );
  const at = (label: string): Placed => placed.get(label) ?? { key: label, x: 0, row: 0 };
  return (
    <g
      transform={`translate(${x},${y - (rows * ROW + 4) * scale}) scale(${scale})`}
      data-export="exclude"
      aria-hidden="true"
      data-testid="queue-tree.legend"
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
        const p = at(item.label);
        return (
          <g key={item.label} transform={`translate(0,${p.row * ROW})`}>
            {item.mark(p.x)}
            <text x={p.x + 22} y={11} fill={theme.textMuted}>
              {item.label}
            </text>
          </g>
        );
      })}
      {badgeItems.length > 0 &&
        badgeItems.map((b) => {
          const p = at(b.label);
          const bx = p.x;
          return (
            <g key={b.label} transform={`translate(0,${p.row * ROW})`}>
              <rect
                x={bx}
                y={2}
                width={18}
                height={11}
                rx={5.5}
                fill={b.fill}
                stroke={b.stroke}
                strokeDasharray={b.dash}
              />
              <text x={bx + 22} y={11} fill={theme.textMuted}>
                {b.label}
              </text>
            </g>
          );
        })}
    </g>
  );
}
