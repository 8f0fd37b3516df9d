/**
 * Seeded random streams of the workload generator (§19, decision 0173). Each generator draws from streams
 * of its own, derived from (seed, generator index, aspect), so that adding a generator, or changing one
 * generator's runtime distribution, leaves the other draws as they were. The source is d3-random's
 * linear congruential generator: pure 32-bit integer arithmetic, so the same seed gives the same numbers
 * on every machine; the transforms (log, exp, cos, sin) are V8's fdlibm ports, identical in Node and
 * Chromium.
 */
import { randomLcg } from 'd3-random';

export { MAX_SEED } from '../limits';

/** A uniform source in [0, 1). */
export type Source = () => number;

/** What a stream is used for; each has its own stream per generator. */
export const STREAM_ASPECTS = ['arrivals', 'bursts', 'size', 'runtime', 'shape', 'class', 'preempt'] as const;
export type StreamAspect = (typeof STREAM_ASPECTS)[number];

/** murmur3's 32-bit finaliser: spreads nearby inputs (seed 1 and 2) over unrelated LCG states. */
function mix32(h: number): number {
  let x = h | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The stream of `aspect` for generator `index` under `seed`. */
export function streamOf(seed: number, index: number, aspect: StreamAspect): Source {
  const a = STREAM_ASPECTS.indexOf(aspect);
  const state = mix32(mix32(mix32(seed) ^ Math.imul(index + 1, 0x9e3779b1)) ^ Math.imul(a + 1, 0x7feb352d));
  // randomLcg takes an integer seed as its initial 32-bit state (|0); a fraction in [0, 1) scales first.
  return randomLcg(state === 0 ? 1 : state);
}

/** Index into `weights` drawn with probability proportional to each weight (all > 0). */
export function pickWeighted(weights: readonly number[], total: number, u: number): number {
  let at = u * total;
  for (let i = 0; i < weights.length; i++) {
    at -= weights[i] as number;
    if (at < 0) return i;
  }
  return weights.length - 1;
}
