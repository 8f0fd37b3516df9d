/**
 * KAI's queue cards and inspector rows: the effective min-runtimes the engine resolved for each queue
 * (`QueueState.resolved`, engine/profiles/kai/module/kaiQueueFigures.ts), worded as badges (P preempt,
 * R reclaim; filled = set here, outlined = inherited "↑from", dashed = the plugin default) and as rows. Only
 * words: nothing here walks the tree (decisions 0003, 0298).
 */
import type { QueueState } from '../../../engine/model/snapshot';
import type {
  EffectiveMinRuntime,
  KaiQueueFigures,
} from '../../../engine/profiles/kai/module/kaiQueueFigures';
import { formatQueueResources } from '../../format/formatResources';
import { formatSpan } from '../../../viz/layouts/formatSpan';
import type { QueueBadgeFact } from '../../../viz/layouts/layoutQueueTree';
import type { QueueBadgeLegendEntry, QueueDetailRow } from '../ProfileUiModule';

const STYLE = { set: 'filled', inherited: 'outlined', default: 'dashed' } as const;

function minRuntimeOf(queue: QueueState): KaiQueueFigures['minRuntime'] {
  const r = queue.resolved as KaiQueueFigures | undefined;
  return r?.minRuntime ?? null;
}

/** "5m, set on this queue" / "1m, inherited from d" / "0s (plugin default): not set on…". */
function where(m: EffectiveMinRuntime): string {
  const value = formatSpan(m.valueMs);
  if (m.origin === 'set') return `${value}, set on this queue`;
  if (m.origin === 'inherited') return `${value}, inherited from ${m.from ?? ''}`;
  return `${value} (plugin default): not set on this queue or its ancestors`;
}

/** Under lca the reclaim value is the same-queue one; another reclaimer's depends on where paths meet. */
function ruleNote(method: 'lca' | 'queue'): string {
  return method === 'lca'
    ? 'reclaimResolveMethod lca: for a reclaimer in another queue the walk starts below where the two queues meet'
    : 'reclaimResolveMethod queue: the same for every reclaimer';
}

export function kaiQueueBadges(queue: QueueState): QueueBadgeFact[] {
  const m = minRuntimeOf(queue);
  if (m === null) return [];
  return (['preempt', 'reclaim'] as const).map((kind) => {
    const e = m[kind];
    const letter = kind === 'preempt' ? 'P' : 'R';
    const value = formatSpan(e.valueMs);
    const text =
      e.origin === 'inherited' && e.from !== null ? `${letter} ${value} ↑${e.from}` : `${letter} ${value}`;
    const description =
      kind === 'reclaim'
        ? `${kind}MinRuntime ${where(e)}; ${ruleNote(m.reclaim.method)}`
        : `${kind}MinRuntime ${where(e)}`;
    return { key: kind, text, description, style: STYLE[e.origin], shortenable: e.origin === 'inherited' };
  });
}

export const KAI_BADGE_LEGEND: readonly QueueBadgeLegendEntry[] = [
  { label: 'min-runtime set here', style: 'filled' },
  { label: 'inherited (↑from)', style: 'outlined' },
  { label: 'plugin default', style: 'dashed' },
];

export function kaiQueueDetailRows(queue: QueueState): QueueDetailRow[] {
  const rows: QueueDetailRow[] = [{ key: 'quota', label: 'Quota', value: formatQueueResources(queue.quota) }];
  const m = minRuntimeOf(queue);
  if (m === null) {
    rows.push({
      key: 'minruntime',
      label: 'Min-runtime',
      value: 'none: the minruntime plugin is not enabled',
    });
    return rows;
  }
  rows.push({ key: 'preempt', label: 'preemptMinRuntime', value: where(m.preempt) });
  rows.push({
    key: 'reclaim',
    label: 'reclaimMinRuntime',
    value: where(m.reclaim),
    help: ruleNote(m.reclaim.method),
  });
  rows.push({ key: 'method', label: 'Reclaim resolve method', value: ruleNote(m.reclaim.method) });
  return rows;
}
