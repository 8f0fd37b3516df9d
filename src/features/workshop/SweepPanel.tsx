/**
 * Sweep one knob over a range: every value becomes a variant of the text and runs in a workshop worker
 * (several at once when the machine has cores), with progress and Cancel; the plot shows the trade-off
 * between GPU time lost to preemption and the time queues wait for their fair share.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { useWorkshopStore } from '../../store/workshop/WorkshopStoreProvider';
import type { SweepJob } from '../../store/workshop/createWorkshopStore';
import { KnobSelect } from './KnobSelect';
import { SweepScatter } from '../../viz/charts/SweepScatter';
import { svgTextToPng } from '../../viz/export/rasterize';
import { exportSvgElement, serializeSvg } from '../../viz/export/serializeSvg';
import type { VizTheme } from '../../viz/theme';
import { ExportButtons } from '../viz-panel/ExportButtons';
import { gpuMin, seconds } from './format';
import { changeFor, goDuration, knobId, knobLabel, parseSeconds, sweepSeconds, type Knob } from './knobs';
import { addVariant, outlineOf, uniqueVariantName } from './variantText';

/** At most this many values in one sweep (each is a whole run). */
export const MAX_SWEEP_POINTS = 20;

export function SweepPanel({
  text,
  knobs,
  theme,
  broken,
}: {
  text: string;
  knobs: readonly Knob[];
  theme: VizTheme;
  broken: boolean;
}) {
  const sweep = useWorkshopStore((s) => s.sweep);
  const actions = useWorkshopStore((s) => s.actions);
  const [knob, setKnob] = useState('');
  const chosen = knobs.find((k) => knobId(k) === knob) ?? knobs[0];
  const [from, setFrom] = useState('0s');
  const [to, setTo] = useState('5m');
  const [steps, setSteps] = useState('6');
  const ref = useRef<SVGSVGElement>(null);

  const fromS = parseSeconds(from);
  const toS = parseSeconds(to);
  const n = Number(steps);
  const problem =
    fromS === null || toS === null
      ? 'From and to are durations such as 0s, 90s, 5m.'
      : !Number.isInteger(n) || n < 2 || n > MAX_SWEEP_POINTS
        ? `Steps is a whole number from 2 to ${MAX_SWEEP_POINTS}.`
        : null;

  const start = () => {
    if (chosen === undefined || fromS === null || toS === null || problem !== null) return;
    const taken = outlineOf(text).variants;
    const jobs: SweepJob[] = sweepSeconds(fromS, toS, n).map((sec) => {
      const label = goDuration(sec);
      const variant = uniqueVariantName(`sweep-${label}`, taken);
      return {
        label,
        value: sec,
        variant,
        text: addVariant(text, { name: variant, ...changeFor(chosen, label) }, null),
      };
    });
    void actions.sweep(knobLabel(chosen), jobs);
  };

  const dots = useMemo(
    () =>
      sweep.points.flatMap((p) =>
        p.summary === null
          ? []
          : [
              {
                label: p.label,
                x: (p.summary.meanTimeToFairShareMs ?? 0) / 1000,
                y: p.summary.gpuMsLost / 60_000,
              },
            ],
      ),
    [sweep.points],
  );
  const running = sweep.status === 'running';
  const makeBlob = (format: 'svg' | 'png') => {
    const svg = ref.current;
    if (svg === null) return null;
    if (format === 'svg') return Promise.resolve(exportSvgElement(svg));
    const out = serializeSvg(svg);
    return svgTextToPng(out.text, out.width, out.height);
  };

  return (
    <Box sx={{ mt: 2 }} data-testid="workshop.sweep">
      <Typography variant="subtitle2" component="h3">
        Sweep one knob
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each value runs the base scenario with that one change, in parallel workers when the machine has
        cores.
      </Typography>
      {knobs.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          This scenario has no min-runtime knob to sweep (add the minruntime plugin or a queue).
        </Typography>
      ) : (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ my: 1, alignItems: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}
        >
          <KnobSelect
            id="workshop-sweep-knob"
            name="workshop.sweep-knob"
            label="Knob"
            minWidth={240}
            knobs={knobs}
            chosen={chosen}
            onChange={setKnob}
          />
          <TextField
            size="small"
            variant="standard"
            label="from"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            sx={{ width: 80 }}
            slotProps={{ htmlInput: { 'data-testid': 'workshop.sweep-from' } }}
          />
          <TextField
            size="small"
            variant="standard"
            label="to"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            sx={{ width: 80 }}
            slotProps={{ htmlInput: { 'data-testid': 'workshop.sweep-to' } }}
          />
          <TextField
            size="small"
            variant="standard"
            label={`steps (2–${MAX_SWEEP_POINTS})`}
            value={steps}
            onChange={(e) => setSteps(e.target.value)}
            sx={{ width: 100 }}
            slotProps={{ htmlInput: { 'data-testid': 'workshop.sweep-steps', inputMode: 'numeric' } }}
          />
          <Button
            variant="contained"
            size="small"
            disabled={running || broken || problem !== null}
            onClick={start}
            data-testid="workshop.sweep-run"
          >
            Run sweep
          </Button>
          <Button
            size="small"
            disabled={!running}
            onClick={() => actions.cancelSweep()}
            data-testid="workshop.sweep-cancel"
          >
            Cancel
          </Button>
        </Stack>
      )}
      {problem !== null && knobs.length > 0 && (
        <Typography variant="caption" color="error">
          {problem}
        </Typography>
      )}
      {sweep.status !== 'idle' && (
        <Box sx={{ my: 1 }}>
          <Typography variant="body2" data-testid="workshop.sweep-status" role="status">
            {sweep.knob}: {sweep.done} of {sweep.points.length} runs done
            {running ? ` (${sweep.workers} worker${sweep.workers === 1 ? '' : 's'} at once)` : ''}
            {sweep.status === 'cancelled' ? ' (cancelled)' : ''}
            {sweep.status === 'failed' ? ' (every run failed)' : ''}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(100 * sweep.done) / Math.max(1, sweep.points.length)}
            sx={{ my: 0.5 }}
          />
        </Box>
      )}
      {sweep.points.some((p) => p.status === 'failed') && (
        <Alert severity="error" sx={{ my: 1, whiteSpace: 'pre-wrap' }}>
          {sweep.points.find((p) => p.error !== null)?.error}
        </Alert>
      )}
      {sweep.points.length > 0 && (
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1.5}>
          <Paper variant="outlined" sx={{ p: 1, flex: 1, minWidth: 0 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="caption" sx={{ fontWeight: 600 }}>
                Trade-off: GPU time lost vs time to fair share, one point per value
              </Typography>
              <ExportButtons
                what="sweep plot"
                fileName="sweep"
                makeBlob={makeBlob}
                testId="workshop.export.sweep"
              />
            </Stack>
            <SweepScatter
              ref={ref}
              title={`Sweep of ${sweep.knob}`}
              xLabel="mean time to fair share (s)"
              yLabel="GPU time lost (GPU·min)"
              dots={dots}
              formatX={(v) => String(v)}
              formatY={(v) => String(v)}
              theme={theme}
            />
          </Paper>
          <Box
            component="table"
            sx={{
              flex: 1,
              fontSize: 13,
              borderCollapse: 'collapse',
              alignSelf: 'flex-start',
              '& td, & th': { pr: 2, textAlign: 'left' },
            }}
            data-testid="workshop.sweep-table"
          >
            <thead>
              <tr>
                <th>Value</th>
                <th>GPU time lost</th>
                <th>Time to fair share (mean / worst)</th>
                <th>Evictions</th>
              </tr>
            </thead>
            <tbody>
              {sweep.points.map((p) => (
                <tr key={p.label} data-value={p.label}>
                  <td>{p.label}</td>
                  {p.summary === null ? (
                    <td colSpan={3}>{p.status === 'running' ? 'running…' : p.status}</td>
                  ) : (
                    <>
                      <td>{gpuMin(p.summary.gpuMsLost)}</td>
                      <td>
                        {seconds(p.summary.meanTimeToFairShareMs)} / {seconds(p.summary.maxTimeToFairShareMs)}
                      </td>
                      <td>{p.summary.evictions}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
