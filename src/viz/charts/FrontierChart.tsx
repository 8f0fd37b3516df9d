/**
 * The policy frontier of a sweep (issue 20): each point is one knob value over K seeds, x = p95 job wait,
 * y = GPU time lost to evictions, both with their 95% interval as error bars, colour = fairness (Jain's
 * index). The Pareto-optimal points (flags given by the caller, computed by the engine) are filled, joined
 * by a line in wait order and labelled in bold; the others are rings. Props only: no figure is computed here.
 */
import { forwardRef, useMemo } from 'react';
import { interpolateViridis, line, scaleLinear, scaleSequential } from 'd3';
import type { VizTheme } from '../theme';

/** A mean and its interval on one axis, already in the axis unit. */
export interface Spread {
  mean: number;
  low: number;
  high: number;
}

export interface FrontierDot {
  label: string;
  x: Spread;
  y: Spread;
  /** Jain's index (0–1], null when the run had no fair share to compare with. */
  fairness: number | null;
  /** On the frontier (engine's answer); null: not known (yet, or a figure is missing). */
  frontier: boolean | null;
}

export interface FrontierChartProps {
  title: string;
  xLabel: string;
  yLabel: string;
  dots: readonly FrontierDot[];
  formatX(v: number): string;
  formatY(v: number): string;
  theme: VizTheme;
  width?: number;
  height?: number;
}

const LEGEND_W = 150;

