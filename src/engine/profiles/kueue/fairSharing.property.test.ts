/**
 * Property test of Kueue fair sharing (decision 0292): over seeded random kueue scenarios with fair sharing
 * on (weights 0 to 2, both strategies, one- and two-level cohort trees, borrowing limits, arrivals over
 * time, mixed priorities), after every session no ClusterQueue holds more than its nominal quota plus its
 * borrowing limit, no cohort tree holds more than its quota, and a second run gives the same sessions
 * byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../testing/scenarioTest';
import { mulberry32 as rng } from '../../testing/mulberry32';

const RUNS = 100;
const SEED = 20_261_127;

interface Cq {
  name: string;
  nominal: number;
  borrowingLimit: number | null;
}

function generate(seed: number): { doc: Record<string, unknown>; cqs: Cq[]; treeQuota: number } {
  const r = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)] as T;
  const nested = r() < 0.5;
  const cohortQuota = int(0, 4);
  const cohorts = nested
    ? [
        { name: 'org', resourceGroups: quota(cohortQuota) },
        { name: 'left', parentName: 'org', fairSharing: { weight: pick([0, 0.5, 1, 2]) } },
        { name: 'right', parentName: 'org', fairSharing: { weight: pick([0.5, 1, 2]) } },
      ]
    : [{ name: 'org', resourceGroups: quota(cohortQuota) }];
  const cqs: Cq[] = [];
  const clusterQueues = Array.from({ length: int(2, 4) }, (_, i) => {
    const nominal = int(0, 6);
    const borrowingLimit = r() < 0.3 ? int(0, 4) : null;
    cqs.push({ name: `cq${i}`, nominal, borrowingLimit });
    return {
      name: `cq${i}`,
      cohortName: nested ? (i % 2 === 0 ? 'left' : 'right') : 'org',
      fairSharing: { weight: pick([0, 0.5, 1, 1, 2]) },
      resourceGroups: quota(nominal, borrowingLimit),
      preemption: {
        withinClusterQueue: pick(['Never', 'LowerPriority', 'LowerOrNewerEqualPriority']),
        reclaimWithinCohort: pick(['Never', 'LowerPriority', 'Any']),
      },
    };
  });
  const jobs = Array.from({ length: int(3, 10) }, (_, i) => ({
    name: `j${i}`,
    queue: pick(cqs).name,
    priority: int(0, 2),
    submitAt: `${int(0, 6)}s`,
    tasks: [{ name: `j${i}`, resources: { cpu: int(1, 4) } }],
  }));
  const strategies = pick([
    ['LessThanOrEqualToFinalShare'],
    ['LessThanInitialShare'],
    ['LessThanOrEqualToFinalShare', 'LessThanInitialShare'],
  ]);
  const doc = {
    profile: 'kueue',
    kueue: {
      fairSharing: { preemptionStrategies: strategies },
      resourceFlavors: [{ name: 'default' }],
      cohorts,
      clusterQueues,
    },
    nodes: [{ name: 'n', resources: { cpu: 1000, memory: '1000Gi', pods: 1000 } }],
    jobs,
    run: { sessions: 10 },
  };
  return { doc, cqs, treeQuota: cohortQuota + cqs.reduce((s, q) => s + q.nominal, 0) };
}

function quota(nominal: number, borrowingLimit: number | null = null) {
  const cpu =
    borrowingLimit === null
      ? { name: 'cpu', nominalQuota: nominal }
      : { name: 'cpu', nominalQuota: nominal, borrowingLimit };
  return [{ coveredResources: ['cpu'], flavors: [{ name: 'default', resources: [cpu] }] }];
}

describe(`kueue fair sharing over ${RUNS} generated scenarios (seed ${SEED})`, () => {
  it('keeps every ClusterQueue within nominal + borrowing limit and the tree within its quota, deterministically', () => {
    let admittedSeen = 0;
    let evictions = 0;
    for (let k = 0; k < RUNS; k++) {
      const { doc, cqs, treeQuota } = generate(SEED + k);
      const sim = run(doc);
      const again = run(doc);
      expect(again.sessionCount()).toBe(sim.sessionCount());
      for (let i = 1; i <= sim.sessionCount(); i++) {
        const s = sim.snapshot(i);
        expect(JSON.stringify(again.snapshot(i))).toBe(JSON.stringify(s));
        const cpuOf = new Map(
          (doc.jobs as { name: string; tasks: { resources: { cpu: number } }[] }[]).map((j) => [
            j.name,
            j.tasks[0]?.resources.cpu ?? 0,
          ]),
        );
        const held = new Map<string, number>();
        for (const j of s.jobs)
          if (j.phase.startsWith('Admitted'))
            held.set(j.queue, (held.get(j.queue) ?? 0) + (cpuOf.get(j.name) ?? 0));
        let total = 0;
        for (const q of cqs) {
          const h = held.get(q.name) ?? 0;
          total += h;
          admittedSeen += h > 0 ? 1 : 0;
          const cap =
            q.borrowingLimit === null ? treeQuota : Math.min(treeQuota, q.nominal + q.borrowingLimit);
          expect(
            h,
            `scenario ${SEED + k}, session ${i}: ${q.name} holds ${h} cpu, cap ${cap}`,
          ).toBeLessThanOrEqual(cap + 1e-9);
        }
        expect(
          total,
          `scenario ${SEED + k}, session ${i}: the tree holds ${total} of ${treeQuota}`,
        ).toBeLessThanOrEqual(treeQuota + 1e-9);
        evictions += s.decisions.filter((d) => d.kind === 'evict').length;
      }
    }
    // Not vacuous: the batch admits work and preempts some of it.
    expect(admittedSeen).toBeGreaterThan(RUNS);
    expect(evictions).toBeGreaterThan(0);
  }, 120_000);
});
