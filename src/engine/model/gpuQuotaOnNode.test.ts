/**
 * What a placed GPU-memory request counts to its queue (`gpuQuotaOnNode`) against what its node holds
 * (`gpuOnNode`): KAI rounds the portion of one device up to the hundredth for the queue
 * (api/node_info/gpu_sharing_node_info.go:355-358 @d5bc503) and fits the device by its MiB.
 */
import { describe, expect, it } from 'vitest';
import { gpuOnNode, gpuQuotaOnNode } from './gpuDevices';

const memoryTask = (mib: number, devices?: number) => ({
  gpuMemoryMiB: mib,
  ...(devices === undefined ? {} : { gpuMemoryDevices: devices }),
  resources: { gpu: 0.1, cpu: 1, memory: 0, pods: 1 },
});

describe('gpuQuotaOnNode', () => {
  it('rounds 350 MiB of a 600 MiB device up to 0.59 GPU, where the node holds the exact 0.583', () => {
    expect(gpuQuotaOnNode(memoryTask(350), { gpuMemoryMiB: 600 })).toBe(0.59);
    expect(gpuOnNode(memoryTask(350), { gpuMemoryMiB: 600 })).toBeCloseTo(350 / 600, 12);
  });

  it("gives GM-5's figures: 0.88 on 400 MiB devices, 0.175 → 0.18 on 2000 MiB devices", () => {
    // allocateGpuMemory_test.go @d5bc503 expects "Workload requested 0.88 GPUs" on node-small.
    expect(gpuQuotaOnNode(memoryTask(350), { gpuMemoryMiB: 400 })).toBe(0.88);
    expect(gpuQuotaOnNode(memoryTask(350), { gpuMemoryMiB: 2000 })).toBe(0.18);
  });

  it('leaves a whole hundredth as it is (300 MiB of 600 is 0.5, 200 MiB of 40000 is 0.005 → 0.01)', () => {
    expect(gpuQuotaOnNode(memoryTask(300), { gpuMemoryMiB: 600 })).toBe(0.5);
    expect(gpuQuotaOnNode(memoryTask(200), { gpuMemoryMiB: 40000 })).toBe(0.01);
    expect(gpuQuotaOnNode(memoryTask(600), { gpuMemoryMiB: 600 })).toBe(1);
  });

  it('counts each device of a multi-device request at the rounded portion (3 × 0.34, not 3 × 1/3)', () => {
    // GetRequiredInitQuota: count × getGpuMemoryFractionalOnNode (node_info.go:722-730); GPUs()' fixed point.
    expect(gpuQuotaOnNode(memoryTask(200, 3), { gpuMemoryMiB: 600 })).toBe(1.02);
    expect(gpuOnNode(memoryTask(200, 3), { gpuMemoryMiB: 600 })).toBeCloseTo(1, 12);
  });

  it("keeps a request's own gpu when the node states no device memory, or the task asks GPUs", () => {
    expect(gpuQuotaOnNode(memoryTask(350), {})).toBe(0.1);
    expect(
      gpuQuotaOnNode({ resources: { gpu: 0.25, cpu: 0, memory: 0, pods: 1 } }, { gpuMemoryMiB: 600 }),
    ).toBe(0.25);
  });
});