export const FrontierChart = forwardRef<SVGSVGElement, FrontierChartProps>(function FrontierChart(
  { title, xLabel, yLabel, dots, formatX, formatY, theme, width = 640, height = 360 },
  ref,
) {
  const m = { top: 18, right: 24 + LEGEND_W, bottom: 48, left: 72 };
  const big = theme.fontSize + 3;
  const small = theme.fontSize + 1;
  const geo = useMemo(() => {
    const maxX = Math.max(1e-9, ...dots.map((d) => d.x.high));
    const maxY = Math.max(1e-9, ...dots.map((d) => d.y.high));
    // An interval over few seeds may reach below zero (Student's t): the axis extends to show it whole.
    const minX = Math.min(0, ...dots.map((d) => d.x.low));
    const minY = Math.min(0, ...dots.map((d) => d.y.low));
    const x = scaleLinear()
      .domain([minX, maxX])
      .nice(5)
      .range([m.left, width - m.right]);
    const y = scaleLinear()
      .domain([minY, maxY])
      .nice(5)
      .range([height - m.bottom, m.top]);
    // Jain's index lives in (0, 1]; the ramp starts at the lowest shown value (at most 0.5) so that
    // differences between policies near 1 remain visible.
    const lowest = Math.min(0.5, ...dots.flatMap((d) => (d.fairness === null ? [] : [d.fairness])));
    const colour = scaleSequential(interpolateViridis).domain([lowest, 1]);
    const front = dots.filter((d) => d.frontier === true).sort((a, b) => a.x.mean - b.x.mean);
    const path = line<FrontierDot>()
      .x((d) => x(d.x.mean))
      .y((d) => y(d.y.mean));
    return { x, y, colour, lowest, frontierPath: front.length > 1 ? (path(front) ?? '') : '' };
  }, [dots, width, height, m.left, m.right, m.bottom, m.top]);
  const labelY = useMemo(() => placeLabels(dots, geo.x, geo.y, big + 2), [dots, geo, big]);
  const fill = (d: FrontierDot) => (d.fairness === null ? theme.textMuted : geo.colour(d.fairness));
  const legendX = width - LEGEND_W + 8;
  const ramp = [0, 0.25, 0.5, 0.75, 1].map((t) => geo.lowest + t * (1 - geo.lowest));
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ display: 'block', maxWidth: width * 1.5, fontFamily: theme.fontFamily }}
    >
      <title>{title}</title>
      <rect x={0} y={0} width={width} height={height} fill={theme.background} />
      {geo.y.ticks(5).map((t) => (
        <g key={`y${t}`}>
          <line x1={m.left} x2={width - m.right} y1={geo.y(t)} y2={geo.y(t)} stroke={theme.track} />
          <text x={m.left - 6} y={geo.y(t) + 4} textAnchor="end" fontSize={small} fill={theme.textMuted}>
            {formatY(t)}
          </text>
        </g>
      ))}
      {geo.x.ticks(5).map((t) => (
        <text
          key={`x${t}`}
          x={geo.x(t)}
          y={height - m.bottom + 18}
          textAnchor="middle"
          fontSize={small}
          fill={theme.textMuted}
        >
          {formatX(t)}
        </text>
      ))}
      <text
        x={(m.left + width - m.right) / 2}
        y={height - 8}
        textAnchor="middle"
        fontSize={big}
        fill={theme.text}
      >
        {xLabel}
      </text>
      <text
        transform={`translate(16 ${(m.top + height - m.bottom) / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize={big}
        fill={theme.text}
      >
        {yLabel}
      </text>
      {geo.frontierPath !== '' && (
        <path
          d={geo.frontierPath}
          fill="none"
          stroke={theme.text}
          strokeWidth={2}
          data-testid="frontier.line"
        />
      )}
      {dots.map((d) => {
        const cx = geo.x(d.x.mean);
        const cy = geo.y(d.y.mean);
        const on = d.frontier === true;
        return (
          <g key={d.label} data-label={d.label} data-frontier={String(on)}>
            <line x1={geo.x(d.x.low)} x2={geo.x(d.x.high)} y1={cy} y2={cy} stroke={theme.textMuted} />
            <line x1={cx} x2={cx} y1={geo.y(d.y.low)} y2={geo.y(d.y.high)} stroke={theme.textMuted} />
            <circle
              cx={cx}
              cy={cy}
              r={on ? 7 : 6}
              fill={on ? fill(d) : theme.background}
              stroke={on ? theme.text : fill(d)}
              strokeWidth={on ? 1.5 : 3}
            />
            <text
              x={cx + 10}
              y={labelY.get(d.label) ?? cy - 9}
              fontSize={on ? big : small}
              fontWeight={on ? 700 : 400}
              fill={on ? theme.text : theme.textMuted}
              stroke={theme.background}
              strokeWidth={3}
              paintOrder="stroke"
            >
              {d.label}
            </text>
          </g>
        );
      })}
      <g transform={`translate(${legendX} ${m.top})`}>
        <circle cx={7} cy={8} r={7} fill={theme.textMuted} stroke={theme.text} strokeWidth={1.5} />
        <text x={20} y={13} fontSize={small} fill={theme.text}>
          on the frontier
        </text>
        <circle cx={7} cy={32} r={6} fill={theme.background} stroke={theme.textMuted} strokeWidth={3} />
        <text x={20} y={37} fontSize={small} fill={theme.text}>
          beaten by another
        </text>
        <text x={0} y={66} fontSize={small} fill={theme.text} fontWeight={600}>
          fairness (Jain)
        </text>
        {ramp.map((v, i) => (
          <g key={v} transform={`translate(0 ${76 + i * 22})`}>
            <rect width={18} height={18} fill={geo.colour(v)} />
            <text x={24} y={14} fontSize={small} fill={theme.text}>
              {v.toFixed(2)}
              {i === 4 ? ' (fair)' : ''}
            </text>
          </g>
        ))}
        <text x={0} y={76 + 5 * 22 + 12} fontSize={theme.fontSizeSmall + 1} fill={theme.textMuted}>
          bars: 95% interval
        </text>
      </g>
    </svg>
  );
});

/**
 * Label baselines that do not overlap: points are taken top to bottom and a label that would sit within a
 * line of one already placed, and start near it horizontally, moves down below it. Linear in labels × placed.
 */
function placeLabels(
  dots: readonly FrontierDot[],
  x: (v: number) => number,
  y: (v: number) => number,
  lineHeight: number,
): Map<string, number> {
  const placed: { x: number; y: number }[] = [];
  const out = new Map<string, number>();
  const order = [...dots].sort((a, b) => y(a.y.mean) - y(b.y.mean) || x(a.x.mean) - x(b.x.mean));
  for (const d of order) {
    const lx = x(d.x.mean) + 10;
    let ly = y(d.y.mean) - 9;
    for (const p of placed) {
      if (Math.abs(p.x - lx) < 60 && Math.abs(p.y - ly) < lineHeight) ly = p.y + lineHeight;
    }
    placed.push({ x: lx, y: ly });
    out.set(d.label, ly);
  }
  return out;
}
