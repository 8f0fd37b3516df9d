import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { firstLeafQueue, lineOfError, podGroupExample, scenarioJobExample } from './dryRunExamples';

describe('dry-run examples', () => {
  it('puts the job in the first leaf queue by name, never in a parent', () => {
    const queues = [
      { name: 'root', parent: null },
      { name: 'team-b', parent: 'root' },
      { name: 'team-a', parent: 'root' },
    ];
    expect(firstLeafQueue(queues)).toBe('team-a');
    expect(firstLeafQueue([])).toBe('default');
  });

  it('writes a scenario job and a PodGroup with its pods as YAML that reads back with the queue', () => {
    expect(parse(scenarioJobExample('team-a'))).toMatchObject({
      name: 'my-new-job',
      queue: 'team-a',
      tasks: 2,
    });
    const docs = parseAllDocuments(podGroupExample('team-a', 'kai')).map(
      (d) => d.toJS() as Record<string, unknown>,
    );
    expect(docs.map((d) => d.kind)).toEqual(['PodGroup', 'Pod', 'Pod']);
    expect(docs[0]).toMatchObject({
      apiVersion: 'scheduling.run.ai/v2alpha2',
      spec: { queue: 'team-a', minMember: 2 },
    });
    expect(docs[1]).toMatchObject({ metadata: { labels: { 'kai.scheduler/queue': 'team-a' } } });
    const volcano = parseAllDocuments(podGroupExample('q', 'volcano')).map(
      (d) => d.toJS() as Record<string, unknown>,
    );
    expect(volcano[0]).toMatchObject({ apiVersion: 'scheduling.volcano.sh/v1beta1' });
  });

  it('quotes a queue name that is not a plain Kubernetes name, so it stays text', () => {
    expect(parse(scenarioJobExample('a: b #c'))).toMatchObject({ queue: 'a: b #c' });
  });

  it('finds the line an error names', () => {
    expect(lineOfError('jobs[0].queue: queue "x" does not exist (line 3)')).toBe(3);
    expect(lineOfError('Pod/default/p: spec.affinity is not modelled')).toBeNull();
  });
});
