import { describe, expect, it } from 'vitest';
import { parseScenario } from './parseScenario';
import { serialiseScenario } from './serialiseScenario';
import { exportKubernetesYaml } from './exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importers/importKubernetesYaml';

const yaml = (...lines: string[]) => lines.join('\n') + '\n';

function scenario(profile: string, topologies: string[], constraint: string, tiers: string[] = []): string {
  return yaml(
    'version: 1',
    `profile: ${profile}`,
    ...tiers,
    ...topologies,
    'nodes:',
    '  - {name: n0, resources: {gpu: 2}, labels: {zone: z1, rack: r1}}',
    '  - {name: n1, resources: {gpu: 2}, labels: {zone: z1, rack: r2}}',
    'queues: [{name: q}]',
    'jobs:',
    '  - name: j',
    '    queue: q',
    '    resources: {gpu: 1}',
    '    tasks: 3',
    `    topologyConstraint: ${constraint}`,
  );
}

const TOPOLOGY = [
  'topologies:',
  '  - name: t',
  '    levels: [{nodeLabel: zone}, {nodeLabel: rack, alias: r}]',
];

function errors(text: string) {
  const r = parseScenario(text);
  return r.ok ? [] : r.errors.map((e) => ({ path: e.path, line: e.line, message: e.message }));
}

describe('topologies and topologyConstraint (§21)', () => {
  it('resolves aliases to node labels and adds the topology plugin to the default tiers', () => {
    const r = parseScenario(
      scenario('kai', TOPOLOGY, '{topology: t, requiredTopologyLevel: zone, preferredTopologyLevel: r}'),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.scenario.jobs[0]?.topologyConstraint).toEqual({
      topology: 't',
      requiredLevel: 'zone',
      preferredLevel: 'rack',
    });
    expect(r.scenario.scheduler.tiers.at(-1)?.plugins.at(-1)?.name).toBe('topology');
  });

  it('refuses an unknown topology and an unknown level at their fields, with lines', () => {
    expect(errors(scenario('kai', TOPOLOGY, '{topology: nope, requiredTopologyLevel: zone}'))).toEqual([
      {
        path: 'jobs[0].topologyConstraint.topology',
        line: 15,
        message: 'topology "nope" is not defined in topologies',
      },
    ]);
    const [e] = errors(scenario('kai', TOPOLOGY, '{topology: t, requiredTopologyLevel: row}'));
    expect(e?.path).toBe('jobs[0].topologyConstraint.requiredTopologyLevel');
    expect(e?.message).toContain('has no level "row"');
  });

  it('refuses a preferred level wider than the required one, and a constraint with no level', () => {
    const [wide] = errors(
      scenario('kai', TOPOLOGY, '{topology: t, requiredTopologyLevel: rack, preferredTopologyLevel: zone}'),
    );
    expect(wide?.path).toBe('jobs[0].topologyConstraint.preferredTopologyLevel');
    const [none] = errors(scenario('kai', TOPOLOGY, '{topology: t}'));
    expect(none?.path).toBe('jobs[0].topologyConstraint');
  });

  it('bounds levels as the CRD does: 1 to 16, each label once, the hostname label last', () => {
    const many = Array.from({ length: 17 }, (_, i) => `{nodeLabel: l${i}}`).join(', ');
    const [tooMany] = errors(
      scenario(
        'kai',
        ['topologies:', '  - name: t', `    levels: [${many}]`],
        '{topology: t, requiredTopologyLevel: l0}',
      ),
    );
    expect(tooMany?.path).toBe('topologies[0].levels');
    expect(tooMany?.message).toBe('a topology has 1 to 16 levels, got 17');
    const twice = errors(
      scenario(
        'kai',
        ['topologies:', '  - name: t', '    levels: [{nodeLabel: zone}, {nodeLabel: zone}]'],
        '{topology: t, requiredTopologyLevel: zone}',
      ),
    );
    expect(twice.map((e) => e.path)).toContain('topologies[0].levels[1].nodeLabel');
    const host = errors(
      scenario(
        'kai',
        [
          'topologies:',
          '  - name: t',
          '    levels: [{nodeLabel: kubernetes.io/hostname}, {nodeLabel: zone}]',
        ],
        '{topology: t, requiredTopologyLevel: zone}',
      ),
    );
    expect(host.map((e) => e.path)).toContain('topologies[0].levels[0].nodeLabel');
  });

  it('refuses both fields outside the kai profile', () => {
    const paths = errors(scenario('volcano', TOPOLOGY, '{topology: t, requiredTopologyLevel: zone}')).map(
      (e) => e.path,
    );
    expect(paths).toEqual(['topologies', 'jobs[0].topologyConstraint']);
  });

  it('refuses a constraint when written tiers leave the topology plugin out', () => {
    const tiers = ['scheduler:', '  tiers: [{plugins: [{name: predicates}, {name: proportion}]}]'];
    const [e] = errors(scenario('kai', TOPOLOGY, '{topology: t, requiredTopologyLevel: zone}', tiers));
    expect(e?.path).toBe('jobs[0].topologyConstraint');
    expect(e?.message).toContain('no topology plugin');
  });

  it('round-trips through the scenario format and through Kubernetes YAML (Topology, PodGroup spec)', () => {
    const r = parseScenario(
      scenario('kai', TOPOLOGY, '{topology: t, requiredTopologyLevel: zone, preferredTopologyLevel: r}'),
    );
    if (!r.ok) throw new Error('parse');
    const again = parseScenario(serialiseScenario(r.scenario));
    if (!again.ok) throw new Error('reparse');
    expect(again.scenario.topologies).toEqual(r.scenario.topologies);
    expect(again.scenario.jobs[0]?.topologyConstraint).toEqual(r.scenario.jobs[0]?.topologyConstraint);
    const k8s = exportKubernetesYaml(r.scenario);
    expect(k8s).toContain('kind: Topology');
    const imported = importKubernetesYaml(k8s);
    if (!imported.ok) throw new Error(imported.errors.join('; '));
    expect(imported.unmapped).toEqual([]);
    const back = parseScenario(imported.text);
    if (!back.ok) throw new Error(JSON.stringify(back.errors));
    expect(back.scenario.topologies).toEqual(r.scenario.topologies);
    expect(back.scenario.jobs[0]?.topologyConstraint).toEqual(r.scenario.jobs[0]?.topologyConstraint);
  });
});
