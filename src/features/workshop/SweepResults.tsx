/**
 * A sweep's results: progress (runs done of points × seeds), the policy frontier chart and a table of each
 * point's figures as `mean [low–high]` over its seeds. Every number and every frontier flag comes from the
 * worker; this file only draws them in units (GPU·h, min, s).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { useMemo, useRef, useState } from 'react';
import { downloadBlob } from '../../viz/export/downloadBlob';
import type { SweepState } from '../../store/workshop/createWorkshopStore';
import { FrontierChart, type FrontierDot } from '../../viz/charts/FrontierChart';
import { svgTextToPng } from '../../viz/export/rasterize';
import { exportSvgElement, serializeSvg } from '../../viz/export/serializeSvg';
import type { VizTheme } from '../../viz/theme';
import { ExportButtons } from '../viz-panel/ExportButtons';
import { figure, gpuHours, minutes, spread } from './format';

/** An axis tick: three significant digits at most, no trailing zeros (12, 2.5, 0.25). */
const tick = (v: number) => String(Number(v.toPrecision(3)));

const scaled = (i: { mean: number; low: number; high: number }, unit: number) => ({
  mean: i.mean / unit,
  low: i.low / unit,
  high: i.high / unit,
});

export function SweepResults({
  sweep,
  theme,
  csv,
}: {
  sweep: SweepState;
  theme: VizTheme;
  /** The sweep's CSV (the CLI's columns), made in a worker. */
  csv(): Promise<string | null>;
}) {
  const [csvError, setCsvError] = useState<string | null>(null);
  const ref = useRef<SVGSVGElement>(null);
  const dots = useMemo(
    () =>
      sweep.points.flatMap((p): FrontierDot[] => {
        const r = p.replicate;
        if (r === null || r.gpuMsLost === null || r.jobWaitP95Ms === null) return [];
        return [
          {
            label: p.label,
            x: scaled(r.jobWaitP95Ms, 60_000),
            y: scaled(r.gpuMsLost, 3_600_000),
            fairness: r.meanJainIndex?.mean ?? null,
            frontier: p.frontier,
          },
        ];
      }),
    [sweep.points],
  );
  if (sweep.status === 'idle') return null;
  const running = sweep.status === 'running';
  const perPoint = sweep.randomWorkload === false ? 1 : sweep.seeds;
  const total = sweep.points.length * perPoint;
  const makeBlob = (format: 'svg' | 'png') => {
    const svg = ref.current;
    if (svg === null) return null;
    if (format === 'svg') return Promise.resolve(exportSvgElement(svg));
    const out = serializeSvg(svg);
    return svgTextToPng(out.text, out.width, out.height);
  };
  const frontierLabels = sweep.points.filter((p) => p.frontier === true).map((p) => p.label);
  return (
    <>
      <Box sx={{ my: 1 }}>
        <Typography variant="body2" data-testid="workshop.sweep-status" role="status">
          {sweep.knob}: {sweep.runsDone} of {total} runs done ({sweep.done} of {sweep.points.length} points
          {perPoint > 1 ? ` × ${perPoint} seeds` : ''})
          {running ? ` (${sweep.workers} worker${sweep.workers === 1 ? '' : 's'} at once)` : ''}
          {sweep.status === 'cancelled' ? ' (cancelled)' : ''}
          {sweep.status === 'failed' ? ' (every run failed)' : ''}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(100 * sweep.runsDone) / Math.max(1, total)}
          sx={{ my: 0.5 }}
        />
        {sweep.randomWorkload === false && (
          <Typography variant="body2" data-testid="workshop.sweep-no-workload">
            No workload: every seed runs the same, so one run per point (no interval).
          </Typography>
        )}
      </Box>
      {sweep.points.some((p) => p.status === 'failed') && (
        <Alert severity="error" sx={{ my: 1, whiteSpace: 'pre-wrap' }} data-testid="workshop.sweep-error">
          {sweep.points.find((p) => p.error !== null)?.error}
        </Alert>
      )}
      {csvError !== null && (
        <Alert severity="error" sx={{ my: 1 }}>
          The CSV could not be made: {csvError}
        </Alert>
      )}
      {sweep.frontierError !== null && (
        <Alert severity="warning" sx={{ my: 1 }}>
          The frontier could not be found: {sweep.frontierError}
        </Alert>
      )}
      {sweep.points.length > 0 && (
        // The table first (the numbers to read aloud), then the chart at full width: side by side, the
        // one-line intervals squeezed the chart to unreadable at 1920×1080.
        <Stack direction="column" spacing={1.5}>
          <Box
            component="table"
            sx={{
              fontSize: 15,
              borderCollapse: 'collapse',
              alignSelf: 'flex-start',
              display: 'block',
              overflowX: 'auto',
              maxWidth: '100%',
              fontVariantNumeric: 'tabular-nums',
              '& td, & th': { pr: 2, py: 0.25, textAlign: 'left', verticalAlign: 'top' },
              '& td': { whiteSpace: 'nowrap' },
              '& tr[data-frontier="true"] td:first-of-type': { fontWeight: 700 },
            }}
            data-testid="workshop.sweep-table"
          >
            <thead>
              <tr>
                <th>Value</th>
                <th>GPU time lost (GPU·h)</th>
                <th>p95 job wait (min)</th>
                <th>Fairness (Jain)</th>
                <th>Time to fair share (mean, s)</th>
                <th>Evictions</th>
                <th>Frontier</th>
              </tr>
            </thead>
            <tbody>
              {sweep.points.map((p) => {
                const r = p.replicate;
                return (
                  <tr key={p.label} data-value={p.label} data-frontier={String(p.frontier === true)}>
                    <td>{p.label}</td>
                    {r === null ? (
                      <td colSpan={6}>{p.status === 'running' ? 'running…' : p.status}</td>
                    ) : (
                      <>
                        <td data-col="gpu-lost">{spread(r.gpuMsLost, gpuHours)}</td>
                        <td data-col="wait">{spread(r.jobWaitP95Ms, minutes)}</td>
                        <td data-col="fairness">{spread(r.meanJainIndex, (v) => v.toFixed(2))}</td>
                        <td data-col="fair-share">
                          {spread(r.meanTimeToFairShareMs, (v) => figure(v / 1000))}
                        </td>
                        <td data-col="evictions">{spread(r.evictions, figure)}</td>
                        <td data-col="frontier">{p.frontier === null ? '—' : p.frontier ? 'yes' : 'no'}</td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </Box>
          <Paper variant="outlined" sx={{ p: 1, maxWidth: 980, minWidth: 0 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Policy frontier: GPU time lost vs p95 job wait, colour = fairness
              </Typography>
              <Button
                size="small"
                variant="outlined"
                disabled={running || sweep.runsDone === 0}
                onClick={() => {
                  setCsvError(null);
                  csv().then(
                    (text) => {
                      if (text !== null) downloadBlob(new Blob([text], { type: 'text/csv' }), 'sweep.csv');
                    },
                    (e: unknown) => setCsvError(e instanceof Error ? e.message : String(e)),
                  );
                }}
                data-testid="workshop.sweep-csv"
              >
                CSV
              </Button>
              <ExportButtons
                what="frontier plot"
                fileName="frontier"
                makeBlob={makeBlob}
                testId="workshop.export.sweep"
              />
            </Stack>
            <Typography variant="body2" color="text.secondary" data-testid="workshop.frontier-legend">
              Frontier: the values no other value beats on all three at once (less GPU time lost, shorter
              wait, fairer).
              {frontierLabels.length > 0 ? ` Here: ${frontierLabels.join(', ')}.` : ''}
            </Typography>
            <FrontierChart
              ref={ref}
              title={`Sweep of ${sweep.knob}`}
              xLabel="p95 job wait (min)"
              yLabel="GPU time lost to evictions (GPU·h)"
              dots={dots}
              formatX={tick}
              formatY={tick}
              theme={theme}
            />
          </Paper>
        </Stack>
      )}
    </>
  );
}
