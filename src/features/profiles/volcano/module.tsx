/**
 * Volcano and kube-batch as the views see them: the PodGroup column, task roles when some job has them,
 * the SLA clock when the sla plugin is configured, the enqueue and SLA marks of the timeline, their trace
 * detail renderers, names and queue words (pure data from engine/profiles/volcano).
 */
import { KUBE_BATCH_CATALOGUE, VOLCANO_CATALOGUE } from '../../../engine/profiles/volcano/catalogue';
import { KUBE_BATCH_QUEUE_WORDS, VOLCANO_QUEUE_WORDS } from '../../../engine/profiles/volcano/queueWords';
import { KUBE_BATCH_UPSTREAM, VOLCANO_UPSTREAM } from '../../../engine/profiles/volcano/upstream';
import type { ScenarioSummary } from '../../../protocol/messages';
import { podGroupExample } from '../../explain/dryRunExamples';
import type { ProfileJobColumn, ProfileLegendEntry, ProfileUiModule, ShownFacts } from '../ProfileUiModule';
import { PodGroupCell, RolesCell, SlaCell } from './VolcanoCells';
import { VOLCANO_RENDERERS } from './renderers';
import { PodGroupSection } from './PodGroupSection';
import { volcanoExtrasOf } from './volcanoExtras';
import type { JobState } from '../../../engine/model/snapshot';
import { VolcanoQueueTable } from './VolcanoQueueTable';
import { volcanoQueueRows } from './queueRows';

const PODGROUP_COLUMN: ProfileJobColumn = {
  id: 'podgroup',
  sortKey: null,
  label: 'PodGroup',
  help: 'Phase (Pending, Inqueue, Running, Completed, Unknown), minAvailable, tasks ready (running or succeeded) and pipelined, and the last enqueue decision',
  cell: (job) => <PodGroupCell job={job} />,
};

const ROLES_COLUMN: ProfileJobColumn = {
  id: 'roles',
  sortKey: null,
  label: 'Roles',
  help: 'Volcano task roles (§26): each role’s running tasks against its minTaskMember (— when none); a role below its minimum is marked',
  cell: (job) => <RolesCell job={job} />,
};

const SLA_COLUMN: ProfileJobColumn = {
  id: 'sla',
  sortKey: null,
  label: 'SLA',
  help: 'The sla plugin’s waiting time (job annotation, else the plugin argument), counted from the job’s creation: while it runs sla abstains; once it has passed, sla permits enqueue and orders the job first',
  cell: (job) => <SlaCell job={job} />,
};

const LEGEND: readonly ProfileLegendEntry[] = [
  { label: 'enqueued', color: 'bind', shape: 'triangle' },
  { label: 'SLA expired', color: 'unprotected', shape: 'diamond' },
];

const volcanoLike = {
  // The PodGroup; task roles when some job of the session has them (the engine writes `roles` only
  // then); the SLA clock only when the sla plugin is configured (the load summary lists plugins).
  jobColumns: (summary: ScenarioSummary | null, shown: ShownFacts) => [
    PODGROUP_COLUMN,
    ...(shown.hasRoles ? [ROLES_COLUMN] : []),
    ...(summary?.plugins.some((p) => p.name === 'sla') === true ? [SLA_COLUMN] : []),
  ],
  ownSortKeys: [],
  timelineLegend: LEGEND,
  // The inspector's PodGroup and sla section, and the enqueue gate's answer, from the job's extras.
  jobSection: PodGroupSection,
  enqueueDecision: (job: JobState) => volcanoExtrasOf(job)?.enqueue ?? null,
  detailRenderers: VOLCANO_RENDERERS,
  // Proportion's figures are on the cards and in the table: no badges, no min-runtime.
  queueBadges: () => [],
  queueBadgeLegend: [],
  queueTreeNote:
    'Each card’s band is the deserved share (proportion’s, or capacity’s from the queue’s deserved), its bar what is allocated (a parent’s includes its children’s) and its cap the capability; the table gives weight, capability, guarantee, deserved and allocated per queue.',
  queueTable: VolcanoQueueTable,
  minRuntime: null,
  // Volcano's PodGroup and the pod's group annotation (volcano staging/src/volcano.sh/apis/pkg/apis/
  // scheduling/v1beta1/types.go @ed72c7c8); kube-batch's objects are Volcano's (format §12).
  kubernetesExample: {
    label: 'PodGroup + Pods',
    text: (queue: string) =>
      podGroupExample(queue, {
        apiVersion: 'scheduling.volcano.sh/v1beta1',
        groupAnnotation: 'scheduling.k8s.io/group-name',
        queueLabel: null,
        schedulerName: 'volcano',
      }),
  },
  newScenario: null,
} as const;

export const volcanoUi: ProfileUiModule<'volcano'> = {
  name: 'volcano',
  title: 'Volcano',
  catalogue: VOLCANO_CATALOGUE,
  queueWords: VOLCANO_QUEUE_WORDS,
  upstream: VOLCANO_UPSTREAM,
  queueDetailRows: volcanoQueueRows(VOLCANO_QUEUE_WORDS),
  ...volcanoLike,
};

export const kubeBatchUi: ProfileUiModule<'kube-batch'> = {
  name: 'kube-batch',
  title: 'kube-batch',
  catalogue: KUBE_BATCH_CATALOGUE,
  queueWords: KUBE_BATCH_QUEUE_WORDS,
  upstream: KUBE_BATCH_UPSTREAM,
  queueDetailRows: volcanoQueueRows(KUBE_BATCH_QUEUE_WORDS),
  ...volcanoLike,
};
