/**
 * Kueue's quota accounting invariants (decision 0312): the engine reports what each ClusterQueue and Cohort
 * holds, the checks find nothing on real runs, and they catch quota kept by nobody and a Cohort whose usage
 * is not its members'.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../index';
import type { SessionSnapshot } from '../../../model/snapshot';
import type { KueueQueueFigures } from '../queueFigures';
import { isKueueSpec, type KueueSpec } from '../spec';
import { checkQuotaHeld } from './checkQuotaHeld';

function run(text: string): { spec: KueueSpec; snaps: SessionSnapshot[] } {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const spec = parsed.scenario.profileBlock?.data;
  if (!isKueueSpec(spec)) throw new Error('no kueue block');
  const sim = createSimulation(parsed.scenario);
  const snaps: SessionSnapshot[] = [];
  while (sim.step()) snaps.push(sim.snapshot(sim.sessionCount()));
  return { spec, snaps };
}

const usageOf = (snap: SessionSnapshot, queue: string) =>
  (snap.queues.find((q) => q.name === queue)?.resolved as KueueQueueFigures | undefined)?.quotaUsage;

/** `snap` with `queue`'s reported usage replaced (what a broken accounting would report). */
function withUsage(
  snap: SessionSnapshot,
  queue: string,
  quotaUsage: Record<string, number>,
): SessionSnapshot {
  return {
    ...snap,
    queues: snap.queues.map((q) =>
      q.name === queue ? { ...q, resolved: { ...(q.resolved as KueueQueueFigures), quotaUsage } } : q,
    ),
  };
}

const finished = readFileSync(
  join(__dirname, '../../../testing/regressions/kueue-finished-workload-gives-quota-back.yaml'),
  'utf8',
);

const cohort = `
version: 1
profile: kueue
kueue:
  resourceFlavors: [{ name: default }]
  cohorts: [{ name: org }]
  clusterQueues:
    - name: a
      cohortName: org
      resourceGroups:
        - coveredResources: [gpu]
          flavors: [{ name: default, resources: [{ name: gpu, nominalQuota: 2 }] }]
    - name: b
      cohortName: org
      resourceGroups:
        - coveredResources: [gpu]
          flavors: [{ name: default, resources: [{ name: gpu, nominalQuota: 4, lendingLimit: 1 }] }]
nodes: [{ name: n0, resources: { gpu: 8 } }]
jobs:
  - { name: ja, queue: a, resources: { gpu: 1 }, tasks: 2 }
  - { name: jb, queue: b, resources: { gpu: 1 }, tasks: 4 }
run: { sessions: 2 }
`;

describe('Kueue quota accounting invariants (decision 0312)', () => {
  it('the engine reports the quota a ClusterQueue holds and frees it once its Workloads finished', () => {
    const { spec, snaps } = run(finished);
    expect(usageOf(snaps[0] as SessionSnapshot, 'team')).toEqual({ 'default/gpu': 1 });
    const last = snaps.at(-1) as SessionSnapshot;
    expect(last.jobs.map((j) => j.phase)).toEqual(['Finished', 'Finished']);
    expect(usageOf(last, 'team')).toEqual({});
    expect(snaps.flatMap((s) => checkQuotaHeld(spec, s))).toEqual([]);
  });

  it('catch quota held by a ClusterQueue whose Workloads all finished', () => {
    const { spec, snaps } = run(finished);
    const last = withUsage(snaps.at(-1) as SessionSnapshot, 'team', { 'default/gpu': 1 });
    expect(checkQuotaHeld(spec, last)).toEqual([
      {
        invariant: 'kueue-quota-free-when-idle',
        message:
          'ClusterQueue team holds 1 of default/gpu, but none of its Workloads is admitted or being evicted',
      },
    ]);
  });

  it('a Cohort holds what its members use past their non-lendable quota, and a wrong sum is caught', () => {
    const { spec, snaps } = run(cohort);
    const first = snaps[0] as SessionSnapshot;
    // a sets no lendingLimit: all of its 2 count in org. b keeps 3 of its 4 local (lendingLimit 1), so 1
    // counts in org: 3, the whole of org's subtree quota.
    expect(usageOf(first, 'a')).toEqual({ 'default/gpu': 2 });
    expect(usageOf(first, 'b')).toEqual({ 'default/gpu': 4 });
    expect(usageOf(first, 'org')).toEqual({ 'default/gpu': 3 });
    expect(snaps.flatMap((s) => checkQuotaHeld(spec, s))).toEqual([]);
    expect(checkQuotaHeld(spec, withUsage(first, 'org', { 'default/gpu': 7 }))).toEqual([
      {
        invariant: 'kueue-cohort-usage-sum',
        message: 'Cohort org uses 7 of default/gpu, but its members use 3 past their non-lendable quota',
      },
    ]);
  });
});
