/**
 * Volcano's queue figures as proportion reads them: weight, capability, guarantee (the spec, from the
 * snapshot's queue extras), deserved (proportion's water-filling at session open) and allocated (what runs
 * at the session's end). Views only format them (decision 0003).
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Resources } from '../../../engine/model/resources';
import type { QueueState } from '../../../engine/model/snapshot';
import { volcanoQueueExtrasOf } from '../../../engine/profiles/volcano/jobExtras';
import { formatAmount, formatMemory, formatQueueResources } from '../../format/formatResources';

/** A partial spec resource list (`cpu 4 · memory 8Gi`), or `not set`. */
function formatSpec(r: Partial<Resources> | null): string {
  if (r === null) return 'not set';
  const parts = Object.entries(r).flatMap(([name, v]) =>
    v === undefined ? [] : [`${name} ${name === 'memory' ? formatMemory(v) : formatAmount(v)}`],
  );
  return parts.length === 0 ? 'not set' : parts.join(' · ');
}

export function VolcanoQueueTable({
  queues,
  selectedQueue,
}: {
  queues: readonly QueueState[];
  selectedQueue: string | null;
}) {
  return (
    <Box sx={{ maxHeight: 220, overflow: 'auto', width: '100%' }}>
      <Table size="small" stickyHeader aria-label="Queue figures (proportion)" data-testid="volcano-queues">
        <TableHead>
          <TableRow>
            <TableCell>Queue</TableCell>
            <TableCell>Weight</TableCell>
            <TableCell>Capability</TableCell>
            <TableCell>Guarantee</TableCell>
            <TableCell>Deserved</TableCell>
            <TableCell>Allocated</TableCell>
            <TableCell>Reclaimable</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queues.map((q) => {
            const x = volcanoQueueExtrasOf(q);
            return (
              <TableRow
                key={q.name}
                selected={q.name === selectedQueue}
                data-testid="volcano-queues.row"
                data-queue={q.name}
              >
                <TableCell sx={{ fontWeight: 700 }}>{q.name}</TableCell>
                <TableCell>{x?.weight ?? '—'}</TableCell>
                <TableCell>{formatSpec(x?.capability ?? null)}</TableCell>
                <TableCell>{formatSpec(x?.guarantee ?? null)}</TableCell>
                <TableCell>{formatQueueResources(q.fairShare)}</TableCell>
                <TableCell>{formatQueueResources(q.allocated)}</TableCell>
                <TableCell>{x === null ? '—' : x.reclaimable ? 'yes' : 'no'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
