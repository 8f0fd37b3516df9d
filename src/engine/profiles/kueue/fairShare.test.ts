/**
 * kueue pkg/cache/scheduler/fair_sharing_test.go TestDominantResourceShare @ff69552e, translated (decision
 * 0293): each case names its upstream case. Upstream checks the rounded weighted share (status
 * `weightedShare`, fair_sharing.go:133-141: ceil of the per-mille share, MaxInt64 for weight 0 while
 * borrowing), the dominant resource and the borrowing flag of the ClusterQueue; the lending ClusterQueue and
 * the cohort are not borrowing in every case. `example.com/gpu` is `gpu` here; quantities are in the
 * resource's unit (upstream's cpu amounts are milli-cores: 1_000 = 1).
 */
import { describe, expect, it } from 'vitest';
import { compareDRS, dominantResourceShare, weightedShare, type DRS } from './fairShare';
import { QuotaTree, addUsage, frKey } from './quotaTree';
import type { ClusterQueueSpec, KueueSpec, ResourceQuotaSpec } from './spec';

type Quotas = Record<string, { nominal: number; lendingLimit?: number }>;

function cq(name: string, cohort: string | null, weight: number, quotas: Quotas): ClusterQueueSpec {
  const resources: ResourceQuotaSpec[] = Object.entries(quotas).map(([r, q]) => ({
    name: r as ResourceQuotaSpec['name'],
    nominalQuota: q.nominal,
    borrowingLimit: null,
    lendingLimit: q.lendingLimit ?? null,
  }));
  return {
    name,
    cohort,
    queueingStrategy: 'BestEffortFIFO',
    resourceGroups: [
      { coveredResources: resources.map((r) => r.name), flavors: [{ name: 'default', resources }] },
    ],
    preemption: {
      withinClusterQueue: 'Never',
      reclaimWithinCohort: 'Never',
      borrowWithinCohort: { policy: 'Never', maxPriorityThreshold: null },
    },
    flavorFungibility: { whenCanBorrow: 'MayStopSearch', whenCanPreempt: 'TryNextFlavor', preference: null },
    fairWeight: weight,
  };
}

/** The ClusterQueue `cq` (and `lending-cq` in `test-cohort`) with `usage` plus the workload `request`. */
function shareOf(
  queues: ClusterQueueSpec[],
  usage: Record<string, number>,
  request: Record<string, number> = {},
): { cq: DRS; others: DRS[] } {
  const spec: KueueSpec = {
    kind: 'kueue',
    fairSharing: { preemptionStrategies: ['LessThanOrEqualToFinalShare', 'LessThanInitialShare'] },
    resourceFlavors: [{ name: 'default', nodeLabels: {} }],
    cohorts: queues.some((q) => q.cohort !== null)
      ? [{ name: 'test-cohort', parent: null, resourceGroups: [], declared: false, fairWeight: 1 }]
      : [],
    clusterQueues: queues,
  };
  const tree = new QuotaTree(spec);
  const node = tree.queues.get('cq');
  if (!node) throw new Error('no cq');
  for (const [r, v] of Object.entries(usage)) addUsage(node, frKey('default', r), v);
  for (const [r, v] of Object.entries(request)) addUsage(node, frKey('default', r), v);
  const others = [...tree.queues.values(), ...tree.cohorts.values()].filter((n) => n !== node);
  return { cq: dominantResourceShare(node), others: others.map(dominantResourceShare) };
}

/** fair_sharing.go:133-141 roundedWeightedShare. */
const rounded = (d: DRS): number =>
  d.fairWeight === 0 && weightedShare(d) !== 0 ? Number.MAX_SAFE_INTEGER : Math.ceil(weightedShare(d));

const TWO_FIVE = { cpu: { nominal: 2 }, gpu: { nominal: 5 } };
const LENDER = (w = 1) => cq('lending-cq', 'test-cohort', w, { cpu: { nominal: 8 }, gpu: { nominal: 5 } });

