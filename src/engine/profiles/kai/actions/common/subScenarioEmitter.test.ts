/**
 * The sub-scenario emitter's rules (KAI sub_scenario_emitter.go @d5bc503), on plain numbers: which batches
 * each growing subset picks.
 */
import { describe, expect, it } from 'vitest';
import { SubScenarioEmitter, smallestKCovering, type BatchTask } from './subScenarioEmitter';

const t = (node: string | null, gpu: number): BatchTask<string> => ({ node, gpu });

function drain(e: SubScenarioEmitter<string>): number[][] {
  const out: number[][] = [];
  for (let p = e.next(); p !== null; p = e.next()) out.push(p);
  return out;
}

function emitter(
  batches: BatchTask<string>[][],
  pending: number[],
  idle: Record<string, number> = {},
  recorded: Record<string, number> = {},
): SubScenarioEmitter<string> {
  const nodes = new Set([...Object.keys(idle), ...batches.flat().flatMap((x) => (x.node ? [x.node] : []))]);
  const recordedFreed = new Map(Object.entries(recorded));
  let finite = 0;
  for (const n of nodes) finite += (idle[n] ?? 0) + (recordedFreed.get(n) ?? 0);
  return new SubScenarioEmitter({
    batches,
    idleOrReleasing: (n) => idle[n] ?? 0,
    recordedFreed,
    allNodes: { finite, unbounded: 0 },
    pending,
  });
}

describe('SubScenarioEmitter', () => {
  it('starts at the smallest prefix of nodes, smallest capacity first, that covers the demand', () => {
    // n1 frees 1 GPU, n2 frees 2, n3 frees 4; three 1-GPU tasks pending: n1 + n2 cover them.
    const e = emitter([[t('n3', 4)], [t('n1', 1)], [t('n2', 2)]], [1, 1, 1]);
    expect(drain(e)).toEqual([
      [1, 2], // k = 2 (n1, n2)
      [0, 1, 2], // k = 3: clamped to every candidate
    ]);
  });

  it('grows the prefix by 1, 2, 4, … nodes', () => {
    const batches = Array.from({ length: 8 }, (_, i) => [t(`n${i}`, 1)]);
    const sizes = drain(emitter(batches, [1])).map((p) => p.length);
    expect(sizes).toEqual([1, 2, 4, 8]);
  });

  it('picks a gang batch with all its tasks when any of its nodes is picked', () => {
    // The gang spans n1 and n2; n1 is the smallest node, so the first subset takes the whole gang.
    const e = emitter([[t('n1', 1), t('n2', 1)], [t('n2', 2)]], [1]);
    expect(e.next()).toEqual([0]);
    expect(e.next()).toEqual([0, 1]);
    expect(e.next()).toBeNull();
  });

  it('drops nodes that cannot hold the smallest pending task', () => {
    // n1 frees half a GPU: it can host no 1-GPU task and is never picked on its own.
    const e = emitter([[t('n1', 0.5)], [t('n2', 1)]], [1]);
    expect(drain(e)).toEqual([[1]]);
  });

  it('counts idle, releasing and recorded-victim GPUs toward a node and toward the baseline', () => {
    // n0 holds no batch but has 2 idle GPUs: with 2 pending GPUs nothing more is needed, so the first
    // subset is empty (only the recorded victims); then the smallest node, n2 (1 + 1 recorded < n1's 3).
    const e = emitter([[t('n1', 3)], [t('n2', 1)]], [1, 1], { n0: 2 }, { n2: 1 });
    expect(drain(e)).toEqual([[], [1], [0, 1]]);
  });

  it('breaks capacity ties by the order in which the victim queue gave each node its first victim', () => {
    const e = emitter([[t('nb', 1)], [t('na', 1)]], [1]);
    expect(e.next()).toEqual([0]);
  });

  it('emits nothing when even every candidate cannot cover the demand', () => {
    expect(drain(emitter([[t('n1', 1)]], [4]))).toEqual([]);
  });
});

describe('smallestKCovering', () => {
  it('is 0 with no demand and one past the end when nothing covers it', () => {
    expect(smallestKCovering([1, 2], 0)).toBe(0);
    expect(smallestKCovering([1, 2], 3)).toBe(2);
    expect(smallestKCovering([1, 2], 4)).toBe(3);
  });
});
