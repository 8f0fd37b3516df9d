/**
 * Kueue's queue cards and inspector rows, in Kueue's words: what a ClusterQueue (or a Cohort) borrows above
 * its nominal quota, what of its unused quota its cohort may borrow now, and its borrowing and lending
 * limits, all as the engine resolved them (`QueueState.resolved`, engine/profiles/kueue/queueFigures.ts).
 * Only words (decision 0298).
 */
import type { QueueResources } from '../../../engine/model/resources';
import type { QueueState } from '../../../engine/model/snapshot';
import type { KueueQueueFigures } from '../../../engine/profiles/kueue/queueFigures';
import { formatAmount, formatMemory, formatQueueResources } from '../../format/formatResources';
import type { QueueBadgeFact } from '../../../viz/layouts/layoutQueueTree';
import type { QueueBadgeLegendEntry, QueueDetailRow } from '../ProfileUiModule';

function figuresOf(queue: QueueState): KueueQueueFigures | null {
  const r = queue.resolved as KueueQueueFigures | undefined;
  return r === undefined ? null : r;
}

const isZero = (r: QueueResources): boolean => r.gpu === 0 && r.cpu === 0 && r.memory === 0;

/** A per-resource limit: the resources that set one, or null when none does. */
function limitText(l: KueueQueueFigures['borrowingLimit']): string | null {
  if (l.gpu === null && l.cpu === null && l.memory === null) return null;
  const parts: string[] = [];
  for (const r of ['gpu', 'cpu', 'memory'] as const) {
    const v = l[r];
    if (v !== null) parts.push(`${r} ${r === 'memory' ? formatMemory(v) : formatAmount(v)}`);
  }
  return parts.join(' · ');
}

/** A badge's short amount: the GPUs when there are some (the card's main bar), else the whole list. */
function shortAmount(r: QueueResources): string {
  return r.gpu !== 0 ? `${formatAmount(r.gpu)} GPU` : formatQueueResources(r);
}

/** A share as the lesson writes it (6 ÷ 8 ÷ 1 = 0.75): up to three decimals; ∞ for weight 0 while borrowing. */
function shareText(share: number | null): string {
  if (share === null) return '∞';
  return Number.isInteger(share) ? String(share) : share.toFixed(3).replace(/\.?0+$/, '');
}

const noun = (f: KueueQueueFigures): string => (f.kind === 'cohort' ? 'cohort' : 'ClusterQueue');

export function kueueQueueBadges(queue: QueueState): QueueBadgeFact[] {
  const f = figuresOf(queue);
  if (f === null) return [];
  const out: QueueBadgeFact[] = [];
  if (!isZero(f.borrowed)) {
    const v = formatQueueResources(f.borrowed);
    out.push({
      key: 'borrowed',
      text: `borrowed ${shortAmount(f.borrowed)}`,
      description: `borrowed ${v} from its ${f.cohort === null ? 'cohort' : `cohort ${f.cohort}`}: in use above its nominal quota`,
      style: 'filled',
      shortenable: false, // a figure: read in full (decision 0313)
    });
  } else if (!isZero(f.lendable) && f.cohort !== null) {
    const v = formatQueueResources(f.lendable);
    out.push({
      key: 'lendable',
      text: `lendable ${shortAmount(f.lendable)}`,
      description: `lendable ${v}: unused nominal quota cohort ${f.cohort} may borrow now (within its lending limit)`,
      style: 'outlined',
      shortenable: false, // a figure: read in full (decision 0313)
    });
  }
  // With fair sharing on, the share the engine computed and the weight it divides by (sessionShares.ts);
  // with it off the weight means nothing (fair_sharing.go is not consulted), so neither is drawn.
  const fs = f.fairSharing;
  if (fs !== null) {
    out.push({
      key: 'share',
      text: `share ${shareText(fs.share)}`,
      description:
        fs.share === null
          ? 'share infinite: it borrows with fair-sharing weight 0, so it yields to every other'
          : `share ${shareText(fs.share)}${fs.dominantResource === '' ? '' : ` (${fs.dominantResource})`}: what it borrows above its nominal quota ÷ what its cohort could lend it ÷ its weight ${fs.weight}`,
      style: 'outlined',
      shortenable: false,
    });
    out.push({
      key: 'weight',
      text: `weight ${formatAmount(fs.weight)}`,
      description: `fair-sharing weight ${formatAmount(fs.weight)}: its share is divided by it`,
      style: 'dashed',
      shortenable: false,
    });
  }
  const limit = limitText(f.borrowingLimit);
  if (limit !== null)
    out.push({
      key: 'borrowing-limit',
      text: `borrow ≤ ${limit}`,
      description: `borrowing limit ${limit}: the most this ${noun(f)} may borrow above its nominal quota`,
      style: 'dashed',
      shortenable: false, // a figure: read in full (decision 0313)
    });
  return out;
}

export const KUEUE_BADGE_LEGEND: readonly QueueBadgeLegendEntry[] = [
  { label: 'borrowed from the cohort', style: 'filled', key: 'borrowed' },
  { label: 'lendable to the cohort', style: 'outlined', key: 'lendable' },
  { label: 'borrowing limit', style: 'dashed', key: 'borrowing-limit' },
  { label: 'share: borrowed ÷ cohort lendable ÷ weight', style: 'outlined', key: 'share' },
  { label: 'fair-sharing weight (shown only with fair sharing on)', style: 'dashed', key: 'weight' },
];

/** The rows after the common ones, whose share row already is the nominal quota (Kueue's words). */
export function kueueQueueDetailRows(queue: QueueState): QueueDetailRow[] {
  const f = figuresOf(queue);
  if (f === null) return [];
  return [
    { key: 'kind', label: 'Kind', value: f.kind === 'cohort' ? 'Cohort' : 'ClusterQueue' },
    {
      key: 'cohort',
      label: f.kind === 'cohort' ? 'Parent cohort' : 'Cohort',
      value: f.cohort ?? 'none',
    },
    {
      key: 'borrowing-limit',
      label: 'Borrowing limit',
      value: limitText(f.borrowingLimit) ?? 'none (may borrow all its cohort lends)',
    },
    {
      key: 'lending-limit',
      label: 'Lending limit',
      value: limitText(f.lendingLimit) ?? 'none (lends all its unused quota)',
    },
    { key: 'borrowed', label: 'Borrowed', value: formatQueueResources(f.borrowed) },
    { key: 'lendable', label: 'Lendable now', value: formatQueueResources(f.lendable) },
    ...(f.fairSharing === null
      ? []
      : [
          {
            key: 'share',
            label: 'Fair-sharing share',
            value: `${shareText(f.fairSharing.share)}${f.fairSharing.dominantResource === '' ? '' : ` (${f.fairSharing.dominantResource})`}`,
            help: 'dominant resource share: borrowed above the nominal quota ÷ what the cohort could lend ÷ weight (kueue fair_sharing.go)',
          },
          { key: 'weight', label: 'Fair-sharing weight', value: formatAmount(f.fairSharing.weight) },
        ]),
  ];
}
