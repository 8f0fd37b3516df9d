/**
 * §22 subgroup fields: located errors for every refused shape, refusal outside kai, the scenario round trip
 * and the Kubernetes round trip (PodGroup spec.subGroups / minSubGroup / stalenessGracePeriod and the pod's
 * kai.scheduler/subgroup-name label, as KAI reads them).
 */
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../model/scenario';
import { exportKubernetesYaml } from './exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importers/importKubernetesYaml';
import { formatIssue, parseScenario } from './parseScenario';
import { serialiseScenario } from './serialiseScenario';

function scenario(job: string, profile = 'kai'): string {
  return `version: 1
name: sg
profile: ${profile}
nodes: [{name: n0, resources: {gpu: 8}}]
queues: [{name: q}]
jobs:
${job}`;
}

const TREE = `  - name: j
    queue: q
    minSubGroup: 1
    stalenessGracePeriod: 30s
    subGroups:
      - {name: workers}
      - {name: a, parent: workers, minMember: 2}
      - {name: b, parent: workers, minMember: 0}
      - {name: leader, minMember: 1}
    tasks:
      - {subGroup: a}
      - {subGroup: a}
      - {subGroup: b}
      - {subGroup: leader, status: Running, node: n0}
`;

function ok(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

function errors(text: string): string[] {
  const r = parseScenario(text);
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
}

describe('subGroups in the scenario format (§22)', () => {
  it('reads the tree, the job minimum (least tasks that satisfy it) and the grace period', () => {
    const job = ok(scenario(TREE)).jobs[0];
    expect(job?.subGroups?.map((g) => [g.name, g.parent, g.minMember, g.minSubGroup])).toEqual([
      ['workers', null, 0, null],
      ['a', 'workers', 2, null],
      ['b', 'workers', 0, null],
      ['leader', null, 1, null],
    ]);
    expect(job?.minSubGroup).toBe(1);
    expect(job?.stalenessGracePeriodMs).toBe(30_000);
    // root needs 1 of {workers (a 2 + b 0 = 2), leader 1}: the cheaper is leader.
    expect(job?.minAvailable).toBe(1);
    expect(job?.tasks.map((t) => t.subGroup)).toEqual(['a', 'a', 'b', 'leader']);
  });

  it('serialises back to the same scenario', () => {
    const first = ok(scenario(TREE));
    const again = ok(serialiseScenario(first));
    expect(again.jobs).toEqual(first.jobs);
  });

  it.each([
    [
      'unknown parent',
      `{name: a, parent: nope, minMember: 1}`,
      'subGroup: a',
      'jobs[0].subGroups[0].parent: parent subgroup "nope"',
    ],
    [
      'cycle',
      `{name: a, parent: b}, {name: b, parent: a}, {name: c, minMember: 0}`,
      'subGroup: c',
      'jobs[0].subGroups[0].parent: subgroup "a" is in a parent cycle',
    ],
    [
      'duplicate',
      `{name: a, minMember: 1}, {name: a, minMember: 1}`,
      'subGroup: a',
      'jobs[0].subGroups[1].name: subgroup "a" already exists',
    ],
    [
      'minMember above tasks',
      `{name: a, minMember: 3}`,
      'subGroup: a',
      'jobs[0].subGroups[0].minMember: minMember is 3 but subgroup "a" has 1 task',
    ],
    [
      'bad name',
      `{name: A_1, minMember: 0}`,
      'subGroup: A_1',
      'jobs[0].subGroups[0].name: "A_1" is not a valid subgroup name',
    ],
    [
      'task in an inner subgroup',
      `{name: p}, {name: a, parent: p, minMember: 0}`,
      'subGroup: p',
      'jobs[0].tasks[0].subGroup: task "j-0" is in subgroup "p", which has child subgroups',
    ],
    [
      'task in no subgroup',
      `{name: a, minMember: 0}`,
      'status: Pending',
      'jobs[0].tasks[0]: task "j-0" is in subgroup "default"',
    ],
    [
      'minSubGroup above children',
      `{name: p, minSubGroup: 2}, {name: a, parent: p, minMember: 0}`,
      'subGroup: a',
      'jobs[0].subGroups[0].minSubGroup: minSubGroup is 2 but "p" has 1 direct subgroup',
    ],
    [
      'minSubGroup on a leaf',
      `{name: a, minSubGroup: 1}`,
      'subGroup: a',
      'jobs[0].subGroups[0].minSubGroup: subgroup "a" has no child subgroups',
    ],
  ])('refuses %s with a located error', (_what, groups, task, message) => {
    const text = scenario(`  - name: j\n    queue: q\n    subGroups: [${groups}]\n    tasks: [{${task}}]\n`);
    expect(errors(text).join('\n')).toContain(message);
  });

  it('refuses minAvailable beside subGroups, and a task subGroup or minSubGroup without them', () => {
    expect(
      errors(
        scenario(
          `  - {name: j, queue: q, minAvailable: 1, subGroups: [{name: a, minMember: 1}], tasks: [{subGroup: a}]}\n`,
        ),
      ),
    ).toEqual([
      expect.stringContaining('jobs[0].minAvailable: a job with subGroups takes its gang from them'),
    ]);
    expect(errors(scenario(`  - {name: j, queue: q, minSubGroup: 1, tasks: [{subGroup: a}]}\n`))).toEqual([
      expect.stringContaining('jobs[0].minSubGroup: minSubGroup applies only when the job has subGroups'),
      expect.stringContaining(
        'jobs[0].tasks[0].subGroup: task "j-0" names subgroup "a" but the job has no subGroups',
      ),
    ]);
  });

  it('bounds the list', () => {
    const many = Array.from({ length: 65 }, (_, i) => `{name: g${i}, minMember: 0}`).join(', ');
    expect(
      errors(scenario(`  - {name: j, queue: q, subGroups: [${many}], tasks: 0}\n`)).join('\n'),
    ).toContain('jobs[0].subGroups: a job has at most 64 subgroups (got 65)');
  });

  it.each(['volcano', 'kube-batch'])('refuses the fields on profile %s', (profile) => {
    const text = scenario(
      `  - {name: j, queue: q, stalenessGracePeriod: 5s, subGroups: [{name: a, minMember: 1}], tasks: [{subGroup: a}]}\n`,
      profile,
    );
    const found = errors(text);
    expect(found).toContain(
      `jobs[0].subGroups: subGroups is a KAI pod-group field; profile ${profile} does not model it`,
    );
    expect(found).toContain(
      `jobs[0].stalenessGracePeriod: stalenessGracePeriod is a KAI pod-group field; profile ${profile} does not model it`,
    );
    expect(found).toContain(
      `jobs[0].tasks[0].subGroup: subGroup is a KAI pod label; profile ${profile} does not model it`,
    );
  });
});

describe('subGroups on cluster objects', () => {
  it('exports PodGroup spec.subGroups and the pod label, and imports them back to the same jobs', () => {
    const original = ok(scenario(TREE));
    const yaml = exportKubernetesYaml(original);
    type Doc = { kind: string; spec: Record<string, unknown>; metadata: { labels: Record<string, string> } };
    const docs = parseAllDocuments(yaml).map((d) => d.toJS() as Doc);
    const pg = docs.find((d) => d.kind === 'PodGroup');
    expect(pg?.spec).toMatchObject({ minSubGroup: 1, stalenessGracePeriod: '30s' });
    expect(pg?.spec['minMember']).toBeUndefined();
    expect(pg?.spec['subGroups']).toEqual([
      { name: 'workers' },
      { name: 'a', parent: 'workers', minMember: 2 },
      { name: 'b', parent: 'workers', minMember: 0 },
      { name: 'leader', minMember: 1 },
    ]);
    const pod = docs.find((d) => d.kind === 'Pod');
    expect(pod?.metadata.labels['kai.scheduler/subgroup-name']).toBe('a');
    const imported = importKubernetesYaml(yaml);
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
    expect(imported.unmapped).toEqual([]);
    expect(ok(imported.text).jobs).toEqual(original.jobs);
  });
});
