import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectSummary, selectWarnings } from '../../store/scenarioSlice';
import { Markdown } from '../../ui/Markdown';
import { formatSpan } from '../format/formatTime';
import { nounFor, plural } from '../../common/plural';

/** The loaded scenario's lesson text (markdown rendered as React text, never HTML) and its warnings. */
export function LessonPanel() {
  const summary = useAppStore(selectSummary);
  const warnings = useAppStore(selectWarnings);
  if (summary === null) {
    return <Typography color="text.secondary">No scenario is loaded yet.</Typography>;
  }
  return (
    <Box data-testid="lesson">
      <Typography variant="h2" component="h2" sx={{ mb: 0.5 }} data-testid="lesson.title">
        {summary.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {summary.profile} profile · {plural(summary.nodeCount, 'node')} ·{' '}
        {plural(summary.queueCount, 'queue')} · {plural(summary.jobCount, 'job')} · a session every{' '}
        {formatSpan(summary.schedulePeriodMs)} · {nounFor(summary.actions.length, 'action')}{' '}
        {summary.actions.join(', ')}
      </Typography>
      {summary.description.trim() === '' ? (
        <Typography color="text.secondary">This scenario has no description.</Typography>
      ) : (
        <Markdown source={summary.description} />
      )}
      {warnings.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {warnings.map((w, i) => (
            <div key={i}>{w.text}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}
