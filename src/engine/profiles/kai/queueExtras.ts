/**
 * KAI's per-queue snapshot facts (the snapshot's `QueueState.extras`, decision 0340): the min-runtimes
 * written on the queue itself (Queue spec `preemptMinRuntime`/`reclaimMinRuntime`, KAI
 * pkg/apis/scheduling/v2/queue_types.go:42,46 @d5bc503a), null where unset. What the minruntime plugin resolves
 * from them (inherited, defaulted) is the queue's `resolved` figures (kaiQueueFigures.ts).
 */
import type { QueueSpec } from '../../model/scenario';
import type { QueueExtras } from '../../model/snapshot';

export interface KaiQueueExtras extends QueueExtras {
  readonly profile: 'kai';
  readonly preemptMinRuntimeMs: number | null;
  readonly reclaimMinRuntimeMs: number | null;
}

export function kaiQueueExtras(spec: QueueSpec): KaiQueueExtras {
  return {
    profile: 'kai',
    preemptMinRuntimeMs: spec.preemptMinRuntimeMs,
    reclaimMinRuntimeMs: spec.reclaimMinRuntimeMs,
  };
}
