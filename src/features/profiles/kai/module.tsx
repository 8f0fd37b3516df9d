/**
 * KAI-Scheduler as the views see it: min-runtime protection columns (the engine resolved them into the
 * snapshot's `preemptProtection`/`reclaimProtection`), the protection marks of the timeline, its names
 * and queue words (pure data from engine/profiles/kai).
 */
import { KAI_CATALOGUE } from '../../../engine/profiles/kai/catalogue';
import { queueWords } from '../../../engine/model/queueWords';
import { ProtectionCell, ReclaimProtectionCell } from '../../jobs/ProtectionCell';
import type { ProfileJobColumn, ProfileUiModule } from '../ProfileUiModule';

const COLUMNS: readonly ProfileJobColumn[] = [
  {
    id: 'preempt',
    sortKey: 'preempt',
    label: 'Preempt protection',
    help: 'preemptMinRuntime, walking up from the job’s queue. Applies to preemption inside the queue.',
    cell: (job, nowMs) => (
      <ProtectionCell protection={job.preemptProtection} nowMs={nowMs} testId="jobs-table.preempt" />
    ),
  },
  {
    id: 'reclaim',
    sortKey: 'reclaim',
    label: 'Reclaim protection',
    help: 'reclaimMinRuntime as the engine resolves it. Queue method: one value for any reclaimer. LCA method: the value depends on the reclaimer’s queue, so it is shown for each queue with a job waiting to be placed (the inspector has the details).',
    cell: (job, nowMs) => (
      <ReclaimProtectionCell
        protection={job.reclaimProtection}
        nowMs={nowMs}
        isRunning={job.running > 0}
        testId="jobs-table.reclaim"
      />
    ),
  },
];

export const kaiUi: ProfileUiModule<'kai'> = {
  name: 'kai',
  title: 'KAI-Scheduler',
  catalogue: KAI_CATALOGUE,
  queueWords: queueWords('kai'),
  jobColumns: () => COLUMNS,
  ownSortKeys: ['preempt', 'reclaim'],
  timelineLegend: [{ label: 'protection starts or ends', color: 'protected', shape: 'dot' }],
  detailRenderers: {},
};
