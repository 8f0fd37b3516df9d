/**
 * Preemptable / Reclaimable on one node: each plugin's victim list tier by tier and the set that resulted
 * (Volcano session.go Preemptable: intersect within a tier, an empty answer ends only its tier, the first
 * tier with a non-empty set decides; kube-batch: any empty answer vetoes for good).
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { VictimSetDetail } from '../../../engine/profiles/volcano/trace';

const RULE_TEXT: Record<VictimSetDetail['rule'], string> = {
  'intersection-per-tier':
    'within a tier the answers are intersected; an empty answer ends only its tier, and the first tier left with victims decides',
  'sticky-empty-veto': 'kube-batch: the answers are intersected and any empty answer vetoes every victim',
};

const names = (list: readonly string[]) => (list.length === 0 ? 'none' : list.join(', '));

export function VictimSetTable({ detail }: { detail: VictimSetDetail }) {
  const pointName = detail.point === 'preemptable' ? 'Preemptable' : 'Reclaimable';
  return (
    <Box data-testid="victim-vote-table" data-node={detail.node}>
      <Table size="small" aria-label={`${pointName} victims on ${detail.node} for ${detail.preemptorTask}`}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 4px' }}>
          <Typography variant="body2" component="span">
            <b>
              {pointName} on {detail.node}
            </b>{' '}
            for {detail.preemptorTask}: candidates {names(detail.candidates)}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>Tier</TableCell>
            <TableCell>Plugin</TableCell>
            <TableCell>Victims it allows</TableCell>
            <TableCell>Set after it</TableCell>
            <TableCell>Why</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {detail.lines.map((line, i) => (
            <TableRow
              key={`${line.plugin}-${i}`}
              data-testid="victim-vote-table.row"
              data-plugin={line.plugin}
            >
              <TableCell>{line.tier}</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>{line.plugin}</TableCell>
              <TableCell>{line.abstain ? 'Abstain' : names(line.answer)}</TableCell>
              <TableCell>
                {line.after === null ? 'no set' : names(line.after)}
                {line.endedTier && ' · ends its tier'}
              </TableCell>
              <TableCell>{line.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="victim-vote-table.result">
        <b>Victims: {names(detail.victims)}</b>
        {detail.decidingTier !== null
          ? ` (tier ${detail.decidingTier} decided)`
          : ' (no tier produced victims)'}
        . Rule: {RULE_TEXT[detail.rule]}.
      </Typography>
    </Box>
  );
}
