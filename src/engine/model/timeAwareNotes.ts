/**
 * Plain words for when KAI's usage was measured and what upstream would do differently (decision 0217),
 * shared by the reclaim verdict (engine) and the queue inspector and tooltip (views), which print the trace.
 */
import { formatDuration } from './duration';
import type { TimeAwareShare } from './snapshot';

/** "usage as of t=1m0s (KAI's last fetch; it fetches every fetchInterval)". */
export function usageAsOf(t: Pick<TimeAwareShare, 'asOfMs'>): string {
  if (t.asOfMs === undefined) return '';
  return `usage as of t=${formatDuration(t.asOfMs)} (KAI's last usage fetch; sessions until the next fetch reuse it)`;
}

/** The CPU-only quirk, said when it applies; empty otherwise. */
export function noGpuCapacityNote(t: Pick<TimeAwareShare, 'noGpuCapacity'>): string {
  if (t.noGpuCapacity !== true) return '';
  return (
    'This cluster has no GPUs: KAI queries GPU capacity first and its usage fetch fails when that returns ' +
    'no data, so upstream KAI would run with no usage at all (every usage 0); the lab computes it anyway.'
  );
}
