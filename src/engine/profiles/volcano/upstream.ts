/** The upstream commits Volcano's and kube-batch's rules and conformance cases follow (decision 0309). */
import type { UpstreamCommit } from '../../framework/ProfileModule';

export const VOLCANO_UPSTREAM: UpstreamCommit = {
  repository: 'volcano-sh/volcano',
  commit: 'ed72c7c8',
  date: '2026-08-20',
};

export const KUBE_BATCH_UPSTREAM: UpstreamCommit = {
  repository: 'kubernetes-sigs/kube-batch',
  commit: '86b2ba21',
  date: '2021-02-15',
};
