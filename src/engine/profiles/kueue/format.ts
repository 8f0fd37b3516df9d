/**
 * What of the scenario format Kueue reads (docs/scenario-format.md §27). Its queues are the Cohorts and
 * ClusterQueues of its own `kueue:` block (a profile block, decision 0281): the shared reader hands the block
 * to `readKueueSpec`, draws the derived cards and lets jobs name ClusterQueues only. KAI's and Volcano's
 * per-job and per-cluster features are not modelled (§27.6): a Workload's pods are one pod set placed by
 * the stand-in of decision 0285, with no node pools, subgroups, topology, GPU sharing or task roles.
 */
import type { FormatFeature, ProfileBlockFormat, ProfileFormat } from '../../framework/ProfileModule';
import { KUEUE_BLOCK, kueueQueues, readKueueBlock } from './profile';
import { isKueueSpec } from './spec';

const block: ProfileBlockFormat = {
  key: KUEUE_BLOCK,
  holds: 'resourceFlavors, cohorts and clusterQueues, §27',
  read: readKueueBlock,
  queues: (data) => (isKueueSpec(data) ? kueueQueues(data) : null),
  jobQueues: (data) => (isKueueSpec(data) ? new Set(data.clusterQueues.map((q) => q.name)) : null),
  // Kueue queues Workloads only in a ClusterQueue (through a LocalQueue); a Cohort holds no Workloads.
  whyNotJobQueue: (queue) => `"${queue}" is a cohort; a kueue job names a ClusterQueue`,
};

export const kueueFormat: ProfileFormat = {
  // The cohort tree is read (the derived cards have parents); the block's reader checks it.
  accepts: (feature: FormatFeature) => feature === 'queueHierarchy',
  whyRefused: (feature: FormatFeature) =>
    feature === 'succeededTasks'
      ? 'profile kueue admits a Workload whole and does not model a partly finished one (reclaimablePods, §27.6); a task cannot start Succeeded'
      : `profile kueue does not model ${feature} (§27.6)`,
  unreadQueueFields: {},
  unreadJobFields: {
    preemptibility:
      'KAI preemptibility; Kueue preempts by Workload priority and the ClusterQueue preemption policy',
    // Partial admission (a pod set's minCount) is not modelled: a Workload is admitted whole, so a
    // minAvailable below the task count would be accepted and ignored (workloads.ts; §27.3).
    minAvailable: 'Kueue admits a Workload whole (partial admission is not modelled): every pod counts',
  },
  unreadWorkloadFields: {
    preemptible: 'the share of jobs given KAI preemptibility; Kueue preempts by Workload priority',
    elastic: 'the share of elastic jobs (minAvailable below the task count); Kueue admits a Workload whole',
    elasticMin: 'the elastic jobs’ minAvailable fraction; Kueue admits a Workload whole',
  },
  unsupported: () => null,
  block,
};
