/**
 * KAI's idle-GPU filter tests translated (accumulated_scenario_filters/idle_gpus/idle_gpus_test.go @d5bc503):
 * Test_greedyMatchRequirements (every case), TestAccumulatedIdleGpus_updateWithVictim (every case, the top-N
 * list built by the constructor instead of set by hand) and TestAccumulatedIdleGpus_Filter's valid and
 * invalid accumulations and its GPU-memory victim case. Decision 0263 lists the cases not expressible here.
 */
import { describe, expect, it } from 'vitest';
import { AccumulatedIdleGpus, greedyMatchRequirements } from './accumulatedIdleGpus';

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
    const f = new AccumulatedIdleGpus(Object.entries({ n1: 1, n2: 2 }), [1]);
    expect(f.top).toEqual(['n2']);
    f.addVictims([victim('n1', 2)]);
    expect(f.top).toEqual(['n1']);
  });
  it('do not update maxFreeGpu nodes', () => {
    const f = new AccumulatedIdleGpus(Object.entries({ n1: 1, n2: 5 }), [1]);
    f.addVictims([victim('n1', 2)]);
    expect(f.top).toEqual(['n2']);
  });
  it('new victim - middle of max free gpu list (the last of equals drops out)', () => {
    const f = new AccumulatedIdleGpus(Object.entries({ n1: 1, n2: 2, n3: 5, n4: 2 }), [1, 1, 1]);
    expect(f.top).toEqual(['n3', 'n2', 'n4']);
    f.addVictims([victim('n1', 2)]);
    expect(f.top).toEqual(['n3', 'n1', 'n2']);
  });
  it('a victim seen in several scenarios frees its GPUs once; one without a node frees none', () => {
    const f = new AccumulatedIdleGpus(Object.entries({ n1: 0 }), [1]);
    const v = victim('n1', 1);
    f.addVictims([v, v, { id: {}, node: null, gpu: 4 }]);
    expect(f.free.get('n1')).toBe(1);
  });
});

describe('Filter (idle_gpus_test.go:943-1380)', () => {
  it('exact amount of GPUs after removing potential victim - valid scenario', () => {
    // Pending 10, 8 and 2 GPUs; n1 has 9 idle and frees 3 more, n2 has 8.
    const f = new AccumulatedIdleGpus(Object.entries({ n1: 9, n2: 8 }), [10, 8, 2]);
    expect(f.passes([])).toBe(false);
    expect(f.passes([{ id: {}, node: 'n1', gpu: 3 }])).toBe(true);
  });
  it('insufficient amount of GPUs for largest job - invalid scenario', () => {
    const f = new AccumulatedIdleGpus(Object.entries({ n1: 9, n2: 8 }), [10, 8, 2]);
    expect(f.passes([{ id: {}, node: 'n2', gpu: 1 }])).toBe(false);
  });
  it('gpu memory pods counted for freed resources - scenario valid', () => {
    // n1 has 0.8 idle; a victim holding a GPU-memory share of 0.2 (accepted portion) frees the rest.
    const f = new AccumulatedIdleGpus(Object.entries({ n1: 0.8 }), [1]);
    expect(f.passes([{ id: {}, node: 'n1', gpu: 0.2 }])).toBe(true);
  });
});
