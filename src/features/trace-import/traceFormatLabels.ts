/** How the trace formats (issue 20) are named to a person: the published trace and its file. */
import type { TraceFormat } from '../../protocol/clusterImport';

export const TRACE_FORMAT_LABEL: Record<TraceFormat, string> = {
  philly: 'Microsoft Philly job log (cluster_job_log, JSON)',
  helios: 'SenseTime Helios cluster_log.csv',
  pai: 'Alibaba PAI GPU 2020 (pai_job_table)',
  alibaba2023: 'Alibaba GPU 2023/2026 (openb_pod_list)',
};

export const QUOTA_RULE_LABEL = {
  'peak-share': 'Share of peak use',
  'mean-share': 'Share of mean use',
  none: 'No quotas',
} as const;

/** The option fields' labels, in the form and in the list of what kept an import from running. */
export const TRACE_FIELD_LABEL = {
  compress: 'Time compression',
  windowFrom: 'Window from',
  windowTo: 'Window to',
  firstJobs: 'First N jobs',
  fraction: 'Fraction of jobs',
  seed: 'Seed',
  gpusPerNode: 'GPUs per node',
  nodes: 'Nodes',
} as const;

/** What each quota rule does (docs/scenario-format.md §20), under the chosen one. */
export const QUOTA_RULE_HELP = {
  'peak-share': 'The cluster’s GPUs split in proportion to each queue’s peak concurrent use',
  'mean-share': 'The cluster’s GPUs split in proportion to each queue’s mean concurrent use',
  none: 'Quota 0: queues share by over-quota weight only',
} as const;