describe('TestDominantResourceShare (fair_sharing_test.go @ff69552e)', () => {
  it('"no cohort": share 0, not borrowing', () => {
    const { cq: d } = shareOf([cq('cq', null, 1, { cpu: { nominal: 2000 }, gpu: { nominal: 5 } })], {
      cpu: 1,
      gpu: 2,
    });
    expect([rounded(d), d.dominantResource, d.borrowing]).toEqual([0, '', false]);
  });

  it('"usage below nominal": 0 for all', () => {
    const r = shareOf([cq('cq', 'test-cohort', 1, TWO_FIVE), LENDER()], { cpu: 1, gpu: 2 });
    expect([rounded(r.cq), r.cq.borrowing]).toEqual([0, false]);
    expect(r.others.every((o) => rounded(o) === 0 && !o.borrowing)).toBe(true);
  });

  it('"usage above nominal": gpu 200 = (7-5)*1000/10', () => {
    const r = shareOf([cq('cq', 'test-cohort', 1, TWO_FIVE), LENDER()], { cpu: 3, gpu: 7 });
    expect([rounded(r.cq), r.cq.dominantResource, r.cq.borrowing]).toEqual([200, 'gpu', true]);
    expect(r.others.every((o) => rounded(o) === 0 && !o.borrowing)).toBe(true);
  });

  it('"usage slightly above nominal in a cohort with large quotas": 1 (rounded up)', () => {
    const r = shareOf(
      [
        cq('cq', 'test-cohort', 1, { gpu: { nominal: 500 } }),
        cq('lending-cq', 'test-cohort', 300, { gpu: { nominal: 1000 } }),
      ],
      { gpu: 501 },
    );
    expect([rounded(r.cq), r.cq.dominantResource, r.cq.borrowing]).toEqual([1, 'gpu', true]);
  });

  it('"usage way above nominal in a cohort with large quotas and weights": 1', () => {
    const r = shareOf(
      [
        cq('cq', 'test-cohort', 300, { gpu: { nominal: 500 } }),
        cq('lending-cq', 'test-cohort', 300, { gpu: { nominal: 1000 } }),
      ],
      { gpu: 800 },
    );
    expect([rounded(r.cq), r.cq.dominantResource]).toEqual([1, 'gpu']);
  });

  it('"one resource above nominal": cpu 100 = (3-2)*1000/10', () => {
    const r = shareOf([cq('cq', 'test-cohort', 1, TWO_FIVE), LENDER()], { cpu: 3, gpu: 3 });
    expect([rounded(r.cq), r.cq.dominantResource, r.cq.borrowing]).toEqual([100, 'cpu', true]);
  });

  it('"usage with workload above nominal": cpu 300 = (1+4-2)*1000/10', () => {
    const r = shareOf(
      [cq('cq', 'test-cohort', 1, TWO_FIVE), LENDER()],
      { cpu: 1, gpu: 2 },
      { cpu: 4, gpu: 4 },
    );
    expect([rounded(r.cq), r.cq.dominantResource]).toEqual([300, 'cpu']);
  });

  it('"A resource with zero lendable": gpu has no lendable capacity, cpu 300 decides', () => {
    const r = shareOf(
      [
        cq('cq', 'test-cohort', 1, { cpu: { nominal: 2 }, gpu: { nominal: 2, lendingLimit: 0 } }),
        cq('lending-cq', 'test-cohort', 1, { cpu: { nominal: 8 }, gpu: { nominal: 64, lendingLimit: 0 } }),
      ],
      { cpu: 1, gpu: 1 },
      { cpu: 4, gpu: 4 },
    );
    expect([rounded(r.cq), r.cq.dominantResource, r.cq.borrowing]).toEqual([300, 'cpu', true]);
  });

  it('"above nominal with integer weight": 100 = ((7-5)*1000/10)/2', () => {
    const r = shareOf(
      [
        cq('cq', 'test-cohort', 2, { gpu: { nominal: 5 } }),
        cq('lending-cq', 'test-cohort', 1, { gpu: { nominal: 5 } }),
      ],
      {
        gpu: 7,
      },
    );
    expect([rounded(r.cq), r.cq.dominantResource]).toEqual([100, 'gpu']);
  });

  it('"above nominal with decimal weight": 400 = ((7-5)*1000/10)/(1/2)', () => {
    const r = shareOf(
      [
        cq('cq', 'test-cohort', 0.5, { gpu: { nominal: 5 } }),
        cq('lending-cq', 'test-cohort', 1, { gpu: { nominal: 5 } }),
      ],
      { gpu: 7 },
    );
    expect([rounded(r.cq), r.cq.dominantResource]).toEqual([400, 'gpu']);
  });

  it('"above nominal with zero weight": the maximum share, above any finite one (CompareDRS)', () => {
    const r = shareOf(
      [
        cq('cq', 'test-cohort', 0, { gpu: { nominal: 5 } }),
        cq('lending-cq', 'test-cohort', 1, { gpu: { nominal: 5 } }),
      ],
      { gpu: 7 },
    );
    expect(rounded(r.cq)).toBe(Number.MAX_SAFE_INTEGER);
    expect(weightedShare(r.cq)).toBe(Infinity);
    const finite = shareOf([cq('cq', 'test-cohort', 0.001, { gpu: { nominal: 5 } }), LENDER()], {
      gpu: 10,
    }).cq;
    expect(compareDRS(r.cq, finite)).toBe(1);
  });
});
