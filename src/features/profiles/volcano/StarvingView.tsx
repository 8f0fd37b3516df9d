/** JobStarving: the first tier with any callback decides (session.go JobStarving). */
import Typography from '@mui/material/Typography';
import type { StarvingDetail } from '../../../engine/profiles/volcano/trace';

export function StarvingView({ detail }: { detail: StarvingDetail }) {
  const answers = detail.lines.map(
    (l) => `${l.plugin} (tier ${l.tier}) ${l.starving ? 'starving' : 'not starving'}`,
  );
  return (
    <Typography variant="body2" data-testid="starving-detail">
      <b>JobStarving {detail.result ? 'true' : 'false'}</b>
      {detail.decidingTier === null
        ? ': no plugin answers it, so false'
        : ` (tier ${detail.decidingTier} decides)`}
      {answers.length > 0 && `: ${answers.join(', ')}`}.
    </Typography>
  );
}
