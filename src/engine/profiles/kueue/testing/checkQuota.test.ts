import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../index';
import type { Scenario } from '../../../model/scenario';
import type { SessionSnapshot } from '../../../model/snapshot';
import { kueueChecks } from './checkQuota';

function scenarioOf(text: string): Scenario {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.scenario;
}

/** Every violation of the Kueue checks over the whole run. */
function violationsOf(scenario: Scenario): string[] {
  const check = kueueChecks(scenario);
  const sim = createSimulation(scenario);
  const out: string[] = [];
  let previous: SessionSnapshot | null = null;
  while (sim.step()) {
    const snap = sim.snapshot(sim.sessionCount());
    // Kueue's checks read neither the previous snapshot nor the run's shared state.
    for (const v of check.session(snap, { previous, run: null })) out.push(`${v.invariant}: ${v.message}`);
    previous = snap;
  }
  return out;
}

const queue = (name: string, cohort: string | null, gpu: string) => `
    - name: ${name}
${cohort === null ? '' : `      cohortName: ${cohort}\n`}      resourceGroups:
        - coveredResources: [gpu]
          flavors:
            - name: default
              resources:
                - { name: gpu, ${gpu} }`;

/** Jobs listed Running at t=0 hold quota whatever the limits (§27.3): what the checks must catch. */
const running = (name: string, queueName: string, gpus: number) => `
  - name: ${name}
    queue: ${queueName}
    resources: { gpu: 1 }
    tasks: [${Array.from({ length: gpus }, () => '{ status: Running, node: n0 }').join(', ')}]`;

const scenario = (queues: string, jobs: string) => `
version: 1
profile: kueue
kueue:
  resourceFlavors: [{ name: default }]
  clusterQueues:${queues}
nodes: [{ name: n0, resources: { gpu: 8 } }]
jobs:${jobs}
run: { sessions: 1 }
`;

describe('Kueue quota invariants (decision 0297)', () => {
  it('hold on the gallery lesson (borrow, then reclaim)', () => {
    const text = readFileSync(
      join(__dirname, '../../../../scenarios/kueue-1-borrow-then-reclaim.yaml'),
      'utf8',
    );
    expect(violationsOf(scenarioOf(text))).toEqual([]);
  });

  it('catch a ClusterQueue without a cohort above its nominal quota', () => {
    const s = scenarioOf(scenario(queue('a', null, 'nominalQuota: 2'), running('big', 'a', 3)));
    expect(violationsOf(s)).toEqual([
      'kueue-borrowing-limit: ClusterQueue a uses 3 of default/gpu, above its nominal quota 2',
    ]);
  });

  it('catch a ClusterQueue above nominal quota + borrowingLimit', () => {
    const queues =
      queue('a', 'org', 'nominalQuota: 1, borrowingLimit: 1') + queue('b', 'org', 'nominalQuota: 4');
    expect(violationsOf(scenarioOf(scenario(queues, running('big', 'a', 3))))).toEqual([
      'kueue-borrowing-limit: ClusterQueue a uses 3 of default/gpu, above nominal quota + borrowingLimit 2',
    ]);
  });

  it('catch a cohort lending more than a lendingLimit allows', () => {
    const queues =
      queue('a', 'org', 'nominalQuota: 0') + queue('b', 'org', 'nominalQuota: 4, lendingLimit: 1');
    expect(violationsOf(scenarioOf(scenario(queues, running('big', 'a', 3))))).toEqual([
      'kueue-cohort-lending: cohort tree org: ClusterQueues use 3 of default/gpu above their guaranteed quota, but the tree lends only 1',
    ]);
  });
});
