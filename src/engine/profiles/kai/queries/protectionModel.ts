/**
 * Min-runtime protection as the UI and the CLI describe it outside a session: the resolved durations for a
 * queue (or a queue pair) under the configured plugin arguments, and until when a job is protected.
 * Returns a model with no protection when the scenario does not enable the minruntime plugin.
 */
import type { ResolveQuery, ResolveResult } from '../../../model/protection';
import type { QueueSpec, SchedulerConfig } from '../../../model/scenario';
import type { ProtectionState, ReclaimProtection, ReclaimerProtection } from '../../../model/protection';
import type { MinRuntimeResolution } from '../../../model/trace';
import { parseMinRuntimeArgs, type MinRuntimeArgs } from '../plugins/minruntime/args';
import { ReclaimerIndex } from '../plugins/minruntime/reclaimerGroups';
import {
  MinRuntimeResolver,
  isProtected,
  protectedUntil,
  type QueueNode,
} from '../plugins/minruntime/resolver';

export interface ProtectionModel {
  readonly enabled: boolean;
  readonly args: MinRuntimeArgs;
  resolve(query: ResolveQuery): ResolveResult;
  /**
   * Protection end times for a job of `queue` started at `startedAtMs`: preempt, then reclaim (under `queue`
   * the one walk; under `lca` one per group of the waiting reclaimers in `reclaimers`).
   */
  protectedUntil(queue: string, startedAtMs: number, reclaimers: ReclaimerIndex): (number | null)[];
  /** The session's waiting reclaimers (leaf queues of jobs with pending or pipelined tasks), indexed once. */
  reclaimerIndex(waitingQueues: ReadonlySet<string>): ReclaimerIndex;
  /**
   * A job's protections at `nowMs`: preempt (walk up from its queue) and reclaim against each group of
   * waiting reclaimers (under `lca` the duration depends on the reclaimer's queue; under `queue` it does not,
   * and `anyReclaimer` holds the one figure). `startedAtMs` null = not running: never protected.
   */
  jobProtection(
    queue: string,
    startedAtMs: number | null,
    nowMs: number,
    reclaimers: ReclaimerIndex,
  ): { preempt: ProtectionState | null; reclaim: ReclaimProtection | null };
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
  const nodes = queueNodes(queues);
  const resolver = new MinRuntimeResolver(nodes, args);
  const method = args.reclaimResolveMethod;
  // Under `queue` the reclaimer plays no part: one resolution per victim queue, with no preemptor named.
  const anyReclaimer = new Map<string, MinRuntimeResolution>();
  const resolveForAny = (queue: string): MinRuntimeResolution => {
    let r = anyReclaimer.get(queue);
    if (r === undefined) {
      r = Object.freeze({ ...resolver.reclaim(queue, queue, 'queue'), preemptorQueue: null });
      anyReclaimer.set(queue, r);
    }
    return r;
  };
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
    protectedUntil(queue, startedAtMs, reclaimers) {
      if (configured === null) return [];
      const reclaim =
        method === 'queue'
          ? [resolveForAny(queue)]
          : reclaimers.groups(queue, method).map((g) => resolver.reclaim(g.representative, queue, method));
      return [resolver.preempt(queue), ...reclaim].map((r) => protectedUntil(startedAtMs, r.durationMs));
    },
    reclaimerIndex(waitingQueues) {
      return new ReclaimerIndex(nodes, waitingQueues);
    },
    jobProtection(queue, startedAtMs, nowMs, reclaimers) {
      if (configured === null) return { preempt: null, reclaim: null };
      // A job that does not run has nothing to protect: no per-reclaimer entries (a snapshot of a big cluster
      // has thousands of pending jobs, and each entry is an object shipped to the main thread).
      const groups = startedAtMs === null ? [] : reclaimers.groups(queue, method);
      const byReclaimer = groups.map((g): ReclaimerProtection => {
        const resolution = resolver.reclaim(g.representative, queue, method);
        return {
          resolution,
          protectedUntilMs: protectedUntil(startedAtMs, resolution.durationMs),
          isProtected: isProtected(startedAtMs, resolution.durationMs, nowMs),
          reclaimerQueues: g.queues,
          reclaimerQueueCount: g.count,
        };
      });
      const any = method === 'queue' ? state(resolveForAny(queue), startedAtMs, nowMs) : null;
      return {
        preempt: state(resolver.preempt(queue), startedAtMs, nowMs),
        reclaim: {
          method,
          anyReclaimer: any,
          byReclaimer,
          isProtected: any !== null ? any.isProtected : byReclaimer.some((p) => p.isProtected),
        },
      };
    },
  };
}
