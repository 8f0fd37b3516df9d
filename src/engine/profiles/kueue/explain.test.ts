/**
 * Kueue's answer to "what would have kept the evicted job" (explain.ts, decision 0309): the rule that let
 * the victim go, in Kueue's terms (withinClusterQueue over priorities; reclaim only from a borrowing
 * ClusterQueue under reclaimWithinCohort; the fair-sharing strategies), never Volcano's plugins.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainJob, formatIssue, parseScenario } from '../../index';
import type { Scenario } from '../../model/scenario';

function load(text: string): Scenario {
  const p = parseScenario(text, { fileName: 'kueue.yaml' });
  if (!p.ok) throw new Error(p.errors.map(formatIssue).join('\n'));
  return p.scenario;
}

function keptBy(s: Scenario, job: string, session: number): string {
  const r = explainJob(s, job, { session });
  if (!r.ok) throw new Error(r.error);
  const e = r.explanation.eviction;
  expect(e?.protectingChange).toBeNull();
  expect(e?.protectionProven).toBe(false);
  return e?.wouldHaveProtected ?? '';
}

/** One ClusterQueue, a low-priority Workload running, a high-priority one arriving at 5s. */
const withinQueue = (policy: string) => `
version: 1
profile: kueue
scheduler: { schedulePeriod: 10s }
priorityClasses:
  - { name: low, value: 10 }
  - { name: high, value: 100 }
kueue:
  resourceFlavors: [{ name: default }]
  clusterQueues:
    - name: team
      resourceGroups:
        - coveredResources: [gpu]
          flavors: [{ name: default, resources: [{ name: gpu, nominalQuota: 2 }] }]
      preemption: { withinClusterQueue: ${policy} }
nodes: [{ name: n0, resources: { gpu: 2, cpu: 8, memory: 32Gi } }]
jobs:
  - { name: train, queue: team, priorityClassName: low, resources: { gpu: 2 }, tasks: 1 }
events:
  - at: 5s
    submit: { name: urgent, queue: team, priorityClassName: high, resources: { gpu: 2 }, tasks: 1 }
run: { until: 30s }
`;

describe('Kueue: what would have kept an evicted Workload', () => {
  it('in its own ClusterQueue: the withinClusterQueue policy over priorities', () => {
    const lower = keptBy(load(withinQueue('LowerPriority')), 'train', 2);
    expect(lower).toBe(
      "Kueue has no min-runtime at ff69552e: in ClusterQueue team (withinClusterQueue=LowerPriority), a priority at least urgent's, or withinClusterQueue: Never, would have kept train.",
    );
    const newer = keptBy(load(withinQueue('LowerOrNewerEqualPriority')), 'train', 2);
    expect(newer).toContain("a priority above urgent's (or equal to it, created no later than urgent)");
  });

  it('from a borrowing ClusterQueue of the cohort: its nominal quota, reclaimWithinCohort, fair sharing', () => {
    const dir = join(__dirname, '..', '..', '..', 'scenarios');
    const borrow = keptBy(
      load(readFileSync(join(dir, 'kueue-1-borrow-then-reclaim.yaml'), 'utf8')),
      'sweep',
      2,
    );
    expect(borrow).toBe(
      'Kueue has no min-runtime at ff69552e: ClusterQueue research within its nominal quota in the resources serving needed (only a borrowing ClusterQueue is reclaimed from), or reclaimWithinCohort: Never on ClusterQueue prod, would have kept sweep.',
    );
    const fair = keptBy(load(readFileSync(join(dir, 'kueue-2-fair-sharing.yaml'), 'utf8')), 'speech-0', 2);
    expect(fair).toContain('ClusterQueue speech within its nominal quota');
    expect(fair).toMatch(/not above vision's under the fair-sharing strategies \(.+\)/);
    expect(fair).not.toMatch(/plugin/);
  });
});
