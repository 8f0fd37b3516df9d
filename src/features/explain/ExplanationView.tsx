import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JobExplanation } from '../../protocol/explain';
import { EvictionView } from './EvictionView';
import { SuggestionList } from './SuggestionList';

/** The engine's answer to "Why?", drawn as answered: headline, main blocker, eviction, proven suggestions. */
export function ExplanationView({ explanation }: { explanation: JobExplanation }) {
  const { blocker, eviction, suggestions } = explanation;
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="why.answer" data-state={explanation.state}>
      <Typography variant="body1" sx={{ fontWeight: 700 }} data-testid="why.headline">
        {explanation.headline}
      </Typography>
      {blocker !== null && (
        <Typography variant="body1" data-testid="why.blocker" data-code={blocker.code}>
          <b>Main blocker:</b> {blocker.message}
        </Typography>
      )}
      {eviction !== null && (
        <EvictionView eviction={eviction} isPipelined={explanation.state === 'pipelined'} />
      )}
      {suggestions.length > 0 ? (
        <SuggestionList job={explanation.job} suggestions={suggestions} />
      ) : (
        explanation.state === 'pending' && (
          <Typography variant="body2" color="text.secondary" data-testid="why.no-suggestion">
            None of the changes the engine tried lets {explanation.job} start in the next session.
          </Typography>
        )
      )}
    </Box>
  );
}
