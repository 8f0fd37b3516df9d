import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectAttempt } from '../../store/runSlice';
import { ShowOnTreeButton } from '../queue-tree/ShowOnTreeButton';
import { AttemptExplanation } from './AttemptExplanation';

/** A job attempt in full, fetched from the worker when its explanation is first opened. */
export function FetchedAttempt({
  session,
  index,
  focusJob = null,
}: {
  session: number;
  index: number;
  focusJob?: string | null;
}) {
  const selectEntry = useMemo(() => selectAttempt(session, index), [session, index]);
  const entry = useAppStore(selectEntry);
  const actions = useAppStore(selectActions);
  useEffect(() => {
    if (entry === null) actions.fetchAttempt(session, index);
  }, [entry, actions, session, index]);
  if (entry === null) return <CircularProgress size={20} aria-label="Loading the explanation" />;
  if (!entry.ok)
    return <Typography color="error">The explanation could not be loaded: {entry.error}</Typography>;
  const preemptor = entry.attempt.job;
  return (
    <AttemptExplanation
      attempt={entry.attempt}
      focusJob={focusJob}
      // Victims min-runtime looked at have a path to draw on the queue tree.
      victimAction={(victim) =>
        victim.verdicts.some((v) => v.profileDetail?.type === 'minruntime') ? (
          <ShowOnTreeButton pair={{ session, attempt: index, preemptor, victim: victim.job }} />
        ) : null
      }
    />
  );
}
