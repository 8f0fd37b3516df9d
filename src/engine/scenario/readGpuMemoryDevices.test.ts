/**
 * GPU-memory requests on several devices (§23.3, `gpuMemoryDevices`, KAI `gpu-fraction-num-devices` with
 * `gpu-memory`, #1370): count × m / D in queue accounting (KAI gpu_resource_requirment.go:231-236 @d5bc503),
 * that many distinct devices at placement, refusals with field paths, trace text and the round trips. The
 * action cases are the conformance files GM-1..4.
 */
import { describe, expect, it } from 'vitest';
import { normaliseScenarioDocument, parseScenario, serialiseScenario } from '../index';
import { run, scenarioOf } from '../testing/scenarioTest';
import { exportKubernetesYaml } from './exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importers/importKubernetesYaml';

const base = { version: 1, name: 't', queues: [{ name: 'q' }] };
const node = (gpu: number, mib: number, name = 'n0') => ({ name, resources: { gpu, gpuMemory: mib } });

function errorsOf(doc: Record<string, unknown>): { path: string; message: string }[] {
  const r = normaliseScenarioDocument(doc);
  return r.ok ? [] : r.errors.map((e) => ({ path: e.path, message: e.message }));
}

describe('gpuMemoryDevices conversion', () => {
  it('counts count × m / D GPU; a task list takes the job request with its count or writes its own', () => {
    const s = scenarioOf({
      ...base,
      nodes: [node(4, 100)],
      jobs: [
        {
          name: 'j',
          queue: 'q',
          resources: { gpuMemory: 30, gpuMemoryDevices: 3 },
          tasks: [
            {},
            { resources: { gpuMemory: 70 } },
            { resources: { gpuMemory: 10, gpuMemoryDevices: 2 } },
          ],
        },
      ],
    });
    expect(s.jobs[0]?.tasks.map((t) => [t.gpuMemoryMiB, t.gpuMemoryDevices, t.resources.gpu])).toEqual([
      [30, 3, 0.9],
      [70, undefined, 0.7],
      [10, 2, 0.2],
    ]);
  });
  it('round-trips through the scenario text', () => {
    const s = scenarioOf({
      ...base,
      nodes: [node(2, 100)],
      jobs: [{ name: 'j', queue: 'q', resources: { gpuMemory: 40, gpuMemoryDevices: 2 }, tasks: 2 }],
    });
    const text = serialiseScenario(s);
    expect(text).toContain('gpuMemoryDevices: 2');
    const again = parseScenario(text);
    expect(again.ok).toBe(true);
    if (again.ok) {
      expect(again.scenario.jobs[0]?.tasks.map((t) => t.resources.gpu)).toEqual([0.8, 0.8]);
      expect(serialiseScenario(again.scenario)).toBe(text);
    }
  });
});

describe('gpuMemoryDevices refusals', () => {
  it('needs gpuMemory in the same resources, reported once for a job', () => {
    const errors = errorsOf({
      ...base,
      nodes: [node(2, 100)],
      jobs: [{ name: 'j', queue: 'q', resources: { gpu: 1, gpuMemoryDevices: 2 }, tasks: 3 }],
    });
    expect(errors.map((e) => e.path)).toEqual(['jobs[0].resources.gpuMemoryDevices']);
    expect(errors[0]?.message).toContain('no gpuMemory');
    const own = errorsOf({
      ...base,
      nodes: [node(2, 100)],
      jobs: [
        {
          name: 'j',
          queue: 'q',
          resources: { gpuMemory: 10 },
          tasks: [{ resources: { gpuMemoryDevices: 2 } }],
        },
      ],
    });
    expect(own.map((e) => e.path)).toEqual(['jobs[0].tasks[0].resources.gpuMemoryDevices']);
  });
  it('is refused outside the kai profile', () => {
    const paths = errorsOf({
      ...base,
      profile: 'volcano',
      nodes: [{ name: 'n0', resources: { gpu: 2 } }],
      jobs: [{ name: 'j', queue: 'q', resources: { gpuMemory: 10, gpuMemoryDevices: 2 } }],
    }).map((e) => e.path);
    expect(paths).toContain('jobs[0].resources.gpuMemoryDevices');
  });
  it('is a whole number from 1 to 128, with its line', () => {
    for (const bad of ['0', '1.5', '129']) {
      const r = parseScenario(
        `version: 1\nnodes: [{name: n, resources: {gpu: 2, gpuMemory: 100}}]\nqueues: [{name: q}]\njobs:\n  - {name: j, queue: q, resources: {gpuMemory: 10, gpuMemoryDevices: ${bad}}}\n`,
      );
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.errors[0]?.path).toBe('jobs[0].resources.gpuMemoryDevices');
        expect(r.errors[0]?.line).toBe(5);
      }
    }
  });
  it('a running task that does not find its devices on its node is a packing error at its node field', () => {
    const errors = errorsOf({
      ...base,
      nodes: [node(2, 100)],
      jobs: [
        { name: 'a', queue: 'q', resources: { gpuMemory: 80 }, tasks: [{ status: 'Running', node: 'n0' }] },
        {
          name: 'b',
          queue: 'q',
          resources: { gpuMemory: 30, gpuMemoryDevices: 2 },
          tasks: [{ status: 'Running', node: 'n0' }],
        },
      ],
    });
    expect(errors.map((e) => e.path)).toEqual(['jobs[1].tasks[0].node']);
    expect(errors[0]?.message).toContain('needs 0.3 of each of 2 GPUs');
  });
});

