import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectSnapshot } from '../../store/runSlice';
import { selectSelection } from '../../store/selectionSlice';
import { formatInstant } from '../format/formatTime';
import { JobInspector } from './JobInspector';
import { QueueFigures } from './QueueFigures';

const selectHasSnapshot = (s: AppState) => s.run.snapshot !== null;

/** Details of whatever is selected (job, queue or node) at the cursor's session. */
export function SelectionInspector() {
  const selection = useAppStore(selectSelection);
  const snapshot = useAppStore(selectSnapshot);
  const hasSnapshot = useAppStore(selectHasSnapshot);
  const actions = useAppStore(selectActions);
  const clear = () => actions.select(null);

  if (selection === null) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="inspector.empty">
        Select a job in the jobs table (or a decision) to see its protection, its tasks and why it is waiting.
      </Typography>
    );
  }
  if (!hasSnapshot || snapshot === null)
    return <Typography color="text.secondary">Loading the session…</Typography>;

  const missing = (
    <Box data-testid="inspector.missing">
      <Typography variant="h2" component="h2">
        {selection.name}
      </Typography>
      <Typography color="text.secondary" sx={{ my: 1 }}>
        Not in the cluster at session {snapshot.index} ({formatInstant(snapshot.timeMs)}).
      </Typography>
      <Button size="small" onClick={clear}>
        Clear selection
      </Button>
    </Box>
  );

  switch (selection.kind) {
    case 'job': {
      const job = snapshot.jobs.find((j) => j.name === selection.name);
      return job === undefined ? missing : <JobInspector job={job} snapshot={snapshot} onClose={clear} />;
    }
    case 'queue': {
      const queue = snapshot.queues.find((q) => q.name === selection.name);
      if (queue === undefined) return missing;
      return (
        <Box data-testid="inspector.queue" sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="h2" component="h2">
            Queue {queue.name}
          </Typography>
          <QueueFigures queue={queue} />
          <Button size="small" onClick={clear} sx={{ justifySelf: 'start' }}>
            Clear selection
          </Button>
        </Box>
      );
    }
    case 'node': {
      const node = snapshot.nodes.find((n) => n.name === selection.name);
      if (node === undefined) return missing;
      return (
        <Box data-testid="inspector.node" sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="h2" component="h2">
            Node {node.name}
          </Typography>
          <Typography variant="body2">
            GPUs used {node.used.gpu} of {Number.isFinite(node.capacity.gpu) ? node.capacity.gpu : '∞'}
            {node.releasing.gpu > 0 && ` (${node.releasing.gpu} being released)`}
          </Typography>
          <Button size="small" onClick={clear} sx={{ justifySelf: 'start' }}>
            Clear selection
          </Button>
        </Box>
      );
    }
  }
}
