/**
 * The upstream commit each profile follows: the code its rules were read from, cited in comments and
 * decisions, and the commit its translated conformance cases were taken at. Pure data, so the credentials
 * panel can show it without loading the engine. Bump a profile's entry only together with its rules and
 * its conformance cases (decision 0234).
 */
import type { Profile } from '../model/scenario';

export interface UpstreamCommit {
  /** `owner/name` on GitHub. */
  repository: string;
  /** The commit's first 8 hex digits, as cited in `x-source` and decisions. */
  commit: string;
  /** The commit date (YYYY-MM-DD). */
  date: string;
}

export const UPSTREAM: Readonly<Record<Profile, UpstreamCommit>> = {
  // KAI moved from NVIDIA/KAI-Scheduler to kai-scheduler/KAI-Scheduler; 72de64fc (2026-03-07) until issue 21.
  kai: { repository: 'kai-scheduler/KAI-Scheduler', commit: 'd5bc503a', date: '2026-08-07' },
  volcano: { repository: 'volcano-sh/volcano', commit: 'ed72c7c8', date: '2026-08-20' },
  'kube-batch': { repository: 'kubernetes-sigs/kube-batch', commit: '86b2ba21', date: '2021-02-15' },
  kueue: { repository: 'kubernetes-sigs/kueue', commit: 'ff69552e', date: '2026-08-22' },
};
