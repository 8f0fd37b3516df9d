import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../index';
import { serialiseScenario } from './serialiseScenario';
import { exportKubernetesYaml } from './exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importers/importKubernetesYaml';

const yaml = (...lines: string[]) => lines.join('\n') + '\n';

/** Two zones of two racks, two 2-GPU nodes per rack; rack z1.r1 half taken by `seed`. */
function scenario(profile: string, job: string[]): string {
  const nodes: string[] = [];
  for (const zone of ['z1', 'z2'])
    for (const rack of ['r1', 'r2'])
      for (const i of [0, 1])
        nodes.push(
          `  - {name: ${zone}-${rack}-${i}, resources: {gpu: 2}, labels: {zone: ${zone}, rack: ${rack}}}`,
        );
  return yaml(
    'version: 1',
    `profile: ${profile}`,
    'topologies:',
    '  - name: t',
    '    levels: [{nodeLabel: zone, alias: z}, {nodeLabel: rack}]',
    'nodes:',
    ...nodes,
    'queues: [{name: q}]',
    'jobs:',
    '  - name: seed',
    '    queue: q',
    '    resources: {gpu: 2}',
    '    tasks: [{status: Running, node: z1-r1-0}]',
    '  - name: train',
    '    queue: q',
    '    resources: {gpu: 1}',
    ...job,
  );
}

function errors(text: string) {
  const r = parseScenario(text);
  return r.ok ? [] : r.errors.map((e) => ({ path: e.path, message: e.message }));
}

const SEGMENTS = ['    tasks: 8', '    segments: {size: 4, topology: t, requiredTopologyLevel: rack}'];

describe('segments (§21, KAI pytorch_grouper.go:129-216)', () => {
  it('expands into a worker set and one constrained leaf per segment, tasks by position', () => {
    const r = parseScenario(scenario('kai', [...SEGMENTS, '    minAvailable: 3']));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const job = r.scenario.jobs[1];
    const rack = { topology: 't', requiredLevel: 'rack', preferredLevel: null };
    expect(job?.subGroups).toEqual([
      { name: 'worker', parent: null, minMember: 0, minSubGroup: 2 },
      { name: 'worker-0', parent: 'worker', minMember: 4, minSubGroup: null, topologyConstraint: rack },
      // minAvailable 3 makes one segment mandatory; the other is elastic (minMember 0), as upstream.
      { name: 'worker-1', parent: 'worker', minMember: 0, minSubGroup: null, topologyConstraint: rack },
    ]);
    expect(job?.tasks.map((t) => t.subGroup)).toEqual([0, 0, 0, 0, 1, 1, 1, 1].map((i) => `worker-${i}`));
    expect(job?.minAvailable).toBe(4);
  });

  it('gives the last segment its remainder as minMember', () => {
    const r = parseScenario(
      scenario('kai', ['    tasks: 6', '    segments: {size: 4, topology: t, preferredTopologyLevel: rack}']),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.scenario.jobs[1]?.subGroups?.map((g) => g.minMember)).toEqual([0, 4, 2]);
  });

  it('refuses bad segments at their field', () => {
    expect(
      errors(
        scenario('kai', [
          '    tasks: 4',
          '    segments: {size: 1, topology: t, requiredTopologyLevel: rack}',
        ]),
      ),
    ).toEqual([
      {
        path: 'jobs[1].segments.size',
        message: "segment size must be at least 2 and at most the job's 4 tasks (got 1)",
      },
    ]);
    expect(
      errors(scenario('kai', ['    tasks: 4', '    segments: {size: 2, requiredTopologyLevel: rack}']))[0]
        ?.path,
    ).toBe('jobs[1].segments.topology');
    expect(
      errors(scenario('kai', ['    tasks: 4', '    segments: {size: 2, topology: t}']))[0]?.message,
    ).toContain('needs requiredTopologyLevel');
    expect(
      errors(
        scenario('kai', ['    tasks: 4', '    segments: {size: 2, topology: t, requiredTopologyLevel: row}']),
      )[0],
    ).toEqual({
      path: 'jobs[1].segments.requiredTopologyLevel',
      message: 'topology "t" has no level "row" (its levels: zone (z), rack)',
    });
    const both = errors(scenario('kai', [...SEGMENTS, '    subGroups: [{name: a}]']));
    expect(both.map((e) => e.path)).toContain('jobs[1].subGroups');
    expect(errors(scenario('volcano', SEGMENTS)).map((e) => e.path)).toContain('jobs[1].segments');
  });

  it('takes the topology from the job constraint and round-trips as segments, and through Kubernetes as subgroups', () => {
    const text = scenario('kai', [
      '    tasks: 8',
      '    topologyConstraint: {topology: t, requiredTopologyLevel: z}',
      '    segments: {size: 4, requiredTopologyLevel: rack}',
    ]);
    const r = parseScenario(text);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const written = serialiseScenario(r.scenario);
    expect(written).toContain('segments:');
    expect(written).not.toContain('subGroup');
    const again = parseScenario(written);
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    expect(again.scenario.jobs).toEqual(r.scenario.jobs);
    const k8s = exportKubernetesYaml(r.scenario);
    const imported = importKubernetesYaml(k8s);
    if (!imported.ok) throw new Error(imported.errors.join('; '));
    expect(imported.unmapped).toEqual([]);
    const back = parseScenario(imported.text);
    if (!back.ok) throw new Error(JSON.stringify(back.errors));
    const job = back.scenario.jobs.find((j) => j.name === 'train');
    expect(job?.subGroups).toEqual(r.scenario.jobs[1]?.subGroups);
    expect(job?.topologyConstraint).toEqual(r.scenario.jobs[1]?.topologyConstraint);
  });
});

