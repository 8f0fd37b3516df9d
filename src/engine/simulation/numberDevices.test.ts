/**
 * Volcano and kube-batch tasks get GPU devices for the views (numberDevices): every task that holds a node
 * with a GPU request has as many devices as it asks, running and releasing tasks never share a whole device,
 * and a pipelined task waits on devices being released when there are any.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../index';

function run(file: string, sessions: number) {
  const parsed = parseScenario(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  const sim = createSimulation(parsed.scenario);
  const snapshots = [];
  for (let i = 1; i <= sessions && sim.step(); i++) snapshots.push(sim.snapshot(i));
  return { scenario: parsed.scenario, snapshots };
}

describe('GPU devices of Volcano and kube-batch tasks', () => {
  for (const file of [
    'src/scenarios/kube-batch-preempt-walkthrough.yaml',
    'src/scenarios/sla-1-big-job-reserves.yaml',
    'src/scenarios/sla-2-gang-rejects-first.yaml',
  ]) {
    it(`${file}: as many devices as requested, never two running or releasing tasks on one device`, () => {
      const { scenario, snapshots } = run(file, 20);
      expect(snapshots.length).toBeGreaterThan(1);
      const gpuOf = new Map(scenario.jobs.flatMap((j) => j.tasks.map((t) => [t.name, t.resources.gpu])));
      let numbered = 0;
      for (const s of snapshots) {
        const use = new Map<string, number>();
        for (const t of s.tasks) {
          if (t.node === null || !['Running', 'Releasing', 'Pipelined'].includes(t.status)) continue;
          const gpu = gpuOf.get(t.name) ?? 0;
          if (gpu <= 0) {
            expect(t.gpus).toEqual([]);
            continue;
          }
          numbered++;
          expect(
            t.gpus.reduce((a, g) => a + g.share, 0),
            `${t.name} in session ${s.index}`,
          ).toBeCloseTo(gpu);
          if (t.status === 'Pipelined') continue;
          for (const g of t.gpus) {
            const key = `${t.node}#${g.index}`;
            use.set(key, (use.get(key) ?? 0) + g.share);
            expect(use.get(key), `${key} in session ${s.index}`).toBeLessThanOrEqual(1 + 1e-9);
          }
        }
      }
      expect(numbered).toBeGreaterThan(0);
    });
  }
});
