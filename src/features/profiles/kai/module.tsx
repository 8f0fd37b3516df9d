/// <reference types="vite/client" />
/**
 * KAI-Scheduler as the views see it: min-runtime protection columns (the engine resolved them into the
 * snapshot's `preemptProtection`/`reclaimProtection`), the protection marks of the timeline, its names
 * and queue words (pure data from engine/profiles/kai), the queue cards' min-runtime badges and inspector
 * rows (queueFigures.ts), its trace details' renderers (renderers.ts) and the tree's min-runtime what-ifs.
 */
import { KAI_CATALOGUE } from '../../../engine/profiles/kai/catalogue';
import { KAI_QUEUE_WORDS } from '../../../engine/profiles/kai/queueWords';
import { KAI_UPSTREAM } from '../../../engine/profiles/kai/upstream';
import { podGroupExample } from '../../explain/dryRunExamples';
import { ProtectionCell, ReclaimProtectionCell } from '../../jobs/ProtectionCell';
import type { RunQuery } from '../../../protocol/queries';
import type { ProfileJobColumn, ProfileUiModule } from '../ProfileUiModule';
import newScenarioText from './newScenario.yaml?raw';
import { KAI_BADGE_LEGEND, kaiQueueBadges, kaiQueueDetailRows } from './queueFigures';
import { KAI_RENDERERS } from './renderers';
import { KaiJobSection } from './ProtectionSections';
import { protectionsOf } from '../../../engine/model/protection';

type MinRuntimeQuery = Extract<RunQuery, { profile: 'kai'; kind: 'minruntime' }>;

const COLUMNS: readonly ProfileJobColumn[] = [
  {
    id: 'preempt',
    sortKey: 'preempt',
    label: 'Preempt protection',
    help: 'preemptMinRuntime, walking up from the job’s queue. Applies to preemption inside the queue.',
    cell: (job, nowMs) => (
      <ProtectionCell
        protection={protectionsOf(job).preemptProtection}
        nowMs={nowMs}
        testId="jobs-table.preempt"
      />
    ),
  },
  {
    id: 'reclaim',
    sortKey: 'reclaim',
    label: 'Reclaim protection',
    help: 'reclaimMinRuntime as the engine resolves it. Queue method: one value for any reclaimer. LCA method: the value depends on the reclaimer’s queue, so it is shown for each queue with a job waiting to be placed (the inspector has the details).',
    cell: (job, nowMs) => (
      <ReclaimProtectionCell
        protection={protectionsOf(job).reclaimProtection}
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
  queueWords: KAI_QUEUE_WORDS,
  upstream: KAI_UPSTREAM,
  jobColumns: () => COLUMNS,
  ownSortKeys: ['preempt', 'reclaim'],
  timelineLegend: [{ label: 'protection starts or ends', color: 'protected', shape: 'dot' }],
  jobSection: KaiJobSection,
  detailRenderers: KAI_RENDERERS,
  queueBadges: kaiQueueBadges,
  queueBadgeLegend: KAI_BADGE_LEGEND,
  queueDetailRows: kaiQueueDetailRows,
  queueTreeNote: null,
  queueTable: null,
  // KAI's min-runtime resolution at the session shown (the worker's `minruntime` query).
  minRuntime: (actions, params) =>
    actions.query<MinRuntimeQuery>({ profile: 'kai', kind: 'minruntime', params }),
  // KAI reads its own PodGroup and the pod's group annotation and queue label (format §12; KAI
  // pkg/apis/scheduling/v2alpha2 @d5bc503).
  kubernetesExample: {
    label: 'PodGroup + Pods',
    text: (queue) =>
      podGroupExample(queue, {
        apiVersion: 'scheduling.run.ai/v2alpha2',
        groupAnnotation: 'pod-group-name',
        queueLabel: 'kai.scheduler/queue',
        schedulerName: 'kai-scheduler',
      }),
  },
  newScenario: { label: 'KAI-Scheduler', text: newScenarioText },
};
