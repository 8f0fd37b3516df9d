/**
 * KAI's fair-share "water filling" for one resource at one level of the queue tree
 * (`plugins/proportion/resource_division/resource_division.go`):
 * 1. deserved phase: each queue gets min(quota (or the whole amount for −1), requestable);
 * 2. over-quota phase, by priority band (highest first), in rounds weighted by over-quota weight; a queue
 *    whose remaining request fits its slice gets exactly that, otherwise the whole-unit floor of its slice
 *    and its fractional remainder is remembered; another round runs only when a queue was satisfied with
 *    part of its slice left over;
 * 3. remainder phase: the units lost to flooring go, one at a time, to the queues with the largest
 *    remainders, per band.
 * Amounts are in KAI's units (GPU devices, CPU millicores, memory MB), because the flooring is in them.
 *
 * Time-based fair share (`kValue` not null, KAI with a usage database): a round divides by
 * `max(0, w + k·(w − usage))` instead of the over-quota weight, where `w = OQW / ΣOQW` of the queues still
 * asking in that round and `usage` is the queue's historical usage as a fraction of the cluster
 * (resource_division.go; reference §3.1). Without usage history upstream's weights are `w·(1 + k)`, the same
 * factor for every queue, so the plain OQW path below gives the same shares and keeps old traces exact.
 */
export interface DivisionQueue {
  name: string;
  priority: number;
  /** −1 = unlimited deserved. */
  quota: number;
  /** −1 = no limit. */
  limit: number;
  overQuotaWeight: number;
  request: number;
  /** Historical usage as a fraction of the cluster (time-based fair share); absent = 0. */
  usage?: number;
  /** Output: the fair share. */
  fairShare: number;
  /** Output (time-based only): `w` and the adjusted weight of the first over-quota round the queue took part in. */
  normalisedWeight?: number;
  adjustedWeight?: number;
}

const EPS = 1e-9;

/** Upstream's `max(0, w + k·(w − usage))` per candidate (reference §3.1); records the first round's figures. */
function timeAwareWeights(
  candidates: readonly DivisionQueue[],
  totalWeight: number,
  kValue: number,
): { of: Map<DivisionQueue, number>; total: number } {
  const of = new Map<DivisionQueue, number>();
  let total = 0;
  for (const q of candidates) {
    const w = q.overQuotaWeight / totalWeight;
    const adjusted = Math.max(0, w + kValue * (w - (q.usage ?? 0)));
    if (q.normalisedWeight === undefined) {
      q.normalisedWeight = w;
      q.adjustedWeight = adjusted;
    }
    of.set(q, adjusted);
    total += adjusted;
  }
  return { of, total };
}

/**
 * `round · weight / total`. KAI bounds `kValue` only by float64 (decision 0217): each adjusted weight stays
 * finite (|kValue·(w − usage)| ≤ |kValue|), but their sum, or the product with `round`, can overflow. Then
 * the ratio is taken first with the weights scaled down alike (only their ratio matters), which keeps the
 * slice finite. For every other kValue the order, and so every figure, is the one used before.
 */
function timeAwareSlice(round: number, weight: number, total: number, weights: Iterable<number>): number {
  const product = round * weight;
  if (Number.isFinite(product) && Number.isFinite(total)) return product / total;
  if (Number.isFinite(total)) return round * (weight / total);
  let scaled = 0;
  for (const w of weights) scaled += w * SCALE_DOWN;
  return round * ((weight * SCALE_DOWN) / scaled);
}

/** 2^-64: weights near float64's largest value, scaled by it, sum without overflow. */
const SCALE_DOWN = 2 ** -64;

function requestable(q: DivisionQueue): number {
  return q.limit === -1 ? q.request : Math.min(q.limit, q.request);
}

/** Divides `amount` among `queues` (fills `fairShare`); returns what is left undivided. */
export function divideResource(
  amount: number,
  queues: DivisionQueue[],
  kValue: number | null = null,
): number {
  let remaining = amount;
  for (const q of queues) {
    const deserved = q.quota === -1 ? amount : q.quota;
    q.fairShare = Math.max(0, Math.min(deserved, requestable(q)));
    remaining -= q.fairShare;
  }
  if (remaining <= EPS) return Math.max(remaining, 0);

  const bands = [...new Set(queues.map((q) => q.priority))].sort((a, b) => b - a);
  const remainders = new Map<DivisionQueue, number>();
  for (const band of bands) {
    const inBand = queues.filter((q) => q.priority === band).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (;;) {
      if (remaining <= EPS) break;
      const candidates = inBand.filter((q) => q.overQuotaWeight > 0 && requestable(q) - q.fairShare > EPS);
      if (candidates.length === 0) break;
      const totalWeight = candidates.reduce((s, q) => s + q.overQuotaWeight, 0);
      const weights = kValue === null ? null : timeAwareWeights(candidates, totalWeight, kValue);
      // Every adjusted weight is 0 (only possible with usage above the weights): nobody gets over-quota.
      if (weights !== null && weights.total <= 0) break;
      const round = remaining;
      let anotherRound = false;
      for (const q of candidates) {
        const slice =
          weights === null
            ? (round * q.overQuotaWeight) / totalWeight
            : timeAwareSlice(round, weights.of.get(q) as number, weights.total, weights.of.values());
        const wanted = requestable(q) - q.fairShare;
        if (wanted <= slice + EPS) {
          q.fairShare += wanted;
          remaining -= wanted;
          remainders.delete(q);
          if (slice - wanted > EPS) anotherRound = true;
        } else {
          const whole = Math.floor(slice + EPS);
          q.fairShare += whole;
          remaining -= whole;
          remainders.set(q, slice - whole);
        }
      }
      if (!anotherRound) break;
    }
  }

  for (const band of bands) {
    const owed = [...remainders.entries()]
      .filter(([q, r]) => q.priority === band && r > EPS)
      .sort(([a, ra], [b, rb]) => rb - ra || (a.name < b.name ? -1 : 1));
    for (const [q] of owed) {
      if (remaining <= EPS) break;
      const unit = Math.min(1, remaining);
      q.fairShare += unit;
      remaining -= unit;
    }
  }
  return Math.max(remaining, 0);
}
