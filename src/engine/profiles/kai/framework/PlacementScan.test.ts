/**
 * The shortcuts of issue 13 (remembered placement verdicts, remembered failed victim scenarios) must change
 * nothing: generated scenarios (the property tests' generator, a fixed seed) and the benchmark's
 * 140,000-pod shape at a small size run with and without them, and every session snapshot must be the
 * same, byte for byte.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../index';
import { rawScenario } from '../../../testing/arbitraries/rawScenario';
import { scenarioText } from '../../../testing/arbitraries/scenarioDocument';
import { speedUps } from './PlacementScan';

function trace(text: string, sessions = 200): string[] {
  const parsed = parseScenario(text);
  if (!parsed.ok) return ['rejected', ...parsed.errors.map((e) => `${e.path}: ${e.message}`)];
  const sim = createSimulation(parsed.scenario);
  const out: string[] = [];
  for (let i = 1; i <= sessions && sim.step(); i++) out.push(JSON.stringify(sim.snapshot(i)));
  return out;
}

function both(text: string): { fast: string[]; plain: string[] } {
  speedUps.placementScan = true;
  const fast = trace(text);
  speedUps.placementScan = false;
  const plain = trace(text);
  return { fast, plain };
}

afterEach(() => {
  speedUps.placementScan = true;
});

describe('issue 13 shortcuts change no decision', () => {
  it('generated scenarios give the same snapshots with and without them', () => {
    let sessions = 0;
    speedUps.scans = 0;
    for (const raw of fc.sample(rawScenario, { seed: 13_2026, numRuns: 60 })) {
      const { fast, plain } = both(scenarioText(raw));
      expect(fast).toEqual(plain);
      sessions += fast.length;
    }
    expect(sessions).toBeGreaterThan(300);
    expect(speedUps.scans).toBeGreaterThan(0);
  }, 120_000);

  it('CPU-only pods spread over many nodes, each victim job touching ten of them', () => {
    // Queue a holds every GPU and thirty newer CPU-only jobs of ten pods on ten nodes each; queue b's
    // pending GPU jobs reclaim. The newest victims are the CPU jobs, which free no GPU: each is tried on
    // each of its ten nodes with the same evictions (the remembered failures), and placement of the
    // CPU pods and of the preemptors walks most nodes (the remembered verdicts).
    const pad = (i: number): string => String(i).padStart(2, '0');
    const nodes = Array.from(
      { length: 40 },
      (_, i) => `  - { name: n${pad(i)}, resources: { gpu: 2, cpu: 16, memory: 64Gi } }`,
    );
    const cpuJobs = Array.from(
      { length: 30 },
      (_, i) =>
        `  - { name: cpu${pad(i)}, queue: a, submitAt: -60s, resources: { cpu: 1, memory: 1Gi }, tasks: [${Array.from({ length: 10 }, (_, k) => `{ status: Running, node: n${pad((i * 10 + k) % 40)} }`).join(', ')}] }`,
    );
    const running = Array.from(
      { length: 80 },
      (_, i) =>
        `  - { name: gpu${pad(i)}, queue: a, submitAt: -3600s, resources: { gpu: 1, cpu: 1, memory: 1Gi }, tasks: [{ status: Running, node: n${pad(i % 40)} }] }`,
    );
    const pending = Array.from(
      { length: 10 },
      (_, i) => `  - { name: want${pad(i)}, queue: b, resources: { gpu: 1, cpu: 1, memory: 1Gi } }`,
    );
    const text = [
      'version: 1',
      'name: pods',
      'queues:',
      '  - { name: a, resources: { gpu: { quota: 20 } } }',
      '  - { name: b, resources: { gpu: { quota: 40 } } }',
      'nodes:',
      ...nodes,
      'jobs:',
      ...cpuJobs,
      ...running,
      ...pending,
      'run: { sessions: 3 }',
    ].join('\n');
    speedUps.scans = 0;
    const { fast, plain } = both(text);
    // The shortcuts were taken (else this compares the plain walk with itself).
    expect(speedUps.scans).toBeGreaterThan(0);
    expect(fast.slice(0, 3).join(' | ')).not.toMatch(/^rejected/);
    expect(fast.length).toBe(3);
    expect(fast.join('')).toContain('"kind":"evict"');
    expect(fast).toEqual(plain);
  });
});
