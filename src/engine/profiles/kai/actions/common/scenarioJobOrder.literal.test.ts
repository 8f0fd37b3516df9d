/**
 * The fast scenario order (scenarioJobOrder.ts, decision 0291) against the literal one, pop by pop: every
 * victim scenario the engine simulates in generated sessions and in the benchmark's small workloads also
 * builds upstream's queue literally (every job with a pending task, the victim jobs and the preemptor, KAI
 * actions/common/action.go:59-72 @d5bc503, sorted afresh after the evictions) and pops both in lockstep,
 * each up to the next job of the scenario, with the scenario's placements made in between as the engine
 * makes them. Each pending job list the fast order kept across commits is also checked against a fresh sort.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { JobInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { JobsOrderByQueues } from './JobsOrderByQueues';
import type * as ScenarioJobOrder from './scenarioJobOrder';
import { runProperties } from '../../../../testing/property/runProperties';
import { createSimulation, importClusterBytes, parseScenario } from '../../../../index';
import { kaiSnapshotZip, PRODUCTION_SNAPSHOT } from '../../../../testing/kaiSnapshot/generateKaiSnapshot';
import { bigCluster, churn } from '../../../../../../scripts/benchWorkloads';

const seen = { scenarios: 0, pops: 0, literalPops: 0, fastPops: 0, mismatches: [] as string[] };

vi.mock('./scenarioJobOrder', async (importOriginal) => {
  const real = await importOriginal<typeof ScenarioJobOrder>();
  return {
    ...real,
    scenarioJobOrder: (
      ssn: Session,
      pending: ScenarioJobOrder.PendingJobs,
      scenarioJobs: ReadonlySet<JobInfo>,
    ) => {
      seen.scenarios++;
      checkPendingSorted(ssn, pending, scenarioJobs);
      const fast = real.scenarioJobOrder(ssn, pending, scenarioJobs);
      const all = ssn.jobs.filter((j) => j.counts.Pending > 0 && !scenarioJobs.has(j));
      const literal = new JobsOrderByQueues(ssn, [...all, ...scenarioJobs]);
      const next = (order: JobsOrderByQueues, count: 'fastPops' | 'literalPops'): JobInfo | null => {
        for (let job = order.pop(); job !== null; job = order.pop()) {
          seen[count]++;
          if (scenarioJobs.has(job)) return job;
        }
        return null;
      };
      return {
        pop(): JobInfo | null {
          const f = next(fast, 'fastPops');
          const l = next(literal, 'literalPops');
          seen.pops++;
          if (f !== l)
            seen.mismatches.push(`${f?.name ?? 'none'} where the literal order gives ${l?.name ?? 'none'}`);
          return f;
        },
      };
    },
  };
});

/** The pending jobs kept across commits are those a fresh sort gives now, in its order, keys included. */
function checkPendingSorted(
  ssn: Session,
  pending: ScenarioJobOrder.PendingJobs,
  scenarioJobs: ReadonlySet<JobInfo>,
) {
  const keyOf = ssn.queueOrderJobKey();
  const fresh = new Map<QueueInfo, JobInfo[]>();
  for (const job of ssn.jobs) {
    if (job.counts.Pending === 0 || scenarioJobs.has(job)) continue;
    fresh.set(job.queue, [...(fresh.get(job.queue) ?? []), job]);
  }
  for (const list of fresh.values()) list.sort(ssn.compareJobs);
  for (const [queue, leaf] of pending.leaves) {
    const kept = leaf.jobs.filter((j) => !scenarioJobs.has(j));
    const want = fresh.get(queue) ?? [];
    if (kept.map((j) => j.name).join() !== want.map((j) => j.name).join())
      seen.mismatches.push(
        `pending jobs of ${queue.name} kept as ${kept.length}, a fresh sort gives ${want.length}`,
      );
    leaf.jobs.forEach((job, i) => {
      if (!scenarioJobs.has(job) && keyOf !== null && leaf.keys?.[i] !== keyOf(job))
        seen.mismatches.push(`${job.name}'s queue-order key kept as ${leaf.keys?.[i]}, now ${keyOf(job)}`);
    });
    fresh.delete(queue);
  }
  for (const [queue, list] of fresh)
    seen.mismatches.push(`${list.length} pending jobs of ${queue.name} not kept`);
}

function runToEnd(scenario: Parameters<typeof createSimulation>[0], sessions: number): void {
  const sim = createSimulation(scenario);
  for (let i = 1; i <= sessions && sim.step(); i++) {
    /* every session */
  }
}

describe('the scenario order equals the literal queue of every pending job', () => {
  afterAll(() => {
    // Shown once, so a run says how much the runs saved.
    console.log(
      `${seen.scenarios} scenarios, ${seen.pops} scenario pops: ${seen.literalPops} literal pops, ${seen.fastPops} fast`,
    );
  });

  it('in generated scenarios of every profile', () => {
    runProperties(60, 20_261_127);
    expect(seen.mismatches.slice(0, 5)).toEqual([]);
    expect(seen.pops).toBeGreaterThan(100);
  }, 240_000);

  it('in the benchmark churn (15 sessions) and a 25-node full KAI session', () => {
    const before = { ...seen };
    runToEnd(churn(15), 15);
    runToEnd(
      bigCluster({
        nodes: 25,
        gpusPerNode: 8,
        running: 200,
        pending: 200,
        actions: ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'],
        minRuntime: true,
      }),
      1,
    );
    expect(seen.mismatches.slice(0, 5)).toEqual([]);
    expect(seen.scenarios - before.scenarios).toBeGreaterThan(50);
    // Not equal by emptiness: the literal queue skipped many pending jobs the fast one skipped as runs.
    expect(seen.literalPops - before.literalPops).toBeGreaterThan(2 * (seen.fastPops - before.fastPops));
  }, 240_000);

  it('in an imported KAI snapshot, whose one root queue holds every department (decision 0349)', () => {
    const before = { ...seen };
    const imported = importClusterBytes(kaiSnapshotZip({ ...PRODUCTION_SNAPSHOT, nodes: 16, pods: 400 }).zip, {
      fileName: 'snapshot.zip',
    });
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
    const parsed = parseScenario(imported.text);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    expect(parsed.scenario.queues.filter((q) => q.parent === null)).toHaveLength(1);
    runToEnd(parsed.scenario, 1);
    expect(seen.mismatches.slice(0, 5)).toEqual([]);
    expect(seen.scenarios - before.scenarios).toBeGreaterThan(50);
    // The departments without a scenario job were left out (as top-level queues are, decision 0242).
    expect(seen.literalPops - before.literalPops).toBeGreaterThan(2 * (seen.fastPops - before.fastPops));
  }, 240_000);
});
