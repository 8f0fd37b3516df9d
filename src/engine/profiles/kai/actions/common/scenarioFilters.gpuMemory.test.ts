/**
 * GPU figures the victim search's filters read for GPU-memory tasks (decision 0356): a victim frees its
 * `AcceptedGpuRequirement.GetGpusQuota()` (idle_gpus.go:180, sub_scenario_emitter.go:137, :207 @d5bc503), the
 * portion of its node's device rounded up to the hundredth (gpu_sharing_node_info.go:355-358); a pending
 * memory request has no portion yet and counts 0 (GpuRequirement.GetGpusQuota, gpu_resource_requirment.go:
 * 183-198; idle_gpus.go:148-163, sub_scenario_emitter.go:265-270).
 */
import { describe, expect, it } from 'vitest';
import { TaskInfo, type JobInfo } from '../../framework/JobInfo';
import { NodeInfo } from '../../framework/NodeInfo';
import { gpuMemoryRange } from '../../framework/gpuMemoryRange';
import type { NodeSpec, TaskSpec } from '../../../../model/scenario';
import { acceptedGpus, pendingGpus } from './scenarioFilters';

const node = new NodeInfo({
  name: 'node-medium',
  resources: { gpu: 1, cpu: 8, memory: 0, pods: 110 },
  labels: {},
  gpuMemoryMiB: 600,
} as NodeSpec);
const range = gpuMemoryRange([node]);

function task(overrides: Partial<TaskSpec>, placed: boolean): TaskInfo {
  const spec = {
    name: 't-0',
    index: 0,
    resources: { gpu: 0, cpu: 1, memory: 0, pods: 1 },
    status: placed ? 'Running' : 'Pending',
    node: placed ? node.name : null,
    priority: null,
    preemptable: true,
    preemptionPolicy: null,
    labels: {},
    nodeSelector: {},
    ...overrides,
  } as TaskSpec;
  // The job is not read by these figures.
  return new TaskInfo(spec, {} as JobInfo, placed ? 'Running' : 'Pending', placed ? node : null, [], range);
}

describe('victim-search GPU figures of GPU-memory tasks', () => {
  it('a placed 350 MiB task on a 600 MiB device frees 0.59 GPU, though its node holds 0.583', () => {
    const t = task({ gpuMemoryMiB: 350 }, true);
    expect(acceptedGpus(t)).toBe(0.59);
    expect(t.held.gpu).toBeCloseTo(350 / 600, 12);
  });

  it('a pending memory request counts 0 GPU; a pending fraction counts its fraction', () => {
    expect(pendingGpus(task({ gpuMemoryMiB: 350 }, false))).toBe(0);
    expect(pendingGpus(task({ resources: { gpu: 0.5, cpu: 1, memory: 0, pods: 1 } }, false))).toBe(0.5);
  });
});
