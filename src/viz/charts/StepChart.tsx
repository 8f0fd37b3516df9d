/**
 * A step-line chart over sessions with a shared cursor: hovering or clicking sets the cursor (the A/B
 * view's one cursor), and a vertical line marks it. Props only; D3 computes the geometry
 * (layouts/stepChartLayout.ts), React draws it.
 */
import { forwardRef, useMemo } from 'react';
import { layoutStepChart, type StepSeries } from '../layouts/stepChartLayout';
import type { VizTheme } from '../theme';

export interface StepChartProps {
  title: string;
  series: readonly StepSeries[];
  cursor: number;
  /** A session marked on the chart (the first divergence), or null. */
  mark: number | null;
  onCursor(session: number): void;
  formatY(v: number): string;
  theme: VizTheme;
  width?: number;
  height?: number;
}

export const StepChart = forwardRef<SVGSVGElement, StepChartProps>(function StepChart(
  { title, series, cursor, mark, onCursor, formatY, theme, width = 460, height = 150 },
  ref,
) {
  const legend = useMemo(() => legendRows(series, width), [series, width]);
  const top = 10 + legend.rows * 16;
  const g = useMemo(
    () => layoutStepChart(series, width, height + top, formatY, top),
    [series, width, height, formatY, top],
  );
  const fullHeight = height + top;
  const bottom = fullHeight - g.margin.bottom;
  const pick = (e: React.MouseEvent<SVGRectElement>) => {
    const box = e.currentTarget.ownerSVGElement?.getBoundingClientRect();
    if (!box) return;
    const px = ((e.clientX - box.left) / box.width) * width;
    const session = g.sessionAt(px);
    if (session !== cursor) onCursor(session);
  };
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${fullHeight}`}
      width="100%"
      style={{ display: 'block', maxWidth: width, fontFamily: theme.fontFamily }}
    >
      <title>{title}</title>
      <rect x={0} y={0} width={width} height={fullHeight} fill={theme.background} />
      {legend.items.map((item) => (
        <g key={item.label} transform={`translate(${item.x} ${item.y})`}>
          <line
            x1={0}
            x2={18}
            y1={-4}
            y2={-4}
            stroke={item.color}
            strokeWidth={2}
            strokeDasharray={item.dashed ? '5 3' : undefined}
          />
          <text x={22} y={0} fontSize={theme.fontSizeSmall + 1} fill={theme.text}>
            {item.label}
          </text>
        </g>
      ))}
      {g.yTicks.map((t) => (
        <g key={`y${t.label}`}>
          <line x1={g.margin.left} x2={width - g.margin.right} y1={t.y} y2={t.y} stroke={theme.track} />
          <text
            x={g.margin.left - 4}
            y={t.y + 3}
            textAnchor="end"
            fontSize={theme.fontSizeSmall + 1}
            fill={theme.textMuted}
          >
            {t.label}
          </text>
        </g>
      ))}
      {g.xTicks.map((t) => (
        <text
          key={`x${t.label}`}
          x={t.x}
          y={fullHeight - 6}
          textAnchor="middle"
          fontSize={theme.fontSizeSmall + 1}
          fill={theme.textMuted}
        >
          {t.label}
        </text>
      ))}
      {/* The x axis's unit, in the left margin under the y ticks (the title says the y unit). */}
      <text x={4} y={fullHeight - 6} fontSize={theme.fontSizeSmall + 1} fill={theme.textMuted}>
        session
      </text>
      <line x1={g.margin.left} x2={width - g.margin.right} y1={bottom} y2={bottom} stroke={theme.border} />
      {mark !== null && (
        <line
          x1={g.xOf(mark)}
          x2={g.xOf(mark)}
          y1={g.margin.top}
          y2={bottom}
          stroke={theme.evicted}
          strokeDasharray="2 3"
        />
      )}
      {g.paths.map((p) => (
        <path
          key={p.id}
          d={p.d}
          fill="none"
          stroke={p.color}
          strokeWidth={p.dashed ? 2 : 1.5}
          strokeDasharray={p.dashed ? '5 3' : undefined}
        >
          <title>{p.label}</title>
        </path>
      ))}
      <line
        x1={g.xOf(cursor)}
        x2={g.xOf(cursor)}
        y1={g.margin.top}
        y2={bottom}
        stroke={theme.text}
        strokeWidth={1}
        data-testid="chart-cursor"
      />
      <rect
        data-export="exclude"
        x={g.margin.left}
        y={g.margin.top}
        width={Math.max(0, width - g.margin.left - g.margin.right)}
        height={Math.max(0, bottom - g.margin.top)}
        fill="transparent"
        onMouseMove={pick}
        onClick={pick}
      />
    </svg>
  );
});

/** Legend entries laid out left to right, wrapping to a new row (about 6.5 px per character). */
function legendRows(series: readonly StepSeries[], width: number) {
  const items: { label: string; color: string; dashed: boolean; x: number; y: number }[] = [];
  let x = 48;
  let row = 0;
  for (const s of series) {
    const w = 30 + s.label.length * 6.5;
    if (x + w > width - 8 && x > 48) {
      row++;
      x = 48;
    }
    items.push({ label: s.label, color: s.color, dashed: s.dashed, x, y: 14 + row * 16 });
    x += w;
  }
  return { items, rows: series.length === 0 ? 0 : row + 1 };
}
