/** One job under one profile: the state and session the engine's run gave it, and its reason in words. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JobCell } from '../../engine/index';

const COLOR: Record<JobCell['state'], string> = {
  runs: 'success.main',
  completed: 'info.main',
  evicted: 'error.main',
  waits: 'text.secondary',
  'not-submitted': 'text.disabled',
};

const WORD: Record<JobCell['state'], string> = {
  runs: 'runs',
  completed: 'completed',
  evicted: 'evicted',
  waits: 'waits',
  'not-submitted': 'not submitted',
};

/** The cell's headline, e.g. `evicted · session 3`. */
export function cellHeadline(cell: JobCell): string {
  return cell.session === null ? WORD[cell.state] : `${WORD[cell.state]} · session ${cell.session}`;
}

/** `full`: the whole reason; else its first three lines (the whole text stays in the tooltip). */
export function CompareCell({ cell, full }: { cell: JobCell | null; full: boolean }) {
  if (cell === null)
    return (
      <Typography variant="body2" color="text.disabled">
        not run: the scenario cannot be mapped
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 700, color: COLOR[cell.state] }} data-role="headline">
        {cellHeadline(cell)}
      </Typography>
      <Typography
        variant="body2"
        component="p"
        title={full ? undefined : cell.text}
        sx={{
          color: 'text.secondary',
          lineHeight: 1.35,
          ...(full
            ? {}
            : {
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }),
        }}
        data-role="reason"
      >
        {cell.text}
      </Typography>
    </Box>
  );
}
