/** The upstream commit KAI's rules and conformance cases follow (ProfileModule.upstream, decision 0309). */
import type { UpstreamCommit } from '../../framework/ProfileModule';

// KAI moved from NVIDIA/KAI-Scheduler to kai-scheduler/KAI-Scheduler; 72de64fc (2026-03-07) until issue 21.
export const KAI_UPSTREAM: UpstreamCommit = {
  repository: 'kai-scheduler/KAI-Scheduler',
  commit: 'd5bc503a',
  date: '2026-08-07',
};
