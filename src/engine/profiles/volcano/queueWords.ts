/**
 * How Volcano and kube-batch name a queue's figures: Volcano's Queue has weight, capability, guarantee and
 * deserved (volcano staging/src/volcano.sh/apis/pkg/apis/scheduling/v1beta1/types.go QueueSpec @ed72c7c8),
 * and its plugins call the share a queue is owed "deserved" (plugins/proportion, plugins/capacity);
 * kube-batch's has weight only as far as its scheduler reads (decision 0250). Pure data, handed to the
 * views by the profile's UI module.
 */
import type { QueueWords } from '../../framework/ProfileModule';

export const VOLCANO_QUEUE_WORDS: QueueWords = {
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
export const KUBE_BATCH_QUEUE_WORDS: QueueWords = {
  ...VOLCANO_QUEUE_WORDS,
  profile: 'kube-batch',
  share: { label: 'deserved', meaning: 'the deserved share proportion divided by weight' },
  floor: null,
  cap: null,
  priority: false,
};
