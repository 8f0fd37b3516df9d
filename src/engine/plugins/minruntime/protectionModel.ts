/**
 * Min-runtime protection as the UI and the CLI describe it outside a session: the resolved durations for a
 * queue (or a queue pair) under the configured plugin arguments, and until when a job is protected.
 * Returns a model with no protection when the scenario does not enable the minruntime plugin.
 */
import type { ResolveQuery, ResolveResult } from '../../api';
import type { QueueSpec, SchedulerConfig } from '../../model/scenario';
import type { ProtectionState } from '../../model/snapshot';
import type { MinRuntimeResolution } from '../../model/trace';
import { parseMinRuntimeArgs, type MinRuntimeArgs } from './args';
import { MinRuntimeResolver, isProtected, protectedUntil, type QueueNode } from './resolver';

export interface ProtectionModel {
  readonly enabled: boolean;
  readonly args: MinRuntimeArgs;
  resolve(query: ResolveQuery): ResolveResult;
  /** [preempt, reclaim-by-queue-walk] protection end times for a job of `queue` started at `startedAtMs`. */
  protectedUntil(queue: string, startedAtMs: number): (number | null)[];
  jobProtection(
    queue: string,
    startedAtMs: number | null,
    nowMs: number,
  ): { preempt: ProtectionState | null; reclaim: ProtectionState | null };
}

export function minRuntimeArgsOf(config: SchedulerConfig): MinRuntimeArgs | null {
  for (const tier of config.tiers) {
    for (const p of tier.plugins) if (p.name === 'minruntime') return parseMinRuntimeArgs(p.arguments);
  }
  return null;
}

export function queueNodes(queues: readonly QueueSpec[]): Map<string, QueueNode> {
  return new Map(
    queues.map((q) => [
      q.name,
      {
        name: q.name,
        parent: q.parent,
        preemptMinRuntimeMs: q.preemptMinRuntimeMs,
        reclaimMinRuntimeMs: q.reclaimMinRuntimeMs,
      },
    ]),
  );
}

export function createProtectionModel(
  config: SchedulerConfig,
  queues: readonly QueueSpec[],
): ProtectionModel {
  const configured = minRuntimeArgsOf(config);
  const args = configured ?? parseMinRuntimeArgs({});
  const resolver = new MinRuntimeResolver(queueNodes(queues), args);
  const state = (
    resolution: MinRuntimeResolution,
    startedAtMs: number | null,
    nowMs: number,
  ): ProtectionState => ({
    resolution,
    protectedUntilMs: protectedUntil(startedAtMs, resolution.durationMs),
    isProtected: isProtected(startedAtMs, resolution.durationMs, nowMs),
  });
  return {
    enabled: configured !== null,
    args,
    resolve(query) {
      const method = query.method ?? args.reclaimResolveMethod;
      return {
        preempt: resolver.preempt(query.victimQueue),
        reclaim:
          query.preemptorQueue === undefined
            ? resolver.reclaim(query.victimQueue, query.victimQueue, 'queue')
            : resolver.reclaim(query.preemptorQueue, query.victimQueue, method),
      };
    },
    protectedUntil(queue, startedAtMs) {
      if (configured === null) return [];
      return [
        protectedUntil(startedAtMs, resolver.preempt(queue).durationMs),
        protectedUntil(startedAtMs, resolver.reclaim(queue, queue, 'queue').durationMs),
      ];
    },
    jobProtection(queue, startedAtMs, nowMs) {
      if (configured === null) return { preempt: null, reclaim: null };
      return {
        preempt: state(resolver.preempt(queue), startedAtMs, nowMs),
        reclaim: state(resolver.reclaim(queue, queue, 'queue'), startedAtMs, nowMs),
      };
    },
  };
}
