/**
 * What a KAI snapshot resolves for each queue (decision 0298): the min-runtimes in effect for a job of the
 * queue, with where each comes from, computed by the plugin's own resolver (../plugins/minruntime/
 * resolver.ts, modelling KAI pkg/scheduler/plugins/minruntime/resolver.go:48-71 for preempt and :94-121 for
 * the reclaim queue walk @d5bc503). Views draw these and never walk the queue tree themselves (decision 0003).
 */
import type { QueueSpec } from '../../../model/scenario';
import type { ResolvedQueueFigures } from '../../../model/snapshot';
import type { MinRuntimeResolution } from '../../../model/trace';
import type { ProtectionModel } from '../queries/protectionModel';

/** Where an effective min-runtime comes from. */
export type MinRuntimeOrigin = 'set' | 'inherited' | 'default';

/** One effective min-runtime of a queue. */
export interface EffectiveMinRuntime {
  readonly valueMs: number;
  readonly origin: MinRuntimeOrigin;
  /** The ancestor the value is inherited from (origin `inherited`), else null. */
  readonly from: string | null;
}

/** The reclaim min-runtime: the queue walk's value and the resolution rule the plugin is configured with. */
export interface EffectiveReclaimMinRuntime extends EffectiveMinRuntime {
  /**
   * `reclaimResolveMethod` in force (minruntime.go). Under `queue` the value holds for every reclaimer; under
   * `lca` it is the value a reclaimer in the same queue meets, and another reclaimer's depends on where the
   * two queues' paths meet (resolver.go:123-186): the trace and the `minruntime` query give that one.
   */
  readonly method: 'lca' | 'queue';
}

export interface KaiQueueFigures extends ResolvedQueueFigures {
  /** Null when the scenario does not enable the minruntime plugin (nothing protects a job). */
  readonly minRuntime: {
    readonly preempt: EffectiveMinRuntime;
    readonly reclaim: EffectiveReclaimMinRuntime;
  } | null;
}

/** The queue whose value a resolution used, read as set here, inherited, or the plugin default. */
function effective(
  r: MinRuntimeResolution,
  queue: string,
  byName: ReadonlyMap<string, QueueSpec>,
  field: 'preemptMinRuntimeMs' | 'reclaimMinRuntimeMs',
): EffectiveMinRuntime {
  // The resolver names the plugin argument `default`; a queue may be called that too, so a source is a
  // queue only when that queue sets the field (an explicit 0 counts as set, as upstream).
  const source = byName.get(r.source);
  const fromQueue = source !== undefined && source[field] !== null && r.path.includes(r.source);
  if (!fromQueue) return { valueMs: r.durationMs, origin: 'default', from: null };
  return r.source === queue
    ? { valueMs: r.durationMs, origin: 'set', from: null }
    : { valueMs: r.durationMs, origin: 'inherited', from: r.source };
}

/**
 * A queue's figures under the protection model of the session (the config and queues it ran with). The
 * reclaim value is the walk from the queue itself (no reclaimer named), which is the whole answer under
 * `queue` and the same-queue answer under `lca`.
 */
export function kaiQueueFigures(
  model: ProtectionModel,
  queue: QueueSpec,
  byName: ReadonlyMap<string, QueueSpec>,
): KaiQueueFigures {
  if (!model.enabled) return { profile: 'kai', minRuntime: null };
  const r = model.resolve({ victimQueue: queue.name });
  return {
    profile: 'kai',
    minRuntime: {
      preempt: effective(r.preempt, queue.name, byName, 'preemptMinRuntimeMs'),
      reclaim: {
        ...effective(r.reclaim, queue.name, byName, 'reclaimMinRuntimeMs'),
        method: model.args.reclaimResolveMethod,
      },
    },
  };
}
