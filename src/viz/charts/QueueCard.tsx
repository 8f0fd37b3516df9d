/**
 * One queue card of the queue tree: name, resource bars (fair share band, allocation, over-fair-share
 * part, pending demand, quota tick, limit cap) and the badges its profile words (KAI's min-runtimes,
 * Kueue's borrowed and lendable). Pure function of its props.
 */
import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import type { QueueWords } from '../../engine/framework/ProfileModule';
import {
  badgeLineStep,
  type CardMetrics,
  type QueueBar,
  type QueueTreeNode,
} from '../layouts/layoutQueueTree';
import type { VizTheme } from '../theme';
import { describeQueue } from './describeQueue';

/** Props of {@link QueueCard}. */
export interface QueueCardProps {
  node: QueueTreeNode;
  /** The session's profile's words (for the accessible label). */
  words: QueueWords;
  /** The layout's card metrics (regular or compact). */
  metrics: CardMetrics;
  theme: VizTheme;
  /** Queue colour for the leaf swatch. */
  colour: string;
  isSelected: boolean;
  isHighlighted: boolean;
  isDimmed: boolean;
  /** Roving tab stop of the tree. */
  isTabStop: boolean;
  onToggle?: ((queue: string) => void) | undefined;
  onSelect?: ((queue: string) => void) | undefined;
  onHover?: ((queue: string | null) => void) | undefined;
  onKeyDown?: ((queue: string, event: KeyboardEvent<SVGGElement>) => void) | undefined;
}

function Bar({ bar, theme, metrics }: { bar: QueueBar; theme: VizTheme; metrics: CardMetrics }) {
  const h = bar.height;
  const inner = h * 0.6;
  const innerY = (h - inner) / 2;
  const allocEnd = bar.allocatedWidth + bar.overFairShareWidth;
  return (
    <g transform={`translate(${bar.x},${bar.y})`}>
      {bar.tag !== null && (
        <text x={-metrics.tagWidth} y={h} fontSize={metrics.smallFontSize} fill={theme.textMuted}>
          {bar.tag}
        </text>
      )}
      <rect width={bar.width} height={h} fill={theme.track} rx={1} />
      <rect width={bar.fairShareWidth} height={h} fill={theme.fairShare} rx={1} />
      <rect y={innerY} width={bar.allocatedWidth} height={inner} fill={theme.allocated} />
      {bar.overFairShareWidth > 0 && (
        <rect
          x={bar.overFairShareX}
          y={innerY}
          width={bar.overFairShareWidth}
          height={inner}
          fill={theme.overFairShare}
        />
      )}
      {bar.requestedWidth > allocEnd + 0.5 && (
        <rect
          x={allocEnd}
          y={innerY}
          width={bar.requestedWidth - allocEnd}
          height={inner}
          fill="none"
          stroke={theme.requested}
          strokeWidth={0.8}
          strokeDasharray="2 1.5"
        />
      )}
      {bar.quotaX !== null && (
        <line x1={bar.quotaX} x2={bar.quotaX} y1={-2} y2={h + 2} stroke={theme.quota} strokeWidth={1.5} />
      )}
      {bar.limitX !== null && (
        <path
          d={`M${bar.limitX - 2},${-3}H${bar.limitX}V${h + 3}H${bar.limitX - 2}`}
          fill="none"
          stroke={theme.limit}
          strokeWidth={1.5}
        />
      )}
      <text
        x={bar.valueX - bar.x}
        y={h}
        textAnchor="end"
        fontSize={metrics.smallFontSize}
        fill={theme.textMuted}
      >
        {bar.valueText}
      </text>
    </g>
  );
}

