import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { QueueFigures, VerdictDetail } from '../../engine/model/trace';
import { assertNever } from '../../common/assertNever';
import { formatInstant } from '../format/formatTime';
import { formatQueueResources } from '../format/formatResources';
import { ResolutionView } from './ResolutionView';

function FiguresRow({ role, figures }: { role: string; figures: QueueFigures }) {
  return (
    <TableRow>
      <TableCell>{role}</TableCell>
      <TableCell sx={{ fontWeight: 600 }}>{figures.queue}</TableCell>
      <TableCell>{formatQueueResources(figures.allocated)}</TableCell>
      <TableCell>{formatQueueResources(figures.quota)}</TableCell>
      <TableCell>{formatQueueResources(figures.fairShare)}</TableCell>
      <TableCell>{formatQueueResources(figures.allocatableShare)}</TableCell>
    </TableRow>
  );
}

/** The numbers behind one verdict, exactly as the trace recorded them. */
export function VerdictDetailView({ detail }: { detail: VerdictDetail }) {
  switch (detail.type) {
    case 'minruntime':
      return (
        <Box data-testid="verdict.minruntime">
          <ResolutionView resolution={detail.resolution} />
          <Typography variant="body2">
            {detail.startedAtMs === null
              ? 'The job has no start time, so it is not protected.'
              : `Started ${formatInstant(detail.startedAtMs)}`}
            {detail.protectedUntilMs !== null &&
              ` · protected until ${formatInstant(detail.protectedUntilMs)}`}
            {' · '}
            <b>{detail.isProtected ? 'protected' : 'not protected'}</b>
            {detail.isElastic &&
              ' · elastic job: only its minAvailable core is protected (scenario validator)'}
          </Typography>
        </Box>
      );
    case 'reclaimable':
      return (
        <Box data-testid="verdict.reclaimable">
          <Typography variant="body2">
            Victim chunk: {detail.chunk.join(', ')} · reclaimer requests{' '}
            {formatQueueResources(detail.request)}
          </Typography>
          <Table size="small" aria-label="Queue figures the reclaim strategies used" sx={{ my: 0.5 }}>
            <TableHead>
              <TableRow>
                <TableCell>Side</TableCell>
                <TableCell>Queue</TableCell>
                <TableCell>Allocated</TableCell>
                <TableCell>Quota</TableCell>
                <TableCell>Fair share</TableCell>
                <TableCell>Allocatable share</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <FiguresRow role="Reclaimer" figures={detail.reclaimerLevel} />
              <FiguresRow role="Victim" figures={detail.victimLevel} />
            </TableBody>
          </Table>
          <Typography variant="body2">
            Strategies: maintain fair share {detail.maintainFairShare ? 'holds' : 'fails'} · guarantee
            deserved quota {detail.guaranteeDeservedQuota ? 'holds' : 'fails'}
          </Typography>
        </Box>
      );
    case 'saturation':
      return (
        <Typography variant="body2" data-testid="verdict.saturation">
          {detail.queue} vs sibling {detail.sibling} on {detail.resource}: ratio{' '}
          {detail.reclaimerRatio.toFixed(3)} vs {detail.siblingRatio.toFixed(3)} (multiplier{' '}
          {detail.multiplier})
        </Typography>
      );
    case 'gate':
      return (
        <Typography variant="body2" data-testid="verdict.gate">
          Queue {detail.queue}: allocated {formatQueueResources(detail.allocated)} + request{' '}
          {formatQueueResources(detail.request)} vs fair share {formatQueueResources(detail.fairShare)} (quota{' '}
          {formatQueueResources(detail.quota)})
        </Typography>
      );
    default:
      return assertNever(detail, 'verdict detail');
  }
}
