/**
 * Layout of a step-line chart over sessions (allocation vs fair share as KAI's simulator plots it,
 * utilisation, evictions, GPU time lost): scales, one step path per series, axis ticks. Pure: data in,
 * geometry out.
 */
import { curveStepAfter, line, scaleLinear } from 'd3';

export interface StepSeries {
  id: string;
  label: string;
  color: string;
  /** Dashed (side B) or solid (side A). */
  dashed: boolean;
  /** x = session index, y = value; sorted by x. */
  points: readonly { x: number; y: number }[];
}

export interface StepChartGeometry {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  paths: { id: string; d: string; color: string; dashed: boolean; label: string }[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  /** Session → x pixel, and back (nearest session) for hover. */
  xOf(session: number): number;
  sessionAt(px: number): number;
}

export function layoutStepChart(
  series: readonly StepSeries[],
  width: number,
  height: number,
  formatY: (v: number) => string,
  top = 8,
): StepChartGeometry {
  const margin = { top, right: 12, bottom: 22, left: 48 };
  let maxX = 1;
  let maxY = 0;
  let integral = true;
  for (const s of series)
    for (const p of s.points) {
      if (p.x > maxX) maxX = p.x;
      if (p.y > maxY) maxY = p.y;
      if (!Number.isInteger(p.y)) integral = false;
    }
  const x = scaleLinear()
    .domain([1, Math.max(2, maxX + 1)])
    .range([margin.left, width - margin.right]);
  const y = scaleLinear()
    .domain([0, maxY > 0 ? maxY : 1])
    .nice(4)
    .range([height - margin.bottom, margin.top]);
  const path = line<{ x: number; y: number }>()
    .x((p) => x(p.x))
    .y((p) => y(p.y))
    .curve(curveStepAfter);
  const paths = series.map((s) => {
    // A step chart holds the last value to the end of its session.
    const last = s.points.at(-1);
    const pts = last === undefined ? [] : [...s.points, { x: last.x + 1, y: last.y }];
    return { id: s.id, d: path(pts) ?? '', color: s.color, dashed: s.dashed, label: s.label };
  });
  return {
    width,
    height,
    margin,
    paths,
    xTicks: x
      .ticks(Math.min(8, maxX))
      .filter(Number.isInteger)
      .map((t) => ({ x: x(t), label: String(t) })),
    // Counts (evictions) get whole-number ticks only: "0.2 evictions" means nothing.
    yTicks: y
      .ticks(4)
      .filter((t) => !integral || Number.isInteger(t))
      .map((t) => ({ y: y(t), label: formatY(t) })),
    xOf: (session) => x(session),
    sessionAt: (px) => Math.min(maxX, Math.max(1, Math.floor(x.invert(px)))),
  };
}
