/**
 * GPU-memory requests (§23.3): how `gpuMemory` is read, bounded, refused and written back, how it converts
 * to a GPU fraction, and the trace sentence. The action cases are the conformance files HD-GM1..14.
 */
import { describe, expect, it } from 'vitest';
import { normaliseScenarioDocument, parseScenario, serialiseScenario } from '../index';
import { run, scenarioOf } from '../testing/scenarioTest';
import { importKubernetesYaml } from './importers/importKubernetesYaml';

const base = { version: 1, name: 't', queues: [{ name: 'q' }] };
const node = (mib: number, name = 'n0') => ({ name, resources: { gpu: 2, gpuMemory: mib } });

function errorsOf(doc: Record<string, unknown>): { path: string; message: string }[] {
  const r = normaliseScenarioDocument(doc);
  return r.ok ? [] : r.errors.map((e) => ({ path: e.path, message: e.message }));
}

describe('gpuMemory conversion (KAI GpuMemoryAsGpuFraction, gpu_resource_requirment.go:230 @d5bc503)', () => {
  it('counts m MiB as m / device GPU on the task', () => {
    const s = scenarioOf({
      ...base,
      nodes: [node(40000)],
      jobs: [{ name: 'j', queue: 'q', resources: { gpuMemory: 20000, cpu: 1 } }],
    });
    expect(s.jobs[0]?.tasks[0]?.gpuMemoryMiB).toBe(20000);
    expect(s.jobs[0]?.tasks[0]?.resources.gpu).toBe(0.5);
  });
  it('a task list may take the job-level request or write its own', () => {
    const s = scenarioOf({
      ...base,
      nodes: [node(100)],
      jobs: [
        {
          name: 'j',
          queue: 'q',
          resources: { gpuMemory: 30 },
          tasks: [{}, { resources: { gpuMemory: 70 } }, { resources: { gpu: 1 } }],
        },
      ],
    });
    expect(s.jobs[0]?.tasks.map((t) => [t.gpuMemoryMiB, t.resources.gpu])).toEqual([
      [30, 0.3],
      [70, 0.7],
      [undefined, 1],
    ]);
  });
  it('round-trips: the export writes gpuMemory, not the fraction', () => {
    const s = scenarioOf({
      ...base,
      nodes: [node(100)],
      jobs: [{ name: 'j', queue: 'q', resources: { gpuMemory: 40 }, tasks: 2 }],
    });
    const text = serialiseScenario(s);
    expect(text).toContain('gpuMemory: 40');
    expect(text).toContain('gpuMemory: 100');
    const again = parseScenario(text);
    expect(again.ok).toBe(true);
    if (again.ok) {
      expect(again.scenario.jobs[0]?.tasks.map((t) => t.resources.gpu)).toEqual([0.4, 0.4]);
      expect(serialiseScenario(again.scenario)).toBe(text);
    }
  });
});

describe('device memory floored to whole hundreds (KAI getNodeGpuMemory, node_info.go:673 @d5bc503)', () => {
  it('reads a 4096 MiB label as 4000 MiB devices (node_info_test.go:922-928), and keeps the label as written', () => {
    const s = scenarioOf({
      ...base,
      nodes: [node(4096)],
      jobs: [{ name: 'j', queue: 'q', resources: { gpuMemory: 2000 } }],
    });
    expect(s.jobs[0]?.tasks[0]?.resources.gpu).toBe(0.5);
    expect(s.nodes[0]?.gpuMemoryMiB).toBe(4096);
    expect(serialiseScenario(s)).toContain('gpuMemory: 4096');
  });
  it('counts a request above the floored memory as too large, and says the label was floored', () => {
    const job = { name: 'j', queue: 'q', resources: { gpuMemory: 4050 } };
    expect(errorsOf({ ...base, nodes: [node(4096)], jobs: [job] })[0]?.message).toBe(
      'task "j-0" requests 4050 MiB of GPU memory but devices have 4000 MiB (its 4096 MiB label floored to whole hundreds, as KAI does)',
    );
  });
  // 2048 / 4000 = 0.512 passes the job-level limit of 0.515; on the node it counts 0.52 (rounded up, decision 0356).
  it('explains a per-node capacity refusal with the floored memory and the label', () => {
    const sim = run({
      ...base,
      scheduler: { actions: ['allocate'] },
      nodes: [node(4096)],
      queues: [{ name: 'q', resources: { gpu: { quota: 0.5, limit: 0.515 } } }],
      jobs: [{ name: 'j', queue: 'q', resources: { gpuMemory: 2048 } }],
      run: { sessions: 1 },
    });
    const messages = sim.snapshot(1).trace.attempts.map((a) => a.message);
    expect(messages.join('\n')).toContain(
      '2048 MiB = 0.52 GPU of 4000 MiB devices on node n0 (its 4096 MiB label floored to whole hundreds, as KAI does).',
    );
  });
});

