/**
 * Nearest-rank percentile: the ⌈p·n⌉-th smallest value (p in (0, 1]); null for no values. Chosen over
 * interpolation so every figure is a wait some job actually had.
 */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}
