/** The sla plugin's clock for one job when it voted (sla.go: waiting time from creation on the clock). */
import Typography from '@mui/material/Typography';
import type { SlaDetail } from '../../../engine/profiles/volcano/trace';
import { formatInstant, formatSpan } from '../../format/formatTime';

export function SlaView({ detail }: { detail: SlaDetail }) {
  return (
    <Typography variant="body2" data-testid="sla-detail" data-expired={detail.expired}>
      <b>SLA</b> {formatSpan(detail.waitingTimeMs)} ({detail.source}) · created{' '}
      {formatInstant(detail.creationMs)} · waited {formatSpan(detail.waitedMs)} ·{' '}
      {detail.expired
        ? `expired at ${formatInstant(detail.deadlineMs)}: sla permits`
        : `expires at ${formatInstant(detail.deadlineMs)}: sla abstains until then`}
    </Typography>
  );
}
