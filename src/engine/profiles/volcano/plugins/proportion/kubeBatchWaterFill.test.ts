import { describe, expect, it } from 'vitest';
import { zeroResources, type Resources } from '../../../../model/resources';
import { kubeBatchLessEqual, kubeBatchWaterFill, type KubeBatchWaterFillQueue } from './kubeBatchWaterFill';
import { waterFill, type WaterFillQueue } from './figures';

const Gi = 2 ** 30;

function res(cpu: number, memGi: number, gpu = 0): Resources {
  return { gpu, cpu, memory: memGi * Gi, pods: 0 };
}

function kb(
  total: Resources,
  queues: [string, number, Resources][],
): Record<string, KubeBatchWaterFillQueue> {
  const list = queues.map(([name, weight, request]) => ({
    name,
    weight,
    request,
    deserved: zeroResources(),
    deservedHasGpu: false,
  }));
  kubeBatchWaterFill(list, total);
  return Object.fromEntries(list.map((q) => [q.name, q]));
}

/** Volcano's loop on the same input (no capability, no guarantee), to show where the two differ. */
function volcano(total: Resources, queues: [string, number, Resources][]): Record<string, Resources> {
  const list: WaterFillQueue[] = queues.map(([name, weight, request]) => ({
    name,
    weight,
    request,
    realCapability: { gpu: Infinity, cpu: Infinity, memory: Infinity, pods: Infinity },
    guarantee: zeroResources(),
    deserved: zeroResources(),
  }));
  waterFill(list, total);
  return Object.fromEntries(list.map((q) => [q.name, q.deserved]));
}

