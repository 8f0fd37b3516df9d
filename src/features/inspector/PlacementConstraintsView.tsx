/**
 * A job's node pool and topology constraint in words (issue 21): the scenario's data, as written. Which
 * domain the engine chose, or why none could hold the job, is the topology verdict of the job's attempt,
 * shown by the pending explanation and the decision log (fetched with the attempt), not recomputed here.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JobPlacementDto } from '../../protocol/nodeGroups';

export function PlacementConstraintsView({ placement }: { placement: JobPlacementDto | undefined }) {
  if (placement === undefined) return null;
  const t = placement.topology;
  return (
    <Box data-testid="inspector.placement" sx={{ display: 'grid', gap: 0.5 }}>
      {placement.pool !== null && (
        <Typography variant="body1" data-testid="inspector.node-pool">
          Node pool <b>{placement.pool}</b>: only its nodes can run this job.
        </Typography>
      )}
      {t !== null && (
        <Typography variant="body1" data-testid="inspector.topology">
          Topology <b>{t.name}</b>:{' '}
          {t.required !== null && (
            <>
              every task in one <b>{t.required}</b> (required)
            </>
          )}
          {t.required !== null && t.preferred !== null && '; '}
          {t.preferred !== null && (
            <>
              as few <b>{t.preferred}</b> domains as it can (preferred)
            </>
          )}
          .
        </Typography>
      )}
    </Box>
  );
}
