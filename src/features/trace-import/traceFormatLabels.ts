/** How the trace formats (issue 20) are named to a person: the published trace and its file. */
import type { TraceFormat } from '../../protocol/clusterImport';

export const TRACE_FORMAT_LABEL: Record<TraceFormat, string> = {
  philly: 'Microsoft Philly job log (cluster_job_log, JSON)',
  helios: 'SenseTime Helios cluster_log.csv',
  pai: 'Alibaba PAI GPU 2020 (pai_job_table)',
  alibaba2023: 'Alibaba GPU 2023/2026 (openb_pod_list)',
};

export const QUOTA_RULE_LABEL = {
  'peak-share': 'Share of peak use: each queue’s quota in proportion to its peak concurrent GPUs',
  'mean-share': 'Share of mean use: in proportion to its mean concurrent GPUs',
  none: 'No quotas: every queue shares by over-quota weight only',
} as const;
