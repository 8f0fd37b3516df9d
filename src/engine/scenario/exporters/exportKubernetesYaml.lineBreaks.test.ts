/**
 * Issue 18: the Kubernetes export, the import's text and `serialiseScenario` keep strings with line breaks
 * and YAML syntax in them, and the import reads back an empty Volcano capability as such.
 */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../model/scenario';
import { importKubernetesYaml } from '../importers/importKubernetesYaml';
import { formatIssue, parseScenario } from '../parseScenario';
import { serialiseScenario } from '../serialiseScenario';
import { exportKubernetesYaml } from './exportKubernetesYaml';

function parse(text: string): Scenario {
  const result = parseScenario(text);
  if (!result.ok) throw new Error(`${result.errors.map(formatIssue).join('\n')}\n${text}`);
  return result.scenario;
}

function roundTrip(s: Scenario) {
  const imported = importKubernetesYaml(exportKubernetesYaml(s));
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  return { back: parse(imported.text), imported };
}

const scenario = (value: string, profile = 'kai') =>
  parse(`version: 1
name: ${JSON.stringify(value)}
profile: ${profile}
nodes: [{name: n0, resources: {gpu: 2}}]
queues: [{name: q}]
jobs:
  - name: ${JSON.stringify(value)}
    queue: q
    annotations: {note: ${JSON.stringify(value)}}
    tasks: [{resources: {gpu: 1}, labels: {app: ${JSON.stringify(value)}}}]
`);

describe('strings with line breaks and YAML syntax', () => {
  it.each(['-\nx', '?\nx', ':\nx', 'a\nb', 'x\r\ny', '# not a comment\n- item', ' \n', '  \n\n'])(
    'a job name, label and annotation %j serialise and export, and read back the same (a line of spaces too)',
    (value) => {
      const s = scenario(value);
      expect(parse(serialiseScenario(s))).toEqual(s);
      const { back, imported } = roundTrip(s);
      expect(imported.unmapped).toEqual([]);
      expect(back).toEqual(s);
    },
  );

  it('the imported text keeps a job name with a line break inside its header comment', () => {
    const { imported } = roundTrip(scenario('a\nb'));
    expect(imported.text).toContain('PodGroup/a\\nb');
    expect(imported.text.split('\n').filter((l) => l.startsWith('# Imported'))).toHaveLength(1);
  });

  it('an unmapped key with a line break stays in its "Not mapped" comment, not in the scenario', () => {
    const result = importKubernetesYaml(`apiVersion: v1
kind: Node
metadata:
  name: n
  labels: {zone: a}
spec:
  "taint\\nversion: 2": x
`);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.unmapped).toEqual([{ document: 'Node/n', field: 'spec.taint\nversion: 2' }]);
    expect(result.text).toContain('# Not mapped: Node/n spec.taint\\nversion: 2\n');
    const back = parse(result.text);
    expect(back.version).toBe(1);
    expect(back.nodes.map((n) => n.name)).toEqual(['n']);
  });

  it('a Volcano queue with capability: {} comes back with an empty capability and nothing unmapped', () => {
    const s = parse(`version: 1
name: empty capability
profile: volcano
nodes: [{name: n0, resources: {gpu: 2}}]
queues: [{name: q, capability: {}}]
jobs: [{name: j, queue: q, resources: {gpu: 1}}]
`);
    expect(s.queues[0]?.capability).toEqual({});
    const { back, imported } = roundTrip(s);
    expect(imported.unmapped).toEqual([]);
    expect(back).toEqual(s);
  });
});