function QueueCardView({
  node,
  words,
  metrics,
  theme,
  colour,
  isSelected,
  isHighlighted,
  isDimmed,
  isTabStop,
  onToggle,
  onSelect,
  onHover,
  onKeyDown,
}: QueueCardProps) {
  const C = metrics;
  if (node.isSynthetic) {
    return (
      <g transform={`translate(${node.x},${node.y})`} aria-hidden="true">
        <rect
          width={node.width}
          height={node.height}
          rx={node.height / 2}
          fill={theme.background}
          stroke={theme.edge}
          strokeDasharray="3 2"
        />
        <text
          x={node.width / 2}
          y={node.height / 2 + C.smallFontSize * 0.4}
          textAnchor="middle"
          fontSize={C.smallFontSize}
          fill={theme.textMuted}
        >
          {node.label}
        </text>
      </g>
    );
  }
  const stroke = isSelected ? theme.selection : isHighlighted ? theme.hover : theme.border;
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    onToggle?.(node.name);
  };
  return (
    <g
      transform={`translate(${node.x},${node.y})`}
      role="treeitem"
      aria-level={node.depth + 1}
      aria-expanded={node.childCount > 0 ? !node.isCollapsed : undefined}
      aria-selected={isSelected}
      aria-label={describeQueue(node, words)}
      tabIndex={isTabStop ? 0 : -1}
      data-queue={node.name}
      data-highlighted={isHighlighted ? '' : undefined}
      opacity={isDimmed ? theme.dimOpacity + 0.2 : 1}
      style={{ cursor: 'pointer', outline: 'none' }}
      onClick={() => onSelect?.(node.name)}
      onMouseEnter={() => onHover?.(node.name)}
      onMouseLeave={() => onHover?.(null)}
      onFocus={() => onHover?.(node.name)}
      onBlur={() => onHover?.(null)}
      onKeyDown={(event) => onKeyDown?.(node.name, event)}
    >
      <title>{node.name}</title>
      <rect
        width={node.width}
        height={node.height}
        rx={4}
        fill={theme.surface}
        stroke={stroke}
        strokeWidth={isSelected || isHighlighted ? 2 : 1}
      />
      {node.isLeaf && (
        <rect x={C.padX} y={C.swatchY} width={C.swatch} height={C.swatch} rx={2} fill={colour} />
      )}
      <text
        x={node.isLeaf ? C.padX + C.swatch + 6 : C.padX}
        y={C.nameY}
        fontSize={C.fontSize}
        fontWeight={600}
        fill={theme.text}
      >
        {node.label}
      </text>
      {node.bars.map((bar) => (
        <Bar key={bar.resource} bar={bar} theme={theme} metrics={C} />
      ))}
      {node.badges.map((b) => (
        <g
          key={b.key}
          transform={`translate(${b.x},${b.y})`}
          data-testid="queue-card.badge"
          data-badge={b.key}
        >
          <title>{b.description}</title>
          <rect
            width={b.width}
            height={b.height}
            rx={C.badgeHeight / 2}
            fill={b.style === 'filled' ? theme.badgeSet : 'none'}
            stroke={
              b.style === 'outlined'
                ? theme.badgeInherited
                : b.style === 'dashed'
                  ? theme.badgeDefault
                  : 'none'
            }
            strokeDasharray={b.style === 'dashed' ? '2 2' : undefined}
          />
          <text
            x={4}
            y={C.badgeHeight / 2 + C.smallFontSize * 0.3}
            fontSize={C.smallFontSize}
            fill={
              b.style === 'filled'
                ? theme.badgeSetText
                : b.style === 'outlined'
                  ? theme.badgeInherited
                  : theme.textMuted
            }
          >
            {/* Two lines only when the text is wider than the card (layoutQueueTree badgeLines). */}
            {b.lines.length === 1
              ? b.lines[0]
              : b.lines.map((line, k) => (
                  <tspan key={k} x={4} dy={k === 0 ? 0 : badgeLineStep(C)}>
                    {line}
                  </tspan>
                ))}
          </text>
        </g>
      ))}
      {node.toggle !== null && (
        <g
          transform={`translate(${node.toggle.x - node.x},${node.toggle.y - node.y})`}
          onClick={toggle}
          role="button"
          aria-label={node.isCollapsed ? `expand ${node.name}` : `collapse ${node.name}`}
          data-toggle={node.name}
        >
          <circle r={node.toggle.r} fill={theme.surface} stroke={theme.border} />
          <path d={node.isCollapsed ? 'M-4,0H4M0,-4V4' : 'M-4,0H4'} stroke={theme.text} strokeWidth={1.5} />
        </g>
      )}
      {node.foldLabel !== null && (
        <text
          x={node.foldLabel.x}
          y={node.foldLabel.y}
          textAnchor={node.foldLabel.anchor}
          fontSize={C.smallFontSize}
          fill={theme.textMuted}
          data-testid="queue-tree.fold"
        >
          {`+${node.hiddenCount} ${node.hiddenCount === 1 ? 'queue' : 'queues'}`}
        </text>
      )}
    </g>
  );
}

/** A queue card (memoised: during zoom only the layer transform changes). */
export const QueueCard = memo(QueueCardView);
