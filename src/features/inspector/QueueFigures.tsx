/**
 * A queue's figures in the inspector, named in its profile's words: the common figures (parent, the share
 * the scheduler computed, allocated, requested), then the rows the profile's UI module words from the
 * snapshot's queue (KAI: quota and the effective min-runtimes the engine resolved; Volcano: weight,
 * capability, guarantee; Kueue: cohort, nominal quota, limits, borrowed, lendable). The view prints what
 * the snapshot holds and decides nothing.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { QueueState } from '../../engine/model/snapshot';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectSummary } from '../../store/scenarioSlice';
import { describeTimeAware } from '../../viz/charts/describeQueue';
import { formatQueueResources } from '../format/formatResources';
import { uiModuleOf } from '../profiles/uiRegistry';

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export function QueueFigures({ queue }: { queue: QueueState }) {
  const summary = useAppStore(selectSummary);
  const ui = uiModuleOf(summary?.profile);
  const words = ui.queueWords;
  const heading = [`Parent: ${queue.parent ?? 'none (top level)'}`];
  if (words.priority) heading.push(`priority ${queue.priority}`);
  return (
    <>
      <Typography variant="body1">{heading.join(' · ')}</Typography>
      <Typography variant="body2" title={words.share.meaning} data-testid="inspector.queue.share">
        {capitalise(words.share.label)}: {formatQueueResources(queue.fairShare)}
      </Typography>
      <Typography variant="body2">Allocated: {formatQueueResources(queue.allocated)}</Typography>
      <Typography variant="body2">Requested: {formatQueueResources(queue.requested)}</Typography>
      {ui.queueDetailRows(queue).map((row) => (
        <Typography key={row.key} variant="body2" title={row.help} data-testid={`inspector.queue.${row.key}`}>
          {row.label}: {row.value}
        </Typography>
      ))}
      {queue.timeAware !== undefined && (
        <Box data-testid="inspector.queue.timeAware" sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="subtitle2" component="h3">
            Time-aware fair share (usage history, kValue {queue.timeAware.kValue})
          </Typography>
          {describeTimeAware(queue).map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
}
