/**
 * The trade-off of a sweep: each value of the knob is one point (x: time to fair share, y: GPU time lost
 * to preemption), labelled with its value and joined in value order. Props only.
 */
import { forwardRef, useMemo } from 'react';
import { line, scaleLinear } from 'd3';
import type { VizTheme } from '../theme';

export interface SweepDot {
  label: string;
  x: number;
  y: number;
}

export interface SweepScatterProps {
  title: string;
  xLabel: string;
  yLabel: string;
  dots: readonly SweepDot[];
  formatX(v: number): string;
  formatY(v: number): string;
  theme: VizTheme;
  width?: number;
  height?: number;
}

export const SweepScatter = forwardRef<SVGSVGElement, SweepScatterProps>(function SweepScatter(
  { title, xLabel, yLabel, dots, formatX, formatY, theme, width = 460, height = 240 },
  ref,
) {
  const m = { top: 14, right: 24, bottom: 36, left: 64 };
  const geo = useMemo(() => {
    const maxX = Math.max(1, ...dots.map((d) => d.x));
    const maxY = Math.max(1, ...dots.map((d) => d.y));
    const x = scaleLinear()
      .domain([0, maxX])
      .nice(4)
      .range([m.left, width - m.right]);
    const y = scaleLinear()
      .domain([0, maxY])
      .nice(4)
      .range([height - m.bottom, m.top]);
    const path = line<SweepDot>()
      .x((d) => x(d.x))
      .y((d) => y(d.y));
    return { x, y, d: path([...dots]) ?? '' };
  }, [dots, width, height, m.left, m.right, m.bottom, m.top]);
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ display: 'block', maxWidth: width, fontFamily: theme.fontFamily }}
    >
      <title>{title}</title>
      <rect x={0} y={0} width={width} height={height} fill={theme.background} />
      {geo.y.ticks(4).map((t) => (
        <g key={`y${t}`}>
          <line x1={m.left} x2={width - m.right} y1={geo.y(t)} y2={geo.y(t)} stroke={theme.track} />
          <text
            x={m.left - 4}
            y={geo.y(t) + 3}
            textAnchor="end"
            fontSize={theme.fontSizeSmall + 1}
            fill={theme.textMuted}
          >
            {formatY(t)}
          </text>
        </g>
      ))}
      {geo.x.ticks(4).map((t) => (
        <text
          key={`x${t}`}
          x={geo.x(t)}
          y={height - m.bottom + 14}
          textAnchor="middle"
          fontSize={theme.fontSizeSmall + 1}
          fill={theme.textMuted}
        >
          {formatX(t)}
        </text>
      ))}
      <text
        x={(m.left + width - m.right) / 2}
        y={height - 6}
        textAnchor="middle"
        fontSize={theme.fontSize}
        fill={theme.text}
      >
        {xLabel}
      </text>
      <text
        transform={`translate(12 ${(m.top + height - m.bottom) / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize={theme.fontSize}
        fill={theme.text}
      >
        {yLabel}
      </text>
      <path d={geo.d} fill="none" stroke={theme.edge} strokeWidth={1.5} />
      {dots.map((d) => (
        <g key={d.label}>
          <circle cx={geo.x(d.x)} cy={geo.y(d.y)} r={4} fill={theme.allocated} />
          <text
            x={geo.x(d.x) + 7}
            y={geo.y(d.y) - 7}
            fontSize={theme.fontSize}
            fontWeight={600}
            fill={theme.text}
          >
            {d.label}
          </text>
        </g>
      ))}
    </svg>
  );
});
