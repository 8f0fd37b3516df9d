/**
 * Both sides of a comparison over K seeds (issue 20): each whole-run figure as `mean [low–high]` (95%
 * interval), from the worker's workshopPoint answers. The decision diff and the cursor below stay on the
 * scenario's own seed, which this panel says.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CompareReplicates, PointOk } from '../../store/workshop/createWorkshopStore';
import { figure, gpuHours, minutes, spread } from './format';

const ROWS: [string, string, (r: PointOk['replicate']) => string][] = [
  ['gpu-lost', 'GPU time lost (GPU·h)', (r) => spread(r.gpuMsLost, gpuHours)],
  ['wait', 'p95 job wait (min)', (r) => spread(r.jobWaitP95Ms, minutes)],
  ['fairness', 'Fairness (Jain)', (r) => spread(r.meanJainIndex, (v) => v.toFixed(2))],
  [
    'fair-share',
    'Time to fair share (mean, s)',
    (r) => spread(r.meanTimeToFairShareMs, (v) => figure(v / 1000)),
  ],
  ['evictions', 'Evictions', (r) => spread(r.evictions, figure)],
  ['utilisation', 'GPU utilisation (%)', (r) => spread(r.meanUtilisation, (v) => figure(v * 100))],
];

export function ReplicatesPanel({ replicates }: { replicates: CompareReplicates }) {
  const { a, b, status, error } = replicates;
  const random = a?.randomWorkload ?? b?.randomWorkload ?? null;
  const heading =
    random === false
      ? 'Whole run (no workload: every seed runs the same, so one run per side)'
      : `Whole run over ${replicates.seeds} seed${replicates.seeds === 1 ? '' : 's'}: mean [95% interval]`;
  return (
    <Box sx={{ my: 1 }} data-testid="workshop.replicates">
      <Typography variant="subtitle2" component="h3">
        {heading}
      </Typography>
      {status === 'failed' && error !== null && (
        <Alert severity="error" sx={{ my: 0.5, whiteSpace: 'pre-wrap' }}>
          {error}
        </Alert>
      )}
      <Box
        component="table"
        sx={{
          fontSize: 15,
          borderCollapse: 'collapse',
          fontVariantNumeric: 'tabular-nums',
          '& td, & th': { pr: 3, py: 0.25, textAlign: 'left' },
        }}
      >
        <thead>
          <tr>
            <th />
            <th>A: {a?.label ?? '…'}</th>
            <th>B: {b?.label ?? '…'}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([id, label, show]) => (
            <tr key={id}>
              <td>{label}</td>
              <td data-testid={`workshop.replicates.A.${id}`}>
                {a === null ? (status === 'running' ? 'running…' : '—') : show(a.replicate)}
              </td>
              <td data-testid={`workshop.replicates.B.${id}`}>
                {b === null ? (status === 'running' ? 'running…' : '—') : show(b.replicate)}
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
      <Typography variant="caption" color="text.secondary">
        The first divergence, the decisions and the cursor below use the scenario&apos;s own seed.
      </Typography>
    </Box>
  );
}
