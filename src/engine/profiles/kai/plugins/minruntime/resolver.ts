/**
 * The min-runtime resolver of KAI's `minruntime` plugin (`pkg/scheduler/plugins/minruntime/resolver.go`):
 * which queue's `preemptMinRuntime` / `reclaimMinRuntime` protects a victim, plus the protection test the
 * plugin applies to a job's last start time. Pure: no clock, the caller passes `now`.
 *
 * Every result is a full {@link MinRuntimeResolution} (which queues were looked at and why), so the trace and
 * the UI can explain a protection without re-deriving it.
 */
import type { MinRuntimeResolution } from '../../../../model/trace';
import type { MinRuntimeArgs } from './args';

/** The part of a queue the resolver reads. `null` = the field is not set (distinct from an explicit 0). */
export interface QueueNode {
  name: string;
  /** Parent queue name; null for a top-level queue. */
  parent: string | null;
  preemptMinRuntimeMs: number | null;
  reclaimMinRuntimeMs: number | null;
}

type ReclaimMethod = 'lca' | 'queue';

/** Source name used when the plugin argument (not a queue) supplied the duration. */
const DEFAULT_SOURCE = 'default';

/**
 * The root → leaf chain of queue names ending at `name`.
 *
 * As upstream's `getQueueHierarchyPath`, a queue whose parent is missing from the map is its own root. A name
 * that is not in the map at all gives `[]` (upstream never builds a path for a nil queue). Upstream cannot
 * meet a parent cycle (the queue controller forbids them); here the walk stops before the first repeated
 * queue, so the last new queue reached acts as the root.
 */
export function queuePath(queues: ReadonlyMap<string, QueueNode>, name: string): string[] {
  const leafToRoot: string[] = [];
  const seen = new Set<string>();
  let current: string | null = name;
  while (current !== null && !seen.has(current)) {
    const node = queues.get(current);
    if (node === undefined) break;
    seen.add(current);
    leafToRoot.push(current);
    current = node.parent;
  }
  return leafToRoot.reverse();
}

/**
 * Resolves min-runtime durations for one session's queue tree and plugin arguments.
 *
 * Results are cached like upstream's duration caches (preempt per victim queue, reclaim per queue pair; here
 * also per method, because the sandbox can ask for either method). Build a new resolver per session, as
 * `OnSessionOpen` does, so queue edits between sessions are seen. Returned objects are frozen and shared.
 */
export class MinRuntimeResolver {
  private readonly preemptCache = new Map<string, MinRuntimeResolution>();
  /** preemptor queue → victim queue → method → resolution. */
  private readonly reclaimCache = new Map<string, Map<string, Map<ReclaimMethod, MinRuntimeResolution>>>();

  constructor(
    private readonly queues: ReadonlyMap<string, QueueNode>,
    private readonly args: MinRuntimeArgs,
  ) {}

  /**
   * Preempt min-runtime for a victim in `victimQueue` (upstream `getPreemptMinRuntime`): walk up from the
   * victim's queue; the first queue with `preemptMinRuntime` set wins (an explicit 0 counts as set);
   * none set → `defaultPreemptMinRuntime`. The preemptor plays no part. Cached per victim queue.
   */
  preempt(victimQueue: string): MinRuntimeResolution {
    const cached = this.preemptCache.get(victimQueue);
    if (cached !== undefined) return cached;
    const base = {
      kind: 'preempt',
      method: null,
      preemptorQueue: null,
      victimQueue,
      lca: null,
      stepDown: null,
    } as const;
    let result: MinRuntimeResolution;
    if (!this.queues.has(victimQueue)) {
      result = {
        ...base,
        ...this.defaultFor('preempt', []),
        note: missingQueueNote([victimQueue], 'preempt'),
      };
    } else {
      const upward = queuePath(this.queues, victimQueue).reverse();
      result = { ...base, ...this.walkUp(upward, 'preempt'), note: null };
    }
    return this.remember(this.preemptCache, victimQueue, result);
  }

  /**
   * Reclaim min-runtime for a victim in `victimQueue` reclaimed by a job in `preemptorQueue` (upstream
   * `getReclaimMinRuntime`). `method` defaults to the plugin's `reclaimResolveMethod`.
   *
   * - `queue`: walk up from the victim's queue; first `reclaimMinRuntime` set wins; else the default.
   * - `lca`: take both root → leaf paths. Different roots (upstream: "siblings under an implicit shadow
   *   root"): only the victim's top-level queue is consulted, else the default. Same root: find the deepest
   *   common queue, step one level down toward the victim (when the victim's path goes deeper; for the same
   *   leaf queue the walk starts at the leaf itself), then walk up the victim's path; first set value wins;
   *   else the default.
   *
   * Upstream returns the default (with an error) when either queue is nil, whatever the method; a name not in
   * the map is treated the same way. Cached per (preemptor queue, victim queue, method).
   *
   * For different trees, `lca` is null and `stepDown` is the victim's top-level queue (the shadow root's child
   * toward the victim, where the one-queue walk starts). The design-doc-vs-code `note` is set only when some
   * queue below that top-level queue on the victim's path has a `reclaimMinRuntime` the code thus ignored;
   * otherwise both readings give the same answer and the note would only be noise.
   */
  reclaim(preemptorQueue: string, victimQueue: string, method?: ReclaimMethod): MinRuntimeResolution {
    const used = method ?? this.args.reclaimResolveMethod;
    const byVictim = this.reclaimCache.get(preemptorQueue);
    const cached = byVictim?.get(victimQueue)?.get(used);
    if (cached !== undefined) return cached;

    const result = this.resolveReclaim(preemptorQueue, victimQueue, used);

    let victims = byVictim;
    if (victims === undefined) {
      victims = new Map();
      this.reclaimCache.set(preemptorQueue, victims);
    }
    let methods = victims.get(victimQueue);
    if (methods === undefined) {
      methods = new Map();
      victims.set(victimQueue, methods);
    }
    return this.remember(methods, used, result);
  }

