/** proportion's queue figures behind a reclaim: deserved and allocated per queue and the victims it allows. */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProportionDetail } from '../../../engine/profiles/volcano/trace';
import { formatQueueResources } from '../../format/formatResources';

export function ProportionView({ detail }: { detail: ProportionDetail }) {
  return (
    <Box data-testid="proportion-queues">
      <Typography variant="body2">
        <b>proportion:</b> a queue gives up tasks only while its allocation stays above its deserved share.
      </Typography>
      <Table size="small" aria-label="proportion deserved and allocated per queue">
        <TableHead>
          <TableRow>
            <TableCell>Queue</TableCell>
            <TableCell>Deserved</TableCell>
            <TableCell>Allocated</TableCell>
            <TableCell>Victims allowed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {detail.queues.map((q) => (
            <TableRow key={q.queue}>
              <TableCell sx={{ fontWeight: 700 }}>{q.queue}</TableCell>
              <TableCell>{formatQueueResources(q.deserved)}</TableCell>
              <TableCell>{formatQueueResources(q.allocated)}</TableCell>
              <TableCell>{q.victims.length === 0 ? 'none' : q.victims.join(', ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
