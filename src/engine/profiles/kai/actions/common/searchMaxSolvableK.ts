/**
 * How many of the preemptor's tasks a generator is asked to solve, and in which order (KAI
 * pkg/scheduler/actions/common/solvers/job_solver.go:210-253 @d5bc503, `searchMaxSolvableK`): k = 1, 2, 4, …
 * doubling up to n until a probe fails, then a binary search between the last success and the first failure.
 * Each successful probe's victims are handed to the next probe (the caller records them), so the probes are
 * O(log n) where the lab used to solve 1, 2, 3, …, n. Returns the largest k that was solved (0: none).
 */
export function searchMaxSolvableK(n: number, probe: (k: number) => boolean): number {
  if (n <= 0) return 0;
  let lo = 0;
  let hi: number;
  let k = 1;
  for (;;) {
    if (!probe(k)) {
      hi = k;
      break;
    }
    lo = k;
    if (k === n) return n;
    k = Math.min(k * 2, n);
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (probe(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
