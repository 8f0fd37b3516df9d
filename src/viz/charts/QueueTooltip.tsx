/**
 * Hover card for a queue: allocation, request and the profile's own figures per resource (KAI: fair share,
 * quota, limit, over-quota weight; Volcano: deserved, guarantee, capability, with the weight in the
 * heading; words from the profile's UI module, handed down by the view), priority, and its badges' words
 * (KAI: where its min-runtimes come from).
 */
import type { QueueWords } from '../../engine/framework/ProfileModule';
import type { ViewTransform } from '../layouts/fitTransform';
import type { QueueTreeNode } from '../layouts/layoutQueueTree';
import type { VizTheme } from '../theme';
import {
  describeTimeAware,
  queueTooltipColumns,
  queueTooltipHeading,
  queueTooltipRows,
} from './describeQueue';

/** Props of {@link QueueTooltip}. */
export interface QueueTooltipProps {
  node: QueueTreeNode;
  /** The session's profile's words for the figures. */
  words: QueueWords;
  theme: VizTheme;
  /** Current zoom, to place the card's screen position. */
  transform: ViewTransform;
  width: number;
  height: number;
  /** Text size in px (the diagram's readable size on the stage and in presenter mode); default 12. */
  fontPx?: number;
}

/** Width at the theme's tooltip text size; it grows with the text. */
const BASE_WIDTH = 300;

/** The tooltip (HTML, positioned over the SVG next to the card). */
export function QueueTooltip({ node, words, theme, transform, width, height, fontPx }: QueueTooltipProps) {
  const rows = queueTooltipRows(node, words);
  const columns = queueTooltipColumns(words);
  const heading = queueTooltipHeading(node, words);
  const fontSize = Math.max(theme.fontSizeSmall + 1, fontPx ?? 0);
  const tooltipWidth = Math.round((BASE_WIDTH * fontSize) / (theme.fontSizeSmall + 1));
  const right = transform.x + (node.x + node.width) * transform.k + 14;
  const left = transform.x + node.x * transform.k - tooltipWidth - 10;
  const x = right + tooltipWidth <= width || left < 0 ? Math.min(right, width - tooltipWidth) : left;
  const y = Math.max(4, Math.min(height - 160, transform.y + node.y * transform.k));
  const cell = { padding: '1px 6px', textAlign: 'right' as const };
  return (
    <div
      role="tooltip"
      data-export="exclude"
      style={{
        position: 'absolute',
        left: Math.max(4, x),
        top: y,
        width: tooltipWidth,
        pointerEvents: 'none',
        background: theme.surface,
        color: theme.text,
        border: `1px solid ${theme.border}`,
        borderRadius: 6,
        padding: '6px 8px',
        fontFamily: theme.fontFamily,
        fontSize,
        boxShadow: `0 2px 8px ${theme.edge}`,
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: 4 }}>
        {node.name}
        {heading !== '' && <span style={{ color: theme.textMuted, fontWeight: 400 }}> · {heading}</span>}
      </div>
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead style={{ color: theme.textMuted }}>
          <tr>
            <th style={{ ...cell, textAlign: 'left' }} />
            {columns.map((c) => (
              <th key={c.label} style={cell} title={c.meaning}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.resource}>
              <td style={{ ...cell, textAlign: 'left', color: theme.textMuted }}>{r.resource}</td>
              {r.cells.map((v, i) => (
                <td key={columns[i]?.label ?? i} style={cell}>
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {node.queue !== null &&
        describeTimeAware(node.queue).map((line) => (
          <div key={line} style={{ marginTop: 3 }}>
            {line}
          </div>
        ))}
      {node.badges.map((b) => (
        <div key={b.key} style={{ marginTop: 3, color: theme.textMuted }}>
          {b.description}
        </div>
      ))}
    </div>
  );
}
