/**
 * Volcano's and kube-batch's inspector rows for a queue, in their words (weight, capability, guarantee,
 * the written deserved), from the snapshot's queue extras (the spec as proportion reads it). Only words.
 */
import type { Resources } from '../../../engine/model/resources';
import type { QueueState } from '../../../engine/model/snapshot';
import type { QueueWords } from '../../../engine/framework/ProfileModule';
import { formatQueueResources } from '../../format/formatResources';
import type { QueueDetailRow } from '../ProfileUiModule';
import { volcanoQueueExtrasOf } from '../../../engine/profiles/volcano/jobExtras';

/** A written resource list, or `none`. */
function listText(list: Partial<Resources> | null): string {
  if (list === null) return 'none';
  const { gpu = 0, cpu = 0, memory = 0 } = list;
  return formatQueueResources({ gpu, cpu, memory });
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export function volcanoQueueRows(words: QueueWords): (queue: QueueState) => QueueDetailRow[] {
  return (queue) => {
    const x = volcanoQueueExtrasOf(queue);
    if (x === null) return [];
    const rows: QueueDetailRow[] = [
      {
        key: 'weight',
        label: capitalise(words.weight.label),
        value: String(x.weight),
        help: words.weight.meaning,
      },
    ];
    if (!x.reclaimable) rows.push({ key: 'reclaimable', label: 'Reclaimable', value: 'no' });
    if (words.cap !== null)
      rows.push({
        key: 'cap',
        label: capitalise(words.cap.label),
        value: listText(x.capability),
        help: words.cap.meaning,
      });
    if (words.floor !== null)
      rows.push({
        key: 'floor',
        label: capitalise(words.floor.label),
        value: listText(x.guarantee),
        help: words.floor.meaning,
      });
    if (x.deserved !== null)
      rows.push({ key: 'deserved', label: 'Written deserved (capacity)', value: listText(x.deserved) });
    return rows;
  };
}
