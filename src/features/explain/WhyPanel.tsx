import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { ExplanationView } from './ExplanationView';
import { useExplanation } from './useExplanation';

/**
 * "Why?" in the job inspector (issue 19): asks the engine, in the worker, why the job is where it is at the
 * session shown and what smallest change would let it run; draws only what the engine answered.
 */
export function WhyPanel({ job }: { job: string }) {
  const { state, shownSession, ask } = useExplanation(job);
  const askedAt = state.status === 'idle' ? null : state.session;
  const isStale = askedAt !== null && askedAt !== shownSession && state.status !== 'loading';
  return (
    <Box data-testid="why" data-status={state.status} sx={{ display: 'grid', gap: 1 }} aria-live="polite">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3">
          Why?
        </Typography>
        {(state.status === 'idle' || isStale) && (
          <Button variant="contained" size="small" onClick={ask} data-testid="why.ask">
            {state.status === 'idle' ? 'Why? What would change it' : `Ask again at session ${shownSession}`}
          </Button>
        )}
        {askedAt !== null && (
          <Typography variant="body2" color="text.secondary" data-testid="why.session">
            {isStale ? `(answer below is for session ${askedAt})` : `at session ${askedAt}`}
          </Typography>
        )}
      </Box>
      {state.status === 'idle' && (
        <Typography variant="body2" color="text.secondary">
          The engine names the main reason and tries the smallest changes, keeping only those it has seen
          work.
        </Typography>
      )}
      {state.status === 'loading' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="why.loading">
          <CircularProgress size={18} aria-hidden />
          <Typography variant="body2">
            Working out why {job} is where it is at session {state.session}: the engine re-runs the scenario
            for each change it tries…
          </Typography>
        </Box>
      )}
      {state.status === 'answered' && <ExplanationView explanation={state.explanation} />}
      {(state.status === 'refused' || state.status === 'failed') && (
        <Alert
          severity="error"
          data-testid="why.error"
          action={
            <Button color="inherit" size="small" onClick={ask}>
              Try again
            </Button>
          }
        >
          {state.status === 'refused' ? 'The engine cannot explain this: ' : 'No answer: '}
          {state.error}
        </Alert>
      )}
    </Box>
  );
}
