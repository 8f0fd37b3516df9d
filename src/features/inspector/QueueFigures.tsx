/**
 * A queue's figures in the inspector, named in its profile's words (engine/model/queueWords): KAI's fair
 * share, quota and min-runtimes; Volcano's deserved, capability, guarantee and weight; kube-batch's deserved
 * and weight. The view prints what the snapshot holds and decides nothing.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { queueWords } from '../../engine/model/queueWords';
import type { Resources } from '../../engine/model/resources';
import type { QueueState } from '../../engine/model/snapshot';
import { describeTimeAware } from '../../viz/charts/describeQueue';
import { formatQueueResources } from '../format/formatResources';

/** A written Volcano resource list, or `none`. */
function listText(list: Partial<Resources> | null): string {
  if (list === null) return 'none';
  const { gpu = 0, cpu = 0, memory = 0 } = list;
  return formatQueueResources({ gpu, cpu, memory });
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export function QueueFigures({ queue }: { queue: QueueState }) {
  const words = queueWords(queue.extras?.profile);
  const x = queue.extras;
  const heading = [`Parent: ${queue.parent ?? 'none (top level)'}`];
  if (words.priority) heading.push(`priority ${queue.priority}`);
  if (x !== undefined) heading.push(`${words.weight.label} ${x.weight}`);
  if (x !== undefined && !x.reclaimable) heading.push('not reclaimable');
  return (
    <>
      <Typography variant="body1">{heading.join(' · ')}</Typography>
      <Typography variant="body2" title={words.share.meaning}>
        {capitalise(words.share.label)}: {formatQueueResources(queue.fairShare)}
      </Typography>
      <Typography variant="body2">Allocated: {formatQueueResources(queue.allocated)}</Typography>
      <Typography variant="body2">Requested: {formatQueueResources(queue.requested)}</Typography>
      {x === undefined ? (
        <Typography variant="body2" title={words.floor?.meaning}>
          Quota: {formatQueueResources(queue.quota)}
        </Typography>
      ) : (
        <>
          {words.cap !== null && (
            <Typography variant="body2" title={words.cap.meaning}>
              {capitalise(words.cap.label)}: {listText(x.capability)}
            </Typography>
          )}
          {words.floor !== null && (
            <Typography variant="body2" title={words.floor.meaning}>
              {capitalise(words.floor.label)}: {listText(x.guarantee)}
            </Typography>
          )}
          {x.deserved !== null && (
            <Typography variant="body2">Written deserved (capacity): {listText(x.deserved)}</Typography>
          )}
        </>
      )}
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
      {x === undefined && (
        <Typography variant="body2">
          preemptMinRuntime:{' '}
          {queue.preemptMinRuntimeMs === null ? 'unset (inherits)' : `${queue.preemptMinRuntimeMs / 1000}s`} ·
          reclaimMinRuntime:{' '}
          {queue.reclaimMinRuntimeMs === null ? 'unset (inherits)' : `${queue.reclaimMinRuntimeMs / 1000}s`}
        </Typography>
      )}
    </>
  );
}