describe('per-subgroup topology constraints in placement', () => {
  it('puts each segment in one rack inside the zone, and the trace names each domain', () => {
    const r = parseScenario(
      scenario('kai', [
        '    tasks: 8',
        '    topologyConstraint: {topology: t, requiredTopologyLevel: z}',
        '    segments: {size: 4, requiredTopologyLevel: rack}',
      ]),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const sim = createSimulation(r.scenario);
    sim.step();
    const snap = sim.snapshot(1);
    const rackOf = new Map<string, string>();
    for (const t of snap.tasks) {
      if (!t.name.startsWith('train-')) continue;
      expect(t.status).toBe('Running');
      const [zone, rack] = (t.node ?? '').split('-');
      expect(zone).toBe('z2'); // z1 has only 6 free GPUs for 8 tasks
      rackOf.set(t.name, rack ?? '');
    }
    const racks = [0, 1].map((s) => new Set([0, 1, 2, 3].map((i) => rackOf.get(`train-${s * 4 + i}`))));
    expect(racks.map((s) => s.size)).toEqual([1, 1]);
    const message = snap.trace.attempts.find((a) => a.job === 'train')?.message ?? '';
    expect(message).toContain('Placed in z "z2"'); // the level's alias
    expect(message).toContain('Subgroup "worker-0": Topology "t" (required level rack)');
    expect(message).toMatch(/Subgroup "worker-1".*Placed in rack "z2\.r\d"/);
    // The snapshot says where each segment sits, for the inspector.
    const rows = snap.jobs.find((j) => j.name === 'train')?.subGroups ?? [];
    const seg = rows.filter((r) => r.name.startsWith('worker-'));
    expect(seg.map((r) => r.topology)).toEqual([
      'requires one rack of topology t',
      'requires one rack of topology t',
    ]);
    expect(new Set(seg.map((r) => r.domain))).toEqual(new Set(['rack "z2.r1"', 'rack "z2.r2"']));
  });

  it('says why no domain fits a subgroup', () => {
    const r = parseScenario(
      scenario('kai', ['    tasks: 6', '    segments: {size: 6, topology: t, requiredTopologyLevel: rack}']),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const sim = createSimulation(r.scenario);
    sim.step();
    const attempt = sim.snapshot(1).trace.attempts.find((a) => a.job === 'train');
    expect(attempt?.outcome).not.toBe('allocated');
    expect(attempt?.message).toContain(
      'Subgroup "worker-0": Topology "t" (required level rack): no domain can hold all 6 tasks',
    );
  });
});
