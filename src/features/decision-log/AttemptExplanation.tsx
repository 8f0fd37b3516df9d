import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { JobAttempt, VictimOutcome, VictimRecord } from '../../engine/model/trace';
import { VerdictList } from './VerdictList';

const OUTCOME_LABEL: Record<VictimOutcome, string> = {
  evicted: 'evicted',
  filtered: 'filtered out',
  refitted: 'placed back',
  'not-needed': 'not needed',
  rejected: 'scenario rejected',
};

function VictimView({
  victim,
  isFocused,
  action,
}: {
  victim: VictimRecord;
  isFocused: boolean;
  action: ReactNode;
}) {
  return (
    <Box
      data-testid="victim"
      data-job={victim.job}
      data-outcome={victim.outcome}
      sx={{ border: 1, borderColor: isFocused ? 'primary.main' : 'divider', borderRadius: 1, p: 1.25 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="body1" sx={{ fontWeight: 700 }}>
          {victim.job}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          queue {victim.queue} · {victim.tasks.join(', ')}
        </Typography>
        <Chip
          size="small"
          label={OUTCOME_LABEL[victim.outcome]}
          variant={victim.outcome === 'evicted' ? 'filled' : 'outlined'}
        />
        {action}
      </Box>
      {victim.message !== '' && (
        <Typography variant="body2" sx={{ mb: 0.75 }}>
          {victim.message}
        </Typography>
      )}
      <VerdictList verdicts={victim.verdicts} />
    </Box>
  );
}

/** One action's attempt to place one job: its gates and validators, then every victim it considered. */
export function AttemptExplanation({
  attempt,
  focusJob = null,
  victimAction,
}: {
  attempt: JobAttempt;
  focusJob?: string | null;
  /** Extra control shown beside each victim (e.g. "Show on tree"). */
  victimAction?: (victim: VictimRecord) => ReactNode;
}) {
  // The victim the reader came for goes first; the rest keep trace order.
  const victims = [...attempt.victims].sort(
    (a, b) => Number(b.job === focusJob) - Number(a.job === focusJob),
  );
  return (
    <Box
      data-testid="attempt"
      data-action={attempt.action}
      data-job={attempt.job}
      sx={{ display: 'grid', gap: 1.25 }}
    >
      <Typography variant="body1">
        <b>{attempt.action}</b> tried to place <b>{attempt.job}</b> (queue {attempt.queue}
        {attempt.tasks.length > 0 &&
          `, ${attempt.tasks.length === 1 ? 'task' : 'tasks'} ${attempt.tasks.join(', ')}`}
        ): <b>{attempt.outcome}</b>. {attempt.message}
      </Typography>
      <VerdictList verdicts={attempt.verdicts} />
      {victims.length > 0 && (
        <>
          <Typography variant="h3" component="h4">
            Victims considered ({victims.length})
          </Typography>
          {victims.map((victim, i) => (
            <VictimView
              key={`${victim.job}-${i}`}
              victim={victim}
              isFocused={victim.job === focusJob}
              action={victimAction?.(victim)}
            />
          ))}
        </>
      )}
    </Box>
  );
}
