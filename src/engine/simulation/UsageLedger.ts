/**
 * The sandbox's usage database for KAI's time-based fair share. KAI keeps each queue's allocation and the
 * cluster's capacity as Prometheus series and, every fetch, asks for the queue's usage over a window,
 * decayed with a half-life and normalised to the cluster's capacity over the same window
 * (`pkg/scheduler/cache/usagedb/prometheus`, docs/time-based-fairshare):
 *
 *   usage(q, r) = Σ over the window of allocated(q, r)(s) · decay(s)  /  Σ of capacity(r)(s) · decay(s),
 *   decay(s) = 0.5 ^ ((now − s) / halfLifePeriod)   (1 when halfLifePeriod is 0: no decay).
 *
 * Here the series are exact: one sample per session, holding from that session's time until the next
 * session, so each sum is an integral of a step function, computed in closed form per step:
 * ∫ₐᵇ 0.5^((now−s)/H) ds = H/ln2 · (0.5^((now−b)/H) − 0.5^((now−a)/H)); the H/ln2 factor is common to the
 * numerator and the denominator and cancels. Time before the first session has no samples, as a metric has
 * no points before it was first scraped.
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
  capacity: QueueResources;
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

/** Start of the window that counts at `nowMs`: the last windowSize (sliding) or the current window (tumbling). */
export function windowStart(params: UsageParams, nowMs: number): number {
  if (params.windowType === 'tumbling') {
    // Tumbling windows start at t=0 and every windowSize after; usage resets at each start.
    return Math.floor(nowMs / params.windowSizeMs) * params.windowSizeMs;
  }
  return nowMs - params.windowSizeMs;
}

/** Weight of the step [a, b) seen from `now` (see the file comment). */
function stepWeight(a: number, b: number, nowMs: number, halfLifeMs: number): number {
  if (b <= a) return 0;
  if (halfLifeMs <= 0) return b - a;
  return Math.pow(0.5, (nowMs - b) / halfLifeMs) - Math.pow(0.5, (nowMs - a) / halfLifeMs);
}

/**
 * Each queue's usage at `nowMs`: the fraction of the cluster's capacity it held over the window, decayed.
 * Queues that held nothing are absent (usage 0). A resource the cluster had none of has usage 0.
 */
export function queueUsageAt(
  l: UsageLedger,
  params: UsageParams,
  nowMs: number,
): Map<string, QueueResources> {
  const from = windowStart(params, nowMs);
  const held = new Map<string, QueueResources>();
  const capacity: QueueResources = { gpu: 0, cpu: 0, memory: 0 };
  for (let i = 0; i < l.samples.length; i++) {
    const s = l.samples[i] as UsageSample;
    const end = Math.min(l.samples[i + 1]?.timeMs ?? nowMs, nowMs);
    const w = stepWeight(Math.max(s.timeMs, from), end, nowMs, params.halfLifePeriodMs);
    if (w <= 0) continue;
    for (const r of QUEUE_RESOURCE_NAMES)
      if (Number.isFinite(s.capacity[r])) capacity[r] += s.capacity[r] * w;
    // Named fields rather than a loop over resource names: this runs samples × queues times per session.
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
  return held;
}
