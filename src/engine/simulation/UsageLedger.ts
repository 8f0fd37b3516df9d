/**
 * The sandbox's Prometheus for KAI's time-based fair share. KAI's queue controller exports each queue's
 * allocation as a gauge (`kai_queue_allocated_gpus`, …; KAI pkg/queuecontroller/metrics/metrics.go:120-179
 * @d5bc503), kube-state-metrics the nodes' capacity, and every `fetchInterval` KAI's usage lister asks
 * Prometheus for each queue's usage over the window, decayed and normalised to the capacity over the same
 * samples (KAI pkg/scheduler/cache/usagedb/prometheus/prometheus.go:112-147, 216-247 @d5bc503):
 *
 *   usage(q, r) = Σ over the query's steps t of allocated(q, r)(t) · d(t)  /  Σ of capacity(r)(t) · d(t),
 *   d(t) = 0.5 ^ ((now − t) / halfLifePeriod)   (1 without a half-life; prometheus.go:296-305).
 *
 * The steps are one every `queryResolution`: for a sliding window the subquery `[windowSize:resolution]`,
 * whose steps are the multiples of the resolution in (now − windowSize, now]; for a tumbling window the range
 * query from the latest reset to now. The series here are exact step functions: one sample per session
 * (what the session left allocated, Releasing pods included as the metric counts them) holding from just
 * after that session, plus the history the scenario states before t=0 (jobs already running with an
 * earlier `startedAt`). A step reads the latest sample strictly before it, so a fetch at the time of a
 * session sees the cluster as it was before that session (KAI fetches on its own ticker; decision 0217).
 * Each sample's share of the steps is a geometric series, summed in closed form.
 *
 * The ledger is a value: a keyframe keeps a copy of its samples and `append` replays the sessions after it
 * (History.stateAt), so a past session rebuilt later sees exactly the usage it ran with.
 */
import { QUEUE_RESOURCE_NAMES, type QueueResources } from '../model/resources';
import type { UsageParams } from '../model/scenario';

/** What one session left allocated (per queue, rolled up to ancestors; zero queues omitted) and the capacity. */
export interface UsageSample {
  timeMs: number;
  allocated: ReadonlyMap<string, QueueResources>;
  /** Σ of the nodes' figures; +Inf for a resource some node omits (unbounded, §3). */
  capacity: QueueResources;
  /**
   * Σ of the GPU figures the nodes state (a node omitting `gpu` states none): what KAI's GPU capacity query
   * finds, since such a node is a Kubernetes Node without `nvidia.com/gpu` (decision 0358).
   */
  statedGpu: number;
}

/** Samples in time order, oldest first; older ones are dropped once outside every window in use. */
export interface UsageLedger {
  samples: UsageSample[];
  /** The longest window any configuration of the scenario uses (samples older than this never count). */
  horizonMs: number;
}

export function newUsageLedger(horizonMs: number): UsageLedger {
  return { samples: [], horizonMs };
}

export function cloneUsageLedger(l: UsageLedger): UsageLedger {
  return { samples: l.samples.slice(), horizonMs: l.horizonMs };
}

/** Records a session's sample and drops samples that ended before `timeMs − horizon`. */
export function appendUsage(l: UsageLedger, sample: UsageSample): void {
  l.samples.push(sample);
  const from = sample.timeMs - l.horizonMs;
  // Sample i holds until sample i+1 starts: drop it only when its successor starts at or before `from`.
  let drop = 0;
  while (drop + 1 < l.samples.length && (l.samples[drop + 1] as UsageSample).timeMs <= from) drop++;
  if (drop > 0) l.samples.splice(0, drop);
}

/**
 * KAI's default fetchInterval and queryResolution, 1 minute (api/defaults.go:29, prometheus.go:61 @d5bc503),
 * where parameters leave them out (normalisation always sets them; tests build parameters by hand).
 */
export const DEFAULT_STEP_MS = 60_000;

/** When KAI's usage copy used at `nowMs` was fetched: on start (t=0) and every fetchInterval (usagedb.go:90-105). */
export function lastFetchAt(params: UsageParams, nowMs: number): number {
  const every = params.fetchIntervalMs ?? DEFAULT_STEP_MS;
  // Before t=0 there is no scheduler; the first fetch runs at start, before the first session.
  return Math.max(0, Math.floor(nowMs / every) * every);
}

/**
 * The latest usage reset of a tumbling window at `nowMs` (prometheus.go:271-294 @d5bc503): the start time
 * plus whole windows, strictly before now (at a boundary, the previous window); now itself when the start
 * lies in the future.
 */
export function tumblingResetAt(params: UsageParams, nowMs: number): number {
  const start = params.tumblingWindowStartMs ?? 0;
  if (start > nowMs) return nowMs;
  const windows = Math.max(0, Math.ceil((nowMs - start) / params.windowSizeMs) - 1);
  return start + windows * params.windowSizeMs;
}

