import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MinRuntimeResolution } from '../../engine/model/trace';
import { formatSpan } from '../format/formatTime';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * How a min-runtime was resolved, as the trace recorded it: duration, source, method, LCA and the queues
 * looked at in order. The path is shown exactly as recorded, never recomputed from the queue tree.
 */
export function ResolutionView({ resolution }: { resolution: MinRuntimeResolution }) {
  const r = resolution;
  return (
    <Box
      component="dl"
      data-testid="resolution"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 0.5 }}
    >
      <Fact label={`${r.kind === 'preempt' ? 'Preempt' : 'Reclaim'} min-runtime`}>
        <b data-testid="resolution.duration">{formatSpan(r.durationMs)}</b> from{' '}
        <b data-testid="resolution.source">
          {r.source === 'default' ? 'the plugin default' : `queue ${r.source}`}
        </b>
      </Fact>
      {r.method !== null && (
        <Fact label="Method">
          {r.method === 'lca' ? 'LCA (lowest common ancestor)' : 'queue (walk up from the victim)'}
        </Fact>
      )}
      {r.preemptorQueue !== null && (
        <Fact label="Queues">
          reclaimer in {r.preemptorQueue}, victim in {r.victimQueue}
        </Fact>
      )}
      {r.preemptorQueue === null && <Fact label="Victim queue">{r.victimQueue}</Fact>}
      {r.method === 'lca' && (
        <Fact label="LCA">
          {r.lca ?? 'none (different top-level trees)'}
          {r.stepDown !== null && <> · one step down toward the victim: {r.stepDown}</>}
        </Fact>
      )}
      <Fact label="Queues looked at">
        <span data-testid="resolution.path">{r.path.length === 0 ? '—' : r.path.join(' → ')}</span>
      </Fact>
      {r.note !== null && <Fact label="Note">{r.note}</Fact>}
    </Box>
  );
}
