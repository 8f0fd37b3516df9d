/**
 * KAI's verdict details as the decision log shows them (decision 0315): the min-runtime resolution of a
 * victim, the reclaimable figures of a victim chunk, the saturation ratio and the reclaim gate, exactly as
 * the trace recorded them. Registered by detail type in renderers.ts; shared panels never name them.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type {
  GateDetail,
  MinRuntimeDetail,
  QueueFigures,
  ReclaimableDetail,
  SaturationDetail,
} from '../../../engine/profiles/kai/trace';
import { ResolutionView } from '../../decision-log/ResolutionView';
import { formatInstant } from '../../format/formatTime';
import { formatQueueResources } from '../../format/formatResources';

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

/** Why min-runtime protects a victim or not: the resolution and the clock. */
export function MinRuntimeView({ detail }: { detail: MinRuntimeDetail }) {
  return (
    <Box data-testid="verdict.minruntime">
      <ResolutionView resolution={detail.resolution} />
      <Typography variant="body2">
        {detail.startedAtMs === null
          ? 'The job has no start time, so it is not protected.'
          : `Started ${formatInstant(detail.startedAtMs)}`}
        {detail.protectedUntilMs !== null && ` · protected until ${formatInstant(detail.protectedUntilMs)}`}
        {' · '}
        <b>{detail.isProtected ? 'protected' : 'not protected'}</b>
        {detail.isElastic && ' · elastic job: only its minAvailable core is protected (scenario validator)'}
      </Typography>
    </Box>
  );
}

/** The reclaim strategies' figures at the two leveled queues for one victim chunk. */
export function ReclaimableView({ detail }: { detail: ReclaimableDetail }) {
  return (
    <Box data-testid="verdict.reclaimable">
      <Typography variant="body2">
        Victim chunk: {detail.chunk.join(', ')} · reclaimer requests {formatQueueResources(detail.request)}
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
        Strategies: maintain fair share {detail.maintainFairShare ? 'holds' : 'fails'} · guarantee deserved
        quota {detail.guaranteeDeservedQuota ? 'holds' : 'fails'}
      </Typography>
    </Box>
  );
}

/** The reclaimer's saturation against a sibling it would take from. */
export function SaturationView({ detail }: { detail: SaturationDetail }) {
  return (
    <Typography variant="body2" data-testid="verdict.saturation">
      {detail.queue} vs sibling {detail.sibling} on {detail.resource}: ratio{' '}
      {detail.reclaimerRatio.toFixed(3)} vs {detail.siblingRatio.toFixed(3)} (multiplier {detail.multiplier})
    </Typography>
  );
}

/** The reclaim gate on the reclaimer's queue. */
export function GateView({ detail }: { detail: GateDetail }) {
  return (
    <Typography variant="body2" data-testid="verdict.gate">
      Queue {detail.queue}: allocated {formatQueueResources(detail.allocated)} + request{' '}
      {formatQueueResources(detail.request)} vs fair share {formatQueueResources(detail.fairShare)} (quota{' '}
      {formatQueueResources(detail.quota)})
    </Typography>
  );
}
