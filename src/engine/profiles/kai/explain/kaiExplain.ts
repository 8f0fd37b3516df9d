/**
 * KAI's answers to the shared explain code (decision 0309): its share is proportion's fair share, its
 * queue what-ifs are quota and limit, and a longer min-runtime is what would have kept an evicted job.
 */
import type { ProfileExplain } from '../../../framework/ProfileModule';
import { kaiQueueCandidates } from './queueCandidates';
import { kaiWouldHaveProtected } from './wouldHaveProtected';

export const kaiExplain: ProfileExplain = {
  shareWord: 'fair share',
  queueCandidates: kaiQueueCandidates,
  wouldHaveProtected: kaiWouldHaveProtected,
};
