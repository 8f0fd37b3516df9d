import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ChangeSuggestion } from '../../protocol/explain';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { formatInstant } from '../format/formatTime';

/**
 * The smallest changes that would let the job run, each as the engine proved it (it re-ran the changed
 * scenario and saw the job start at that session), with "Try it": the changed scenario opens in preview.
 */
export function SuggestionList({ job, suggestions }: { job: string; suggestions: ChangeSuggestion[] }) {
  const actions = useAppStore(selectActions);
  const [trying, setTrying] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const tryIt = (index: number, suggestion: ChangeSuggestion) => {
    setTrying(index);
    setError(null);
    actions.tryChange(job, suggestion).then(
      () => setTrying(null),
      (e: unknown) => {
        setTrying(null);
        setError(e instanceof Error ? e.message : String(e));
      },
    );
  };

  return (
    <Box data-testid="why.suggestions" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h3" component="h4">
        Smallest change that would let it run
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
        {suggestions.map((s, i) => {
          const isWait = s.change.kind === 'wait-until';
          return (
            <Box
              component="li"
              key={`${i}:${s.text}`}
              data-testid="why.suggestion"
              data-kind={s.change.kind}
              data-session={s.startsAtSession}
            >
              <Typography variant="body1" sx={{ fontWeight: 600 }}>
                {s.text}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary" data-testid="why.suggestion.proof">
                  checked: starts at session {s.startsAtSession} ({formatInstant(s.startsAtTime)})
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => tryIt(i, s)}
                  disabled={trying !== null}
                  data-testid="why.try"
                  aria-label={
                    isWait
                      ? `Go to session ${s.startsAtSession}, where ${job} starts`
                      : `Try it: open the scenario with this change (${s.text})`
                  }
                >
                  {trying === i ? 'Opening…' : isWait ? `Go to session ${s.startsAtSession}` : 'Try it'}
                </Button>
              </Box>
            </Box>
          );
        })}
      </Box>
      {error !== null && (
        <Alert severity="error" data-testid="why.try.error">
          Could not open the changed scenario: {error}
        </Alert>
      )}
    </Box>
  );
}
