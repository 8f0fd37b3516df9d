/**
 * Stable queue colours: a queue keeps its colour from session to session and across panels, because the
 * colour depends only on the queue's rank among the sorted names, never on allocations or input order.
 */
import { color } from 'd3';
import type { QueueState } from '../../engine/model/snapshot';
import type { VizTheme } from '../theme';
import { compareNames } from './compareNames';

/** Maps a queue name to its colour. */
export type QueueColourScale = (queueName: string | null) => string;

const scaleCache = new WeakMap<readonly string[], WeakMap<VizTheme, QueueColourScale>>();

/** Colour for rank `i`: the palette, then lighter and darker rounds of it when there are more queues. */
function colourForRank(i: number, theme: VizTheme): string {
  const palette = theme.categorical;
  const base = palette[i % palette.length] ?? theme.unknownQueue;
  const round = Math.floor(i / palette.length) % 3;
  if (round === 0) return base;
  const c = color(base);
  if (c === null) return base;
  // Rounds alternate brighter and darker so neighbours in rank stay distinguishable.
  return (round === 1 ? c.brighter(0.8) : c.darker(0.8)).formatHex();
}

/** Deterministic fallback for names outside the list (e.g. a job in a queue that is not a leaf). */
function hashRank(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return Math.abs(h);
}

/**
 * A colour scale over `allQueueNames` (memoised per array and theme; pass the same array to reuse it).
 * Names outside the list get a hashed palette colour; `null` gets `theme.unknownQueue`.
 */
export function queueColourScale(allQueueNames: readonly string[], theme: VizTheme): QueueColourScale {
  let byTheme = scaleCache.get(allQueueNames);
  if (byTheme === undefined) {
    byTheme = new WeakMap();
    scaleCache.set(allQueueNames, byTheme);
  }
  const cached = byTheme.get(theme);
  if (cached !== undefined) return cached;
  const ranks = new Map<string, number>();
  [...new Set(allQueueNames)].sort(compareNames).forEach((name, i) => ranks.set(name, i));
  const colours = new Map<string, string>();
  const scale: QueueColourScale = (name) => {
    if (name === null) return theme.unknownQueue;
    let c = colours.get(name);
    if (c === undefined) {
      const rank = ranks.get(name);
      c =
        rank === undefined
          ? (theme.categorical[hashRank(name) % theme.categorical.length] ?? theme.unknownQueue)
          : colourForRank(rank, theme);
      colours.set(name, c);
    }
    return c;
  };
  byTheme.set(theme, scale);
  return scale;
}

/** The stable colour of one queue among `allQueueNames`. */
export function queueColour(queueName: string, allQueueNames: readonly string[], theme: VizTheme): string {
  return queueColourScale(allQueueNames, theme)(queueName);
}

/**
 * The names colours are assigned over: leaf queues (jobs live in leaves), sorted. Both the queue tree and
 * the cluster map use this, so a queue has the same colour in both.
 */
export function leafQueueNames(queues: readonly QueueState[]): string[] {
  const parents = new Set<string>();
  for (const q of queues) if (q.parent !== null) parents.add(q.parent);
  return queues
    .filter((q) => !parents.has(q.name))
    .map((q) => q.name)
    .sort(compareNames);
}
