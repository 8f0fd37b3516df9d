/**
 * KAI's idle-GPU filter tests translated (accumulated_scenario_filters/idle_gpus/idle_gpus_test.go @d5bc503):
 * Test_greedyMatchRequirements (every case), TestAccumulatedIdleGpus_updateWithVictim (every case, the top-N
 * list built by the constructor instead of set by hand) and TestAccumulatedIdleGpus_Filter's valid and
 * invalid accumulations and its GPU-memory victim case. Decision 0263 lists the cases not expressible here.
 */
import { describe, expect, it } from 'vitest';
import { AccumulatedIdleGpus, greedyMatchRequirements } from './accumulatedIdleGpus';
import { mulberry32 } from '../../../../testing/mulberry32';

/** The filter over named nodes with these free GPUs, in the order written. */
function idleGpus(free: Record<string, number>, pending: readonly number[]): AccumulatedIdleGpus<string> {
  return new AccumulatedIdleGpus(Object.keys(free), (n) => free[n] as number, pending);
}

describe('greedyMatchRequirements (idle_gpus_test.go:108-201)', () => {
  const cases: [string, number[], string[], Record<string, number>, boolean][] = [
    ['empty requirements always match', [], ['n1'], { n1: 1 }, true],
    ['zero requirements are skipped', [0, 0], [], {}, true],
    ['single requirement matched to holder', [0.5], ['n1'], { n1: 1 }, true],
    ['single requirement exceeds holder capacity', [0.5], ['n1'], { n1: 0 }, false],
    ['virtual allocation prevents double-use of same holder', [1, 0.5], ['n1'], { n1: 1 }, false],
    ['bin-packing: two requirements fit in one holder', [1, 0.5], ['n1'], { n1: 1.5 }, true],
    ['second holder used after first is saturated', [1, 1], ['n2', 'n1'], { n1: 1, n2: 2 }, true],
    ['early termination: best holder below requirement', [2], ['n1'], { n1: 1 }, false],
  ];
  it.each(cases)('%s', (_name, requirements, holders, capacity, want) => {
    expect(greedyMatchRequirements(requirements, holders, (h) => capacity[h] ?? 0)).toBe(want);
  });

  it('tolerates float sums of fractions (0.1 + 0.2 fits in 0.3)', () => {
    expect(greedyMatchRequirements([0.3], ['n1'], () => 0.1 + 0.2)).toBe(true);
  });
});

describe('updateWithVictim (idle_gpus_test.go:203-301)', () => {
  const victim = (node: string, gpu: number) => ({ id: {}, node, gpu });
  it('new victim update: the victim node overtakes the list', () => {
    const f = idleGpus({ n1: 1, n2: 2 }, [1]);
    expect(f.top).toEqual(['n2']);
    f.addVictims([victim('n1', 2)]);
    expect(f.top).toEqual(['n1']);
  });
  it('do not update maxFreeGpu nodes', () => {
    const f = idleGpus({ n1: 1, n2: 5 }, [1]);
    f.addVictims([victim('n1', 2)]);
    expect(f.top).toEqual(['n2']);
  });
  it('new victim - middle of max free gpu list (the last of equals drops out)', () => {
    const f = idleGpus({ n1: 1, n2: 2, n3: 5, n4: 2 }, [1, 1, 1]);
    expect(f.top).toEqual(['n3', 'n2', 'n4']);
    f.addVictims([victim('n1', 2)]);
    expect(f.top).toEqual(['n3', 'n1', 'n2']);
  });
  it('a victim seen in several scenarios frees its GPUs once; one without a node frees none', () => {
    const f = idleGpus({ n1: 0 }, [1]);
    const v = victim('n1', 1);
    f.addVictims([v, v, { id: {}, node: null, gpu: 4 }]);
    expect(f.freeOn('n1')).toBe(1);
  });
});

describe('Filter (idle_gpus_test.go:943-1380)', () => {
  it('exact amount of GPUs after removing potential victim - valid scenario', () => {
    // Pending 10, 8 and 2 GPUs; n1 has 9 idle and frees 3 more, n2 has 8.
    const f = idleGpus({ n1: 9, n2: 8 }, [10, 8, 2]);
    expect(f.passes([])).toBe(false);
    expect(f.passes([{ id: {}, node: 'n1', gpu: 3 }])).toBe(true);
  });
  it('insufficient amount of GPUs for largest job - invalid scenario', () => {
    const f = idleGpus({ n1: 9, n2: 8 }, [10, 8, 2]);
    expect(f.passes([{ id: {}, node: 'n2', gpu: 1 }])).toBe(false);
  });
  it('gpu memory pods counted for freed resources - scenario valid', () => {
    // n1 has 0.8 idle; a victim holding a GPU-memory share of 0.2 (accepted portion) frees the rest.
    const f = idleGpus({ n1: 0.8 }, [1]);
    expect(f.passes([{ id: {}, node: 'n1', gpu: 0.2 }])).toBe(true);
  });
});

describe('the top-N list', () => {
  it('is the first N of a stable descending sort of the nodes, for any N (ties in the order given)', () => {
    const random = mulberry32(22);
    for (let round = 0; round < 200; round++) {
      const free: Record<string, number> = {};
      const count = 1 + Math.floor(random() * 40);
      // Few distinct values, so that ties are common; fractions as left by shared GPUs.
      for (let i = 0; i < count; i++) free[`n${i}`] = Math.floor(random() * 5) + (random() < 0.2 ? 0.5 : 0);
      const pending = Array.from({ length: Math.floor(random() * (count + 3)) }, () => 1);
      const sorted = Object.keys(free)
        .sort((a, b) => (free[b] as number) - (free[a] as number))
        .slice(0, pending.length);
      expect(idleGpus(free, pending).top).toEqual(sorted);
    }
  });
});
