/**
 * A node that omits `gpu` has unconstrained GPUs (docs §3), in every profile (issue 18). Before, a Volcano
 * or kube-batch GPU job on it exited 3 (numberDevices built `new Array(Infinity)`), and KAI gave the node no
 * devices at all, so its GPU jobs stayed Pending for ever. Devices are now numbered on demand.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, runScenario } from '../index';
import { checkScenarioText } from '../testing/property/checkScenario';

const PROFILES = ['kai', 'volcano', 'kube-batch'] as const;

function scenario(profile: string): string {
  return [
    'version: 1',
    `profile: ${profile}`,
    'nodes:',
    '  - {name: n0, resources: {cpu: 64}}', // no gpu, memory or pods figure
    '  - {name: n1}', // no figure at all
    'queues: [{name: q}]',
    'jobs:',
    '  - {name: whole, queue: q, resources: {gpu: 2, cpu: 4}, tasks: 3}',
    '  - {name: half, queue: q, resources: {gpu: 0.5}, tasks: 3}',
    '  - {name: mem, queue: q, resources: {cpu: 100, memory: 1Ti}, tasks: 2}',
    '  - {name: early, queue: q, resources: {gpu: 1}, tasks: [{status: Running, node: n0}]}',
    'run: {sessions: 3}',
    '',
  ].join('\n');
}

describe('a GPU job on a node that omits gpu runs, in every profile', () => {
  for (const profile of PROFILES) {
    it(`${profile}: every task runs, each GPU task on as many devices as it asks, no invariant broken`, () => {
      const text = scenario(profile);
      const check = checkScenarioText(text);
      expect(check.accepted).toBe(true);
      expect(check.violations).toEqual([]);

      const parsed = parseScenario(text);
      if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
      const gpuOf = new Map(
        parsed.scenario.jobs.flatMap((j) => j.tasks.map((t) => [t.name, t.resources.gpu])),
      );
      const last = runScenario(parsed.scenario).snapshot(3);
      expect(last.tasks.filter((t) => t.status !== 'Running').map((t) => t.name)).toEqual([]);
      const devicesHeld = new Map<string, number>();
      for (const t of last.tasks) {
        const gpu = gpuOf.get(t.name) ?? 0;
        expect(
          t.gpus.reduce((sum, g) => sum + g.share, 0),
          t.name,
        ).toBeCloseTo(gpu);
        for (const g of t.gpus) {
          const key = `${t.node}#${g.index}`;
          devicesHeld.set(key, (devicesHeld.get(key) ?? 0) + g.share);
        }
      }
      for (const [key, share] of devicesHeld) expect(share, key).toBeLessThanOrEqual(1 + 1e-9);
      // The snapshot shows as many devices on an unconstrained node as its tasks hold, never Infinity.
      for (const n of last.nodes) {
        const highest = Math.max(
          0,
          ...last.tasks.filter((t) => t.node === n.name).flatMap((t) => t.gpus.map((g) => g.index + 1)),
        );
        expect(n.gpuDevices, n.name).toBe(highest);
      }
    });
  }
});
