/**
 * JobEnqueueable / JobPipelined as a tier-by-tier table: every plugin asked, its vote and why, which tier
 * decided and by which rule (session.go JobEnqueueable: a Reject ends the vote false at once; the first
 * tier holding a Permit decides true; all Abstain is true).
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TierVoteDetail } from '../../../engine/profiles/volcano/trace';
import { VOTE_LABEL, voteTone } from './voteLabels';

const POINT_LABEL: Record<TierVoteDetail['point'], string> = {
  jobEnqueueable: 'JobEnqueueable (may the PodGroup leave Pending for Inqueue?)',
  jobPipelined: 'JobPipelined (may the job keep a partial placement?)',
};

const REASON_TEXT: Record<TierVoteDetail['reason'], string> = {
  reject: 'a Reject ends the vote at once: later plugins and tiers were not asked',
  permit: 'the first tier holding a Permit (and no Reject) decides: later tiers were not asked',
  'all-abstain': 'every plugin abstained, and an all-abstain vote is true',
  none: 'no plugin votes at this point, so the vote is true',
};

export function TierVoteTable({ detail }: { detail: TierVoteDetail }) {
  const { palette } = useTheme();
  const toneColour = { ok: palette.sim.bind, bad: palette.sim.evict, neutral: palette.text.secondary };
  const outcome =
    detail.point === 'jobEnqueueable'
      ? detail.result
        ? 'admitted (Pending → Inqueue)'
        : 'not admitted (stays Pending)'
      : detail.result
        ? 'may keep its partial placement (pipelined)'
        : 'partial placement discarded';
  return (
    <Box data-testid="vote-table" data-point={detail.point} data-result={detail.result}>
      <Table size="small" aria-label={`Tier vote: ${POINT_LABEL[detail.point]}`}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 4px' }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
            {POINT_LABEL[detail.point]}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>Tier</TableCell>
            <TableCell>Plugin</TableCell>
            <TableCell>Vote</TableCell>
            <TableCell>Why</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {detail.lines.map((line, i) => {
            const decides = line.tier === detail.decidingTier && line.plugin === detail.decidedBy;
            return (
              <TableRow
                key={`${line.plugin}-${i}`}
                data-testid="vote-table.row"
                data-plugin={line.plugin}
                data-vote={line.vote}
                selected={decides}
              >
                <TableCell>{line.tier}</TableCell>
                <TableCell sx={{ fontWeight: decides ? 700 : 400 }}>{line.plugin}</TableCell>
                <TableCell
                  sx={{ fontWeight: 700, color: toneColour[voteTone(line.vote)], whiteSpace: 'nowrap' }}
                >
                  {VOTE_LABEL[line.vote]}
                  {decides && ' · decides'}
                </TableCell>
                <TableCell>{line.message}</TableCell>
              </TableRow>
            );
          })}
          {detail.lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>No plugin votes at this extension point.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="vote-table.result">
        <b>Result: {outcome}.</b> {detail.decidingTier !== null && `Tier ${detail.decidingTier} decided`}
        {detail.decidedBy !== null && ` (${detail.decidedBy})`}
        {detail.decidingTier !== null && ': '}
        {REASON_TEXT[detail.reason]}.
      </Typography>
      {detail.slaNote !== null && (
        <Typography
          variant="body2"
          data-testid="vote-table.sla-note"
          sx={{ mt: 0.5, borderLeft: 3, borderColor: 'warning.main', pl: 1 }}
        >
          <b>Design doc vs code:</b> {detail.slaNote}
        </Typography>
      )}
    </Box>
  );
}
