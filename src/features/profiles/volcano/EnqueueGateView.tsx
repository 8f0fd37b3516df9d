/**
 * The numbers behind an enqueue gate: overcommit's idle (total × factor − used) against the inqueue
 * minResources, or proportion's real capability against the queue's allocated + inqueue − elastic
 * (reference §2: enqueue). Shown with "why is this job still Pending / not Inqueue".
 */
import Typography from '@mui/material/Typography';
import type { EnqueueGateDetail } from '../../../engine/profiles/volcano/trace';
import { formatQueueResources } from '../../format/formatResources';

export function EnqueueGateView({ detail }: { detail: EnqueueGateDetail }) {
  const need = formatQueueResources(detail.minResources);
  const counted = formatQueueResources(detail.alreadyCounted);
  const limit = formatQueueResources(detail.limit);
  const verdict = detail.admitted ? 'fits' : 'does not fit';
  return (
    <Typography
      variant="body2"
      data-testid="enqueue-gate"
      data-plugin={detail.plugin}
      data-admitted={detail.admitted}
    >
      {detail.plugin === 'overcommit' ? (
        <>
          <b>overcommit gate:</b> job minResources {need} + already inqueue {counted} vs idle {limit} (cluster
          total × overcommit-factor {detail.factor ?? 1.2} − used): {verdict}.
        </>
      ) : (
        <>
          <b>proportion gate</b> (queue {detail.queue ?? '—'}): job minResources {need} + queue allocated,
          inqueue and not elastic {counted} vs real capability {limit}: {verdict}.
        </>
      )}
    </Typography>
  );
}
