/**
 * drf's Preemptable arithmetic: a candidate is a victim when the preemptor's dominant share after taking
 * the task stays below the candidate job's share after losing it (drf.go, with the reference's tolerance).
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { DrfShareDetail } from '../../../engine/profiles/volcano/trace';

const share = (v: number) => v.toFixed(3);

export function DrfShareView({ detail }: { detail: DrfShareDetail }) {
  return (
    <Box data-testid="drf-share">
      <Typography variant="body2">
        <b>drf shares:</b> {detail.preemptorJob} would have dominant share {share(detail.preemptorShare)}{' '}
        after the move; a candidate is a victim when its job keeps a larger share after losing the task.
      </Typography>
      <Table size="small" aria-label={`drf shares against ${detail.preemptorJob}`}>
        <TableHead>
          <TableRow>
            <TableCell>Candidate task</TableCell>
            <TableCell>Job</TableCell>
            <TableCell>Job share after eviction</TableCell>
            <TableCell>Victim?</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {detail.candidates.map((c) => (
            <TableRow key={c.task}>
              <TableCell>{c.task}</TableCell>
              <TableCell>{c.job}</TableCell>
              <TableCell>{share(c.shareAfter)}</TableCell>
              <TableCell>{c.victim ? 'yes' : 'no'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