describe("kube-batch's proportion water-fill (proportion.go:101-154 @86b2ba21)", () => {
  it('a queue met in every dimension is cut to its request and its rest goes to the others (same as Volcano)', () => {
    const total = res(10, 10);
    const queues: [string, number, Resources][] = [
      ['a', 1, res(1, 1)],
      ['b', 1, res(100, 100)],
    ];
    const out = kb(total, queues);
    expect(out.a?.deserved).toEqual(res(1, 1));
    expect(out.b?.deserved).toEqual(res(9, 9));
    const v = volcano(total, queues);
    expect(v.a).toMatchObject({ cpu: 1, memory: Gi });
    expect(v.b).toMatchObject({ cpu: 9, memory: 9 * Gi });
  });

  it('a queue whose request is met in cpu but not in memory keeps its whole cpu share (Volcano cuts it)', () => {
    // Round 1 gives each queue 5 CPU and 5Gi; neither request is below that in both dimensions, so neither
    // is met, remaining is empty and the loop ends (:133, :150). Volcano clamps per dimension instead.
    const total = res(10, 10);
    const queues: [string, number, Resources][] = [
      ['a', 1, res(2, 8)],
      ['b', 1, res(20, 1)],
    ];
    const out = kb(total, queues);
    expect(out.a?.deserved).toEqual(res(5, 5));
    expect(out.b?.deserved).toEqual(res(5, 5));
    const v = volcano(total, queues);
    expect(v.a?.cpu).toBeCloseTo(2, 9);
    expect(v.a?.memory).toBeCloseTo(8 * Gi, 0);
    expect(v.b?.cpu).toBeCloseTo(8, 9);
    expect(v.b?.memory).toBeCloseTo(Gi, 0);
  });

  it('a request equal to the share in one dimension is not below it: Less is strict (resource_info.go:226-240)', () => {
    const total = res(10, 10);
    // a asks exactly its 5-CPU share: not met, so it keeps 5Gi though it asks 1Gi, and b gets no more.
    const equal = kb(total, [
      ['a', 1, res(5, 1)],
      ['b', 1, res(100, 100)],
    ]);
    expect(equal.a?.deserved).toEqual(res(5, 5));
    expect(equal.b?.deserved).toEqual(res(5, 5));
    // One milli-CPU less and a is met: cut to its request, the rest goes to b in round 2.
    const below = kb(total, [
      ['a', 1, res(4.999, 1)],
      ['b', 1, res(100, 100)],
    ]);
    expect(below.a?.deserved).toEqual(res(4.999, 1));
    expect(below.b?.deserved.cpu).toBeCloseTo(5.001, 9);
    expect(below.b?.deserved.memory).toBe(9 * Gi);
  });

  it('a met queue gives back its excess in the next round, not its share of a dimension it over-asks', () => {
    // Round 1: a (weight 2 of 4) gets 5 CPU, 5Gi and is met; b and c get 2.5 each and are not (b asks 8Gi,
    // c asks 8 CPU). Round 2 shares a's 4 CPU and 4Gi between b and c: 4.5 each; still not met; empty.
    const out = kb(res(10, 10), [
      ['a', 2, res(1, 1)],
      ['b', 1, res(1, 8)],
      ['c', 1, res(8, 1)],
    ]);
    expect(out.a?.deserved).toEqual(res(1, 1));
    expect(out.b?.deserved).toEqual(res(4.5, 4.5));
    expect(out.c?.deserved).toEqual(res(4.5, 4.5));
  });

  it('no queue deserves pods (Resource.Add skips MaxTaskNum, resource_info.go:127-140)', () => {
    const out = kb({ gpu: 0, cpu: 10, memory: 10 * Gi, pods: 110 }, [['a', 1, { ...res(1, 1), pods: 3 }]]);
    expect(out.a?.deserved.pods).toBe(0);
  });

  it('stops when the unmet weights sum to 0 (:112-116)', () => {
    const out = kb(res(10, 10), [
      ['a', 1, res(1, 1)],
      ['z', 0, res(1, 1)],
    ]);
    expect(out.a?.deserved).toEqual(res(1, 1));
    expect(out.z?.deserved).toEqual(res(0, 0));
  });

  it('a CPU-only queue is not met while its GPU share is at most 10 milli-GPUs (Less, resource_info.go:242-251)', () => {
    // a deserves 2 CPU, 2Gi and 1000 × 1/100 = 10 milli-GPUs: its request (no GPU entry) is not Less.
    const out = kb(res(200, 200, 1), [
      ['a', 1, res(1, 1)],
      ['b', 99, res(1000, 1000, 1)],
    ]);
    expect(out.a?.deserved).toEqual(res(2, 2, 0.01));
    expect(out.a?.deservedHasGpu).toBe(true);
    // With a GPU share above 10 milli-GPUs it is met, and Min drops the GPU entry (helpers.go:28-44).
    const met = kb(res(200, 200, 2), [
      ['a', 1, res(1, 1)],
      ['b', 99, res(1000, 1000, 2)],
    ]);
    expect(met.a?.deserved).toEqual(res(1, 1));
    expect(met.a?.deservedHasGpu).toBe(false);
  });

  it("a met CPU-only queue's GPU share is not given back (Diff reads only the new deserved's scalars, :304-337)", () => {
    // Round 1: a is met (its 4-GPU share dropped by Min, never counted as increased or decreased); b gets
    // 5 CPU, 5Gi, 4 GPUs. Round 2: b alone gets remaining = 4 CPU, 4Gi and 8 − 4 = 4 GPUs.
    const out = kb(res(10, 10, 8), [
      ['a', 1, res(1, 1)],
      ['b', 1, res(2, 2, 8)],
    ]);
    expect(out.a?.deserved).toEqual(res(1, 1));
    expect(out.b?.deserved).toEqual(res(9, 9, 8));
    expect(out.b?.deservedHasGpu).toBe(true);
  });

  it('a queue asking GPUs where no node lists any is never met (Less, :253-255) and takes what is left', () => {
    const total = res(10, 10);
    const queues: [string, number, Resources][] = [
      ['a', 1, res(1, 1, 1)],
      ['b', 1, res(1, 1)],
    ];
    const out = kb(total, queues);
    expect(out.a?.deserved).toEqual(res(9, 9));
    expect(out.a?.deservedHasGpu).toBe(false);
    expect(out.b?.deserved).toEqual(res(1, 1));
    // Nodes that omit gpu (unconstrained) read as nodes listing no GPUs: the same result.
    expect(kb({ ...total, gpu: Infinity }, queues).a?.deserved).toEqual(res(9, 9));
  });

  it('an unconstrained cpu never keeps remaining from being empty and is cut to the request at the end', () => {
    const out = kb(res(Infinity, 10), [
      ['a', 1, res(3, 8)],
      ['b', 1, res(2, 1)],
    ]);
    // Round 1: b is met (2 < ∞, 1Gi < 5Gi) and a is not (8Gi ≥ 5Gi); remaining cpu stays ∞, memory 4Gi.
    // Round 2: a gets the 4Gi (9Gi > 8Gi), is met and cut to its request.
    expect(out.a?.deserved).toEqual(res(3, 8));
    expect(out.b?.deserved).toEqual(res(2, 1));
    for (const q of Object.values(out))
      for (const v of Object.values(q.deserved)) expect(Number.isFinite(v)).toBe(true);
  });

  it('is deterministic and bounded for many queues', () => {
    const queues: [string, number, Resources][] = Array.from({ length: 200 }, (_, i) => [
      `q${i}`,
      1 + (i % 7),
      res(1 + (i % 13), 1 + (i % 5), i % 3),
    ]);
    const a = kb(res(500, 300, 40), queues);
    const b = kb(res(500, 300, 40), queues);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    let cpu = 0;
    for (const q of Object.values(a)) cpu += q.deserved.cpu;
    expect(cpu).toBeLessThanOrEqual(500 + 1e-6);
  });
});

describe("kube-batch's LessEqual for Overused and Reclaimable (resource_info.go:267-302)", () => {
  it('allows 10 milli-CPU and 10Mi below, ignores pods and a GPU share of at most 10 milli-GPUs', () => {
    const deserved = res(2, 4, 1);
    expect(kubeBatchLessEqual(deserved, res(1.991, 4, 1), true)).toBe(true);
    expect(kubeBatchLessEqual(deserved, res(1.99, 4, 1), true)).toBe(false);
    expect(kubeBatchLessEqual(deserved, { ...res(2, 4, 1), memory: 4 * Gi - 9 * 2 ** 20 }, true)).toBe(true);
    expect(kubeBatchLessEqual(deserved, { ...res(2, 4, 1), memory: 4 * Gi - 10 * 2 ** 20 }, true)).toBe(
      false,
    );
    expect(kubeBatchLessEqual({ ...deserved, pods: 5 }, res(2, 4, 1), true)).toBe(true);
    expect(kubeBatchLessEqual(deserved, res(2, 4, 0), true)).toBe(false);
    expect(kubeBatchLessEqual(res(2, 4, 0.01), res(2, 4, 0), true)).toBe(true);
    // A deserved without a GPU entry (cut by Min) does not compare GPUs.
    expect(kubeBatchLessEqual(deserved, res(2, 4, 0), false)).toBe(true);
  });
});