describe('gpuMemoryDevices placement and trace', () => {
  it('takes that many distinct devices, fullest with room first, m / D each', () => {
    const sim = run({
      ...base,
      scheduler: { actions: ['allocate'] },
      nodes: [node(4, 100)],
      jobs: [
        { name: 'a', queue: 'q', resources: { gpuMemory: 60 }, tasks: [{ status: 'Running', node: 'n0' }] },
        { name: 'b', queue: 'q', resources: { gpuMemory: 40, gpuMemoryDevices: 3 } },
      ],
      run: { sessions: 1 },
    });
    const b = sim.snapshot(1).tasks.find((t) => t.name === 'b-0');
    expect(b?.status).toBe('Running');
    expect(b?.gpus.map((g) => [g.index, Math.round(g.share * 100) / 100])).toEqual([
      [0, 0.4],
      [1, 0.4],
      [2, 0.4],
    ]);
  });
  it('stays pending when fewer devices have room than it asks for', () => {
    const sim = run({
      ...base,
      scheduler: { actions: ['allocate'] },
      nodes: [node(2, 100)],
      jobs: [
        { name: 'a', queue: 'q', resources: { gpuMemory: 70 }, tasks: [{ status: 'Running', node: 'n0' }] },
        { name: 'b', queue: 'q', resources: { gpuMemory: 40, gpuMemoryDevices: 2 } },
      ],
      run: { sessions: 1 },
    });
    expect(sim.snapshot(1).tasks.find((t) => t.name === 'b-0')?.status).toBe('Pending');
  });
  it('a capacity refusal says "count × m MiB = … GPU of D MiB devices"', () => {
    const sim = run({
      ...base,
      scheduler: { actions: ['allocate'] },
      nodes: [node(2, 81920)],
      queues: [{ name: 'q', resources: { gpu: { quota: 1, limit: 0.25 } } }],
      jobs: [{ name: 'j', queue: 'q', resources: { gpuMemory: 20480, gpuMemoryDevices: 2 } }],
      run: { sessions: 1 },
    });
    const messages = sim.snapshot(1).trace.attempts.map((a) => a.message);
    expect(messages.join('\n')).toContain('2 × 20480 MiB = 0.5 GPU of 81900 MiB devices');
  });
});

describe('gpuMemoryDevices through Kubernetes objects (§12/§13)', () => {
  it('reads gpu-fraction-num-devices with gpu-memory and writes it back', () => {
    const yaml =
      'apiVersion: v1\nkind: Node\nmetadata: {name: n0, labels: {"nvidia.com/gpu.memory": "40960"}}\nstatus: {allocatable: {nvidia.com/gpu: 4}}\n' +
      '---\napiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {kai.scheduler/queue: q}, annotations: {gpu-memory: "10225", gpu-fraction-num-devices: "3"}}\nspec: {containers: [{name: c}]}\n';
    const r = importKubernetesYaml(yaml);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.unmapped.map((u) => u.field)).not.toContain('metadata.annotations.gpu-fraction-num-devices');
    const parsed = parseScenario(r.text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const task = parsed.scenario.jobs[0]?.tasks[0];
    // 3 × 10225 MiB of the label's 40960, floored to 40900 as KAI reads it.
    expect([task?.gpuMemoryDevices, task?.resources.gpu]).toEqual([3, 0.75]);
    const out = exportKubernetesYaml(parsed.scenario);
    expect(out).toContain('gpu-fraction-num-devices: "3"');
    const back = importKubernetesYaml(out);
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.text).toContain('gpuMemoryDevices: 3');
  });
  it('explains a device count that is not a whole number', () => {
    const yaml =
      'apiVersion: v1\nkind: Node\nmetadata: {name: n0}\nstatus: {allocatable: {nvidia.com/gpu: 4}}\n' +
      '---\napiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {kai.scheduler/queue: q}, annotations: {gpu-memory: "10", gpu-fraction-num-devices: "two"}}\nspec: {containers: [{name: c}]}\n';
    const r = importKubernetesYaml(yaml);
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.unmapped.map((u) => u.field)).toContain('metadata.annotations.gpu-fraction-num-devices');
  });
});
