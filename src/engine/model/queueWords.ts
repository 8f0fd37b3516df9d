/**
 * The words each profile uses for a queue's figures, so that every view names them as that scheduler does:
 * KAI's Queue has quota, limit and over-quota weight per resource (KAI pkg/apis/scheduling/v2/queue_types.go
 * @d5bc503); Volcano's has weight, capability, guarantee and deserved (volcano
 * staging/src/volcano.sh/apis/pkg/apis/scheduling/v1beta1/types.go QueueSpec @ed72c7c8), and its plugins call
 * the share a queue is owed "deserved" (plugins/proportion, plugins/capacity); kube-batch's has weight only
 * as far as its scheduler reads (decision 0250). Views take the words from here by the snapshot's profile
 * (a queue's `extras.profile`, absent for KAI) and never decide which figure means what themselves.
 */

import type { QueueWords } from '../framework/ProfileModule';

export type { QueueWord, QueueWords } from '../framework/ProfileModule';

const KAI: QueueWords = {
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

const VOLCANO: QueueWords = {
  profile: 'volcano',
  share: {
    label: 'deserved',
    meaning: 'the deserved share (proportion divides it by weight; capacity takes the written deserved)',
  },
  floor: { label: 'guarantee', meaning: 'reserved for this queue: no other queue may be given it' },
  cap: { label: 'capability', meaning: 'the most the queue may be allocated (none = no capability)' },
  weight: {
    label: 'weight',
    meaning: 'how proportion divides the cluster between queues',
    perResource: false,
  },
  priority: true,
  floorIsQuota: false,
};

/** kube-batch: Volcano's weight, and nothing else a queue writes is read (decision 0250). */
const KUBE_BATCH: QueueWords = {
  ...VOLCANO,
  profile: 'kube-batch',
  share: { label: 'deserved', meaning: 'the deserved share proportion divided by weight' },
  floor: null,
  cap: null,
  priority: false,
};

/** The words of `profile` (a scenario's profile, or a queue's `extras.profile`; anything else is KAI). */
export function queueWords(profile: string | undefined): QueueWords {
  if (profile === 'volcano') return VOLCANO;
  if (profile === 'kube-batch') return KUBE_BATCH;
  return KAI;
}
