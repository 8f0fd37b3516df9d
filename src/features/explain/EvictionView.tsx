import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JobExplanation } from '../../protocol/explain';
import { formatInstant, formatSpan } from '../format/formatTime';

type Eviction = NonNullable<JobExplanation['eviction']>;

/** Who evicted or pipelined the job, under which action, the min-runtime that applied, and what would have protected it. */
export function EvictionView({ eviction, isPipelined }: { eviction: Eviction; isPipelined: boolean }) {
  const { minRuntime } = eviction;
  return (
    <Box data-testid="why.eviction" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body1" data-testid="why.eviction.who">
        {isPipelined ? 'Pipelined' : 'Evicted'} at session {eviction.session} ({formatInstant(eviction.time)})
        by <b>{eviction.action}</b>
        {eviction.by !== null && (
          <>
            , to make room for <b>{eviction.by}</b>
            {eviction.byQueue !== null && <> (queue {eviction.byQueue})</>}
          </>
        )}
        .
      </Typography>
      <Typography variant="body2" data-testid="why.eviction.reason">
        {eviction.reason}
      </Typography>
      {minRuntime !== null && (
        <Typography variant="body2" data-testid="why.eviction.minruntime">
          Min-runtime that applied: <b>{formatSpan(minRuntime.applied)}</b>, from {minRuntime.source}
          {minRuntime.method === 'lca' &&
            `; LCA method${minRuntime.lca != null ? `, lowest common ancestor ${minRuntime.lca}` : ''}`}
          {minRuntime.method === 'queue' && '; queue method'}
          {minRuntime.path !== undefined &&
            minRuntime.path.length > 0 &&
            `; walk ${minRuntime.path.join(' → ')}`}
          .
        </Typography>
      )}
      {eviction.victimElastic && (
        <Typography variant="body2" color="text.secondary">
          Elastic job: min-runtime protects only its pods up to minAvailable, never those above.
        </Typography>
      )}
      {eviction.wouldHaveProtected !== null && (
        <Typography
          variant="body2"
          data-testid="why.eviction.protect"
          data-proven={eviction.protectionProven}
        >
          <b>What would have protected it:</b> {eviction.wouldHaveProtected}
          {eviction.protectionProven && ' (checked by the engine)'}
        </Typography>
      )}
    </Box>
  );
}