/** The query's steps at `nowMs`: `first + k·step` for k = 0 … count − 1. */
export function queryStepsAt(
  params: UsageParams,
  nowMs: number,
): { first: number; step: number; count: number } {
  const step = params.queryResolutionMs ?? DEFAULT_STEP_MS;
  if (params.windowType === 'tumbling') {
    // A range query from the reset to now, one point every step from the reset on.
    const from = tumblingResetAt(params, nowMs);
    return { first: from, step, count: Math.floor((nowMs - from) / step) + 1 };
  }
  // A subquery: the multiples of the step in (now − windowSize, now] (t=0 is taken as such a multiple).
  const first = (Math.floor((nowMs - params.windowSizeMs) / step) + 1) * step;
  const last = Math.floor(nowMs / step) * step;
  return { first, step, count: last < first ? 0 : (last - first) / step + 1 };
}

/** Σ d(t) over steps first+k·step, k in [k1, k2], d(t) = 0.5^((now − t)/H): a geometric series. */
function stepsWeight(
  first: number,
  step: number,
  k1: number,
  k2: number,
  nowMs: number,
  halfLifeMs: number,
): number {
  if (k2 < k1) return 0;
  const n = k2 - k1 + 1;
  if (halfLifeMs <= 0) return n;
  const newest = Math.pow(0.5, (nowMs - (first + k2 * step)) / halfLifeMs);
  const ratio = Math.pow(0.5, step / halfLifeMs);
  // ratio is 1 in floating point when the step is tiny against the half-life: then every term is `newest`.
  return ratio === 1 ? n * newest : (newest * (1 - Math.pow(ratio, n))) / (1 - ratio);
}

/** One fetch of KAI's usage: when, the usage per queue, and whether upstream's fetch would have failed. */
export interface UsageFetch {
  asOfMs: number;
  usage: Map<string, QueueResources>;
  /**
   * No node stated a GPU figure over the query's steps (nodes with `gpu: 0` or none). KAI queries GPU
   * capacity first and fails the whole fetch when it returns no data (prometheus.go:117-121, 170-171
   * @d5bc503), so upstream would run with no usage at all; the sandbox computes it anyway and says so
   * (decisions 0217, 0358). A node that omits `gpu` is unbounded here but has no GPU series upstream.
   */
  noGpuCapacity: boolean;
}

/**
 * Each queue's usage as KAI's fetch at `nowMs` would return it: the fraction of the cluster's capacity it
 * held over the query's steps, decayed. Queues that held nothing are absent (usage 0). A resource the
 * cluster had none of, or had without bound on some step (a node omitting it), has usage 0.
 */
export function queueUsageAt(
  l: UsageLedger,
  params: UsageParams,
  nowMs: number,
): Map<string, QueueResources> {
  return fetchUsage(l, params, nowMs).usage;
}

/** {@link queueUsageAt} with what the trace says about it. */
export function fetchUsage(l: UsageLedger, params: UsageParams, nowMs: number): UsageFetch {
  const { first, step, count } = queryStepsAt(params, nowMs);
  const held = new Map<string, QueueResources>();
  const capacity: QueueResources = { gpu: 0, cpu: 0, memory: 0 };
  let statedGpu = 0;
  for (let i = 0; i < l.samples.length; i++) {
    const s = l.samples[i] as UsageSample;
    // Sample i is what steps in (s.timeMs, next.timeMs] read.
    const next = l.samples[i + 1]?.timeMs ?? Infinity;
    const k1 = Math.max(0, Math.floor((s.timeMs - first) / step) + 1);
    const k2 = Math.min(count - 1, next === Infinity ? count - 1 : Math.floor((next - first) / step));
    const w = stepsWeight(first, step, k1, k2, nowMs, params.halfLifePeriodMs);
    if (w <= 0) continue;
    // A node that omits a resource (§3) has an unbounded capacity of it: the step's capacity is +Inf, so is
    // the window's sum, and Prometheus's float division gives every queue 0 of it (prometheus.go:116-123,
    // 142 @d5bc503: usage = Σ allocated / Σ capacity). Skipping such steps in the capacity alone, while their
    // allocation still counted, gave usages above 1 once the node was removed (decision 0358).
    for (const r of QUEUE_RESOURCE_NAMES) capacity[r] += s.capacity[r] * w;
    statedGpu += s.statedGpu * w;
    // Named fields rather than a loop over resource names: this runs samples × queues times per fetch.
    s.allocated.forEach((a, name) => {
      let h = held.get(name);
      if (!h) held.set(name, (h = { gpu: 0, cpu: 0, memory: 0 }));
      h.gpu += a.gpu * w;
      h.cpu += a.cpu * w;
      h.memory += a.memory * w;
    });
  }
  for (const h of held.values()) {
    for (const r of QUEUE_RESOURCE_NAMES) h[r] = capacity[r] > 0 ? h[r] / capacity[r] : 0;
  }
  // Without any data yet (no step after the first sample) upstream's fetch fails too, for every cluster:
  // only a cluster that has capacity but states no GPUs is the quirk worth saying. The GPU figure is the
  // stated one, not `capacity.gpu`: a node omitting `gpu` makes that +Inf, yet gives KAI's query no series.
  const noGpuCapacity = statedGpu <= 0 && (capacity.cpu > 0 || capacity.memory > 0);
  return { asOfMs: nowMs, usage: held, noGpuCapacity };
}
