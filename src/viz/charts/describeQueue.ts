/**
 * Words for a queue card: the accessible label and the rows of the hover tooltip.
 */
import { QUEUE_RESOURCE_NAMES, type QueueResourceName } from '../../engine/model/resources';
import { formatResource } from '../layouts/formatSpan';
import type { QueueTreeNode } from '../layouts/layoutQueueTree';
import type { QueueState, TimeAwareShare } from '../../engine/model/snapshot';
import { noGpuCapacityNote, usageAsOf } from '../../engine/model/timeAwareNotes';
import { plural } from '../../common/plural';
import { writtenSpecOf } from '../../engine/model/writtenQueueSpec';
import type { QueueWord, QueueWords } from '../../engine/framework/ProfileModule';

const NAMES: Record<QueueResourceName, string> = { gpu: 'GPU', cpu: 'CPU', memory: 'memory' };

/**
 * The floor a card shows beside its share, when the profile names one other than the share itself (KAI's
 * quota; not Kueue's, whose band already is the nominal quota; Volcano's guarantee is a written list).
 */
function quotaWord(words: QueueWords): QueueWord | null {
  return words.floorIsQuota && words.floor !== null && words.floor.label !== words.share.label
    ? words.floor
    : null;
}

/**
 * One-sentence description used as the card's accessible label, in the words of the session's profile
 * (the view hands them from the profile's UI module).
 */
export function describeQueue(node: QueueTreeNode, words: QueueWords): string {
  const parts = [`queue ${node.name}`];
  const quota = quotaWord(words);
  for (const b of node.bars) {
    const r = b.resource;
    let s = `${NAMES[r]} allocated ${formatResource(r, b.allocated)} of ${words.share.label} ${formatResource(r, b.fairShare)}`;
    // A Volcano queue has no KAI quota: its band is the deserved share and its cap the written capability.
    if (quota !== null)
      s += b.quota === -1 ? `, ${quota.label} unlimited` : `, ${quota.label} ${formatResource(r, b.quota)}`;
    if (b.limit >= 0 && words.cap !== null) s += `, ${words.cap.label} ${formatResource(r, b.limit)}`;
    parts.push(s);
  }
  for (const badge of node.badges) parts.push(badge.description);
  if (node.hiddenCount > 0) parts.push(`${plural(node.hiddenCount, 'queue')} hidden`);
  return parts.join('; ');
}

/** The tooltip's columns after the resource name, in the profile's words. */
export function queueTooltipColumns(w: QueueWords): QueueWord[] {
  const cols: QueueWord[] = [
    { label: 'alloc', meaning: 'allocated this session' },
    { label: 'req', meaning: 'requested by its jobs' },
    w.share,
  ];
  if (w.floor !== null && w.floor.label !== w.share.label) cols.push(w.floor);
  if (w.cap !== null) cols.push(w.cap);
  if (w.weight.perResource) cols.push(w.weight);
  return cols;
}

/** The queue-wide line under the tooltip's title: priority and (Volcano, kube-batch) weight. */
export function queueTooltipHeading(node: QueueTreeNode, w: QueueWords): string {
  const q = node.queue;
  const parts: string[] = [];
  if (w.priority) parts.push(`priority ${q?.priority ?? '—'}`);
  const written = writtenSpecOf(q);
  if (!w.weight.perResource && written !== null) parts.push(`${w.weight.label} ${written.weight}`);
  if (written !== null && !written.reclaimable) parts.push('not reclaimable');
  return parts.join(' · ');
}

/** A row of the queue tooltip: the resource and one cell per {@link queueTooltipColumns} entry. */
export interface QueueTooltipRow {
  resource: QueueResourceName;
  cells: string[];
}

/** A written Volcano list entry: its value, or the word for none. */
function listed(r: QueueResourceName, list: Partial<Record<QueueResourceName, number>> | null, none: string) {
  const v = list?.[r];
  return v === undefined ? none : formatResource(r, v);
}

/** Tooltip rows: every resource that has a non-default setting or any use. */
export function queueTooltipRows(node: QueueTreeNode, w: QueueWords): QueueTooltipRow[] {
  const q = node.queue;
  if (q === null) return [];
  // The written spec of a profile that writes one (Volcano, kube-batch), else the core quota and limit.
  const x = writtenSpecOf(q);
  return QUEUE_RESOURCE_NAMES.filter(
    (r) =>
      r === 'gpu' ||
      (x === null && (q.quota[r] !== 0 || q.limit[r] !== -1)) ||
      (x !== null && (x.capability?.[r] !== undefined || x.guarantee?.[r] !== undefined)) ||
      q.allocated[r] !== 0 ||
      q.requested[r] !== 0 ||
      q.fairShare[r] !== 0,
  ).map((r) => {
    const cells = [
      formatResource(r, q.allocated[r]),
      formatResource(r, q.requested[r]),
      formatResource(r, q.fairShare[r]),
    ];
    // One cell per column of queueTooltipColumns: the written quota, limit and weight of a queue without a
    // written spec (KAI; Kueue's band is its quota and it has neither cap nor weight), else the written lists.
    if (x === null) {
      if (w.floor !== null && w.floor.label !== w.share.label)
        cells.push(q.quota[r] === -1 ? 'unlimited' : formatResource(r, q.quota[r]));
      if (w.cap !== null)
        cells.push(
          q.limit[r] === -1 ? 'none' : q.limit[r] === 0 ? '0 (blocked)' : formatResource(r, q.limit[r]),
        );
      if (w.weight.perResource) cells.push(String(q.overQuotaWeight[r]));
    } else {
      if (w.floor !== null) cells.push(listed(r, x.guarantee, '0'));
      if (w.cap !== null) cells.push(listed(r, x.capability, 'none'));
    }
    return { resource: r, cells };
  });
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
