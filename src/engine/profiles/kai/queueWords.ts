/**
 * How KAI names a queue's figures: its Queue has quota, limit and over-quota weight per resource (KAI
 * pkg/apis/scheduling/v2/queue_types.go @d5bc503), and the proportion plugin divides the fair share. Pure
 * data: the profile's module and its UI module (`uiModuleOf(profile).queueWords`) hand it to the views.
 */
import type { QueueWords } from '../../framework/ProfileModule';

export const KAI_QUEUE_WORDS: QueueWords = {
  profile: 'kai',
  share: { label: 'fair share', meaning: 'what the proportion plugin divided to this queue this session' },
  floor: { label: 'quota', meaning: 'deserved quota: given before any over-quota share' },
  cap: { label: 'limit', meaning: 'the most the queue may be allocated (none = unlimited)' },
  weight: {
    label: 'OQW',
    meaning: 'over-quota weight: how what is left above the quotas is divided',
    perResource: true,
  },
  priority: true,
  floorIsQuota: true,
};
