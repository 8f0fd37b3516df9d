/** The upstream commit Kueue's rules and conformance cases follow (ProfileModule.upstream, decision 0309). */
import type { UpstreamCommit } from '../../framework/ProfileModule';

export const KUEUE_UPSTREAM: UpstreamCommit = {
  repository: 'kubernetes-sigs/kueue',
  commit: 'ff69552e',
  date: '2026-08-22',
};
