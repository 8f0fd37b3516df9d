/**
 * Words for a queue card: the accessible label and the rows of the hover tooltip.
 */
import { QUEUE_RESOURCE_NAMES, type QueueResourceName } from '../../engine/model/resources';
import { formatResource } from '../layouts/formatSpan';
import type { QueueTreeNode } from '../layouts/layoutQueueTree';
import type { QueueState, TimeAwareShare } from '../../engine/model/snapshot';
import { noGpuCapacityNote, usageAsOf } from '../../engine/model/timeAwareNotes';
import { plural } from '../../common/plural';

const NAMES: Record<QueueResourceName, string> = { gpu: 'GPU', cpu: 'CPU', memory: 'memory' };

/** One-sentence description used as the card's accessible label. */
export function describeQueue(node: QueueTreeNode): string {
  const parts = [`queue ${node.name}`];
  // A Volcano queue has no KAI quota: its band is the deserved share and its cap the written capability.
  const volcano = node.queue?.extras !== undefined;
  for (const b of node.bars) {
    const r = b.resource;
    let s = `${NAMES[r]} allocated ${formatResource(r, b.allocated)} of ${volcano ? 'deserved' : 'fair share'} ${formatResource(r, b.fairShare)}`;
    if (!volcano) s += b.quota === -1 ? ', quota unlimited' : `, quota ${formatResource(r, b.quota)}`;
    if (b.limit >= 0) s += `, ${volcano ? 'capability' : 'limit'} ${formatResource(r, b.limit)}`;
    parts.push(s);
  }
  for (const badge of node.badges) parts.push(badge.description);
  if (node.isCollapsed) parts.push(`${plural(node.hiddenCount, 'queue')} hidden`);
  return parts.join('; ');
}

/** A row of the queue tooltip. */
export interface QueueTooltipRow {
  resource: QueueResourceName;
  allocated: string;
  requested: string;
  fairShare: string;
  quota: string;
  limit: string;
  overQuotaWeight: string;
}

/** Tooltip rows: every resource that has a non-default setting or any use. */
export function queueTooltipRows(node: QueueTreeNode): QueueTooltipRow[] {
  const q = node.queue;
  if (q === null) return [];
  return QUEUE_RESOURCE_NAMES.filter(
    (r) =>
      r === 'gpu' ||
      q.quota[r] !== 0 ||
      q.limit[r] !== -1 ||
      q.allocated[r] !== 0 ||
      q.requested[r] !== 0 ||
      q.fairShare[r] !== 0,
  ).map((r) => ({
    resource: r,
    allocated: formatResource(r, q.allocated[r]),
    requested: formatResource(r, q.requested[r]),
    fairShare: formatResource(r, q.fairShare[r]),
    quota: q.quota[r] === -1 ? 'unlimited' : formatResource(r, q.quota[r]),
    limit: q.limit[r] === -1 ? 'none' : q.limit[r] === 0 ? '0 (blocked)' : formatResource(r, q.limit[r]),
    overQuotaWeight: String(q.overQuotaWeight[r]),
  }));
}

const fixed2 = (v: number): string => v.toFixed(2);

/**
 * KAI time-based fair share in words, one sentence per resource that took part (GPU always): the usage
 * the engine computed, the over-quota weight before and after the penalty with upstream's formula spelled
 * out in the engine's numbers, and the fair share with and without usage. Empty when usage is off.
 */
export function describeTimeAware(q: QueueState): string[] {
  const t = q.timeAware;
  if (t === undefined) return [];
  const notes = [usageAsOf(t), noGpuCapacityNote(t)].filter((n) => n !== '').map(capitalise);
  return [...perResource(q, t), ...notes];
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function perResource(q: QueueState, t: TimeAwareShare): string[] {
  return QUEUE_RESOURCE_NAMES.filter((r) => r === 'gpu' || t.usage[r] > 0 || t.weight[r] !== null).map(
    (r) => {
      const usage = `${(t.usage[r] * 100).toFixed(1)}%`;
      const share = `fair share ${formatResource(r, q.fairShare[r])} (${formatResource(r, t.fairShareWithoutUsage[r])} without usage history)`;
      const w = t.weight[r];
      const adjusted = t.adjustedWeight[r];
      if (w === null || adjusted === null) {
        return `${NAMES[r]}: used ${usage} of the cluster over the usage window; not in an over-quota round; ${share}.`;
      }
      return (
        `${NAMES[r]}: used ${usage} of the cluster over the usage window, so its over-quota weight ` +
        `${fixed2(w)} becomes ${fixed2(adjusted)} = max(0, ${fixed2(w)} + ${t.kValue} × (${fixed2(w)} − ` +
        `${fixed2(t.usage[r])})); ${share}.`
      );
    },
  );
}
