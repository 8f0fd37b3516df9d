/**
 * KAI's answers to the shared explain code (decision 0309): its share is proportion's fair share, its
 * queue what-ifs are quota and limit, and a longer min-runtime is what would have kept an evicted job; a
 * job whose victims min-runtime keeps is told who and until when, and offered a shorter one (decision 0339).
 */
import type { ProfileExplain } from '../../../framework/ProfileModule';
import { kaiEvictionProtection } from './evictionProtection';
import { kaiQueueCandidates } from './queueCandidates';
import { kaiProtectedBlocker, kaiShorterMinRuntime } from './victimsProtected';
import { kaiWouldHaveProtected } from './wouldHaveProtected';

export const kaiExplain: ProfileExplain = {
  shareWord: 'fair share',
  queueCandidates: kaiQueueCandidates,
  wouldHaveProtected: kaiWouldHaveProtected,
  protectedBlocker: kaiProtectedBlocker,
  protectionCandidates: kaiShorterMinRuntime,
  evictionProtection: kaiEvictionProtection,
};