describe('gpuMemory refusals', () => {
  it('is refused outside the kai profile, naming the field', () => {
    const paths = errorsOf({
      ...base,
      profile: 'volcano',
      nodes: [node(100)],
      jobs: [{ name: 'j', queue: 'q', resources: { gpuMemory: 10 } }],
    }).map((e) => e.path);
    expect(paths).toContain('nodes[0].resources.gpuMemory');
    expect(paths).toContain('jobs[0].resources.gpuMemory');
  });
  it('is a whole number of MiB from 1 to 1048576, with its line', () => {
    for (const bad of ['0', '1.5', '1048577']) {
      const r = parseScenario(
        `version: 1\nnodes: [{name: n, resources: {gpu: 1, gpuMemory: 100}}]\nqueues: [{name: q}]\njobs:\n  - {name: j, queue: q, resources: {gpuMemory: ${bad}}}\n`,
      );
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.errors[0]?.path).toBe('jobs[0].resources.gpuMemory');
        expect(r.errors[0]?.line).toBe(5);
      }
    }
  });
  it('excludes a GPU count in the same resources; a task gpuMemory replaces a job gpu', () => {
    const errors = errorsOf({
      ...base,
      nodes: [node(100)],
      jobs: [{ name: 'j', queue: 'q', tasks: [{ resources: { gpu: 1, gpuMemory: 10 } }] }],
    });
    expect(errors.map((e) => e.path)).toEqual(['jobs[0].tasks[0].resources.gpuMemory']);
    const s = scenarioOf({
      ...base,
      nodes: [node(100)],
      jobs: [{ name: 'j', queue: 'q', resources: { gpu: 1 }, tasks: [{ resources: { gpuMemory: 10 } }] }],
    });
    expect(s.jobs[0]?.tasks[0]?.resources.gpu).toBe(0.1);
  });
  it('needs every GPU node to declare its device memory, and the request to fit the largest', () => {
    const job = (mib: number) => ({ name: 'j', queue: 'q', resources: { gpuMemory: mib } });
    // Mixed device memories are modelled (decision 0328), but not with devices of 100 MiB or less.
    expect(errorsOf({ ...base, nodes: [node(200), node(100, 'n1')], jobs: [job(10)] })[0]?.path).toBe(
      'nodes[1].resources.gpuMemory',
    );
    expect(
      errorsOf({ ...base, nodes: [node(100), { name: 'n1', resources: { gpu: 1 } }], jobs: [job(10)] })[0]
        ?.path,
    ).toBe('nodes[1].resources');
    expect(errorsOf({ ...base, nodes: [node(100)], jobs: [job(101)] })[0]?.message).toContain(
      'requests 101 MiB of GPU memory but devices have 100 MiB',
    );
    expect(errorsOf({ ...base, nodes: [{ name: 'n', resources: { cpu: 1 } }], jobs: [job(1)] })).toHaveLength(
      1,
    );
  });
  it('refuses a GPU node under 100 MiB when a task asks for GPU memory: KAI floors it to 0 and divides by it', () => {
    const job = { name: 'j', queue: 'q', resources: { gpuMemory: 10 } };
    const errors = errorsOf({ ...base, nodes: [node(99)], jobs: [job] });
    expect(errors).toEqual([
      {
        path: 'nodes[0].resources.gpuMemory',
        message: expect.stringContaining('has 99 MiB devices, which KAI floors to whole hundreds of MiB: 0'),
      },
    ]);
    // Without a memory request the label counts for nothing, as upstream (nothing divides by it).
    expect(errorsOf({ ...base, nodes: [node(99)], jobs: [] })).toEqual([]);
  });
  it('on a node needs a GPU count', () => {
    const errors = errorsOf({ ...base, nodes: [{ name: 'n', resources: { gpuMemory: 100 } }], jobs: [] });
    expect(errors.map((e) => e.path)).toEqual(['nodes[0].resources.gpuMemory']);
  });
});

describe('gpuMemory in the trace', () => {
  it('a capacity refusal says how the memory was counted', () => {
    const sim = run({
      ...base,
      scheduler: { actions: ['allocate'] },
      nodes: [node(40000)],
      queues: [{ name: 'q', resources: { gpu: { quota: 1, limit: 0.25 } } }],
      jobs: [{ name: 'j', queue: 'q', resources: { gpuMemory: 20000 } }],
      run: { sessions: 1 },
    });
    const messages = sim.snapshot(1).trace.attempts.map((a) => a.message);
    expect(messages.join('\n')).toContain('20000 MiB = 0.5 GPU of 40000 MiB devices');
    expect(sim.snapshot(1).trace.pending.find((p) => p.job === 'j')?.code).toBe('over-limit');
  });
});

describe('gpuMemory through Kubernetes objects (§12/§13)', () => {
  const nodeDoc = (labels: string) =>
    `apiVersion: v1\nkind: Node\nmetadata: {name: n0, labels: {${labels}}}\nstatus: {allocatable: {nvidia.com/gpu: 2}}\n`;
  const pod = (mib: string) =>
    `---\napiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {kai.scheduler/queue: q}, annotations: {gpu-memory: "${mib}"}}\nspec: {containers: [{name: c}]}\n`;
  it('reads the node label and the pod annotation for kai', () => {
    const r = importKubernetesYaml(nodeDoc('"nvidia.com/gpu.memory": "40960"') + pod('20450'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const parsed = parseScenario(r.text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    // The label as written; the engine computes with it floored: 20450 MiB is half of 40900.
    expect(parsed.scenario.nodes[0]?.gpuMemoryMiB).toBe(40960);
    expect(parsed.scenario.nodes[0]?.labels).toEqual({});
    expect(parsed.scenario.jobs[0]?.tasks[0]?.resources.gpu).toBe(0.5);
  });
  it('reads a label of 1 TiB-in-MiB or more as bytes, as KAI does (node_info_test.go:930-935)', () => {
    const r = importKubernetesYaml(nodeDoc('"nvidia.com/gpu.memory": "4295000001"') + pod('2000'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const parsed = parseScenario(r.text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    // 4295000001 B is 4096 MiB; the engine computes with 4000, so 2000 MiB is half a device.
    expect(parsed.scenario.nodes[0]?.gpuMemoryMiB).toBe(4096);
    expect(parsed.scenario.jobs[0]?.tasks[0]?.resources.gpu).toBe(0.5);
  });
  it('explains a GPU-memory annotation that is not a whole number of MiB', () => {
    const r = importKubernetesYaml(nodeDoc('a: b') + pod('1.5Gi'));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.unmapped.map((u) => u.field)).toContain('metadata.annotations.gpu-memory');
  });
});