  private resolveReclaim(
    preemptorQueue: string,
    victimQueue: string,
    method: ReclaimMethod,
  ): MinRuntimeResolution {
    const base = { kind: 'reclaim', method, preemptorQueue, victimQueue } as const;
    const missing = [...new Set([preemptorQueue, victimQueue])].filter((q) => !this.queues.has(q));
    if (missing.length > 0) {
      return {
        ...base,
        lca: null,
        stepDown: null,
        ...this.defaultFor('reclaim', []),
        note: missingQueueNote(missing, 'reclaim'),
      };
    }

    const victimPath = queuePath(this.queues, victimQueue);
    if (method === 'queue') {
      return {
        ...base,
        lca: null,
        stepDown: null,
        ...this.walkUp([...victimPath].reverse(), 'reclaim'),
        note: null,
      };
    }

    const preemptorPath = queuePath(this.queues, preemptorQueue);
    // Both paths are non-empty: both names are in the map.
    const victimRoot = victimPath[0] as string;
    if (preemptorPath[0] !== victimRoot) {
      // Upstream: no common queue, so only the victim's top-level queue counts (its value or the default).
      // That queue is the child of the implicit shadow root toward the victim, hence `stepDown`.
      const ignored = victimPath.slice(1).filter((q) => this.valueOf(q, 'reclaim') !== null);
      return {
        ...base,
        lca: null,
        stepDown: victimRoot,
        ...this.walkUp([victimRoot], 'reclaim'),
        note: ignored.length > 0 ? crossTreeNote(victimRoot) : null,
      };
    }

    let lcaIndex = 0;
    const common = Math.min(preemptorPath.length, victimPath.length);
    for (let i = 0; i < common && preemptorPath[i] === victimPath[i]; i++) lcaIndex = i;
    // Upstream starts one below the LCA only if the victim's path continues past it.
    const startIndex = lcaIndex + 1 < victimPath.length ? lcaIndex + 1 : lcaIndex;
    const upward = victimPath.slice(0, startIndex + 1).reverse();
    return {
      ...base,
      lca: victimPath[lcaIndex] as string,
      stepDown: victimPath[startIndex] as string,
      ...this.walkUp(upward, 'reclaim'),
      note: null,
    };
  }

  /** Looks at `upward` (nearest first); the first set value wins, else the plugin default. */
  private walkUp(
    upward: readonly string[],
    kind: 'preempt' | 'reclaim',
  ): Pick<MinRuntimeResolution, 'durationMs' | 'source' | 'path'> {
    const path: string[] = [];
    for (const name of upward) {
      path.push(name);
      const value = this.valueOf(name, kind);
      if (value !== null) return { durationMs: value, source: name, path };
    }
    return this.defaultFor(kind, path);
  }

  private defaultFor(
    kind: 'preempt' | 'reclaim',
    path: string[],
  ): Pick<MinRuntimeResolution, 'durationMs' | 'source' | 'path'> {
    const durationMs =
      kind === 'preempt' ? this.args.defaultPreemptMinRuntimeMs : this.args.defaultReclaimMinRuntimeMs;
    return { durationMs, source: DEFAULT_SOURCE, path };
  }

  private valueOf(name: string, kind: 'preempt' | 'reclaim'): number | null {
    const node = this.queues.get(name);
    if (node === undefined) return null;
    // Queue values are not validated upstream: a negative one is "set" and simply never protects.
    return kind === 'preempt' ? node.preemptMinRuntimeMs : node.reclaimMinRuntimeMs;
  }

  private remember<K>(
    cache: Map<K, MinRuntimeResolution>,
    key: K,
    result: MinRuntimeResolution,
  ): MinRuntimeResolution {
    Object.freeze(result.path);
    const frozen = Object.freeze(result);
    cache.set(key, frozen);
    return frozen;
  }
}

function missingQueueNote(names: readonly string[], kind: 'preempt' | 'reclaim'): string {
  const list = names.map((n) => `"${n}"`).join(' and ');
  const verb = names.length > 1 ? 'are' : 'is';
  return (
    `Queue ${list} ${verb} not in the queue tree; KAI treats a missing queue as nil, logs an error and uses ` +
    `the plugin's default ${kind} min-runtime.`
  );
}

function crossTreeNote(topLevel: string): string {
  return (
    'The design doc says to step one level below the common ancestor; the code, finding no common queue, ' +
    `only looks at the victim's top-level queue ${topLevel}, so values set below it are ignored.`
  );
}

/**
 * When min-runtime protection ends: `startedAtMs + durationMs`, or null for a job that has no start time
 * (upstream: no `LastStartTimestamp` → never protected).
 */
export function protectedUntil(startedAtMs: number | null, durationMs: number): number | null {
  return startedAtMs === null ? null : startedAtMs + durationMs;
}

/**
 * Upstream `isPreemptMinRuntimeProtected` / `isReclaimMinRuntimeProtected`: protected iff the job has a start
 * time and `now < start + duration`. Strict: at exactly `start + duration` the job is no longer protected.
 * A zero or negative duration therefore never protects a job that has started (`now >= start`).
 */
export function isProtected(startedAtMs: number | null, durationMs: number, nowMs: number): boolean {
  // A negative queue value is an already expired protection, whatever the start time.
  if (durationMs < 0) return false;
  return startedAtMs !== null && nowMs < startedAtMs + durationMs;
}
