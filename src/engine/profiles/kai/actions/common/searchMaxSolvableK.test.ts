import { describe, expect, it } from 'vitest';
import { searchMaxSolvableK } from './searchMaxSolvableK';

/** The probes asked, with a threshold: every k up to `max` solves. */
function run(n: number, max: number): { k: number; probes: number[] } {
  const probes: number[] = [];
  const k = searchMaxSolvableK(n, (x) => {
    probes.push(x);
    return x <= max;
  });
  return { k, probes };
}

describe('searchMaxSolvableK (KAI job_solver.go searchMaxSolvableK)', () => {
  it('asks nothing for no tasks', () => {
    expect(run(0, 0)).toEqual({ k: 0, probes: [] });
  });
  it('doubles up to n when every probe solves', () => {
    expect(run(5, 5)).toEqual({ k: 5, probes: [1, 2, 4, 5] });
    expect(run(8, 8)).toEqual({ k: 8, probes: [1, 2, 4, 8] });
  });
  it('stops at the first failure and searches between the last success and it', () => {
    expect(run(10, 5)).toEqual({ k: 5, probes: [1, 2, 4, 8, 6, 5] });
    expect(run(10, 3)).toEqual({ k: 3, probes: [1, 2, 4, 3] });
  });
  it('returns 0 when the first probe fails', () => {
    expect(run(4, 0)).toEqual({ k: 0, probes: [1] });
  });
});
