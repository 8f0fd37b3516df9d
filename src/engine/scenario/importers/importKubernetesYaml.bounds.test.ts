/**
 * Issue 18: the Kubernetes import refuses what it cannot hold, fast, with the document, field and line,
 * instead of walking for minutes, throwing, or running the heap out (importLimits.ts, decision 0115).
 */
import { describe, expect, it } from 'vitest';
import { importKubernetesYaml } from './importKubernetesYaml';
import { MAX_IMPORT_MAP_ENTRIES, MAX_IMPORT_REPLICAS, MAX_IMPORT_TASKS } from './importLimits';

function errors(text: string): string[] {
  const result = importKubernetesYaml(text);
  if (result.ok) throw new Error('expected the import to be refused');
  return result.errors;
}

const node = (metadata: string) => `apiVersion: v1\nkind: Node\nmetadata:\n  name: n\n${metadata}`;

const volcanoJob = (tasks: string) => `apiVersion: batch.volcano.sh/v1alpha1
kind: Job
metadata: {name: big}
spec:
  queue: q
  tasks:
${tasks}`;
const template = (replicas: string, i = 0) =>
  `  - name: t${i}\n    replicas: ${replicas}\n    template: {spec: {containers: [{name: c, resources: {limits: {nvidia.com/gpu: 1}}}]}}\n`;

describe('aliases', () => {
  it('refuses an alias inside the node it names (metadata: &m {x: [*m, *m]}) at its line, in milliseconds', () => {
    const start = performance.now();
    expect(errors(node('  labels: &m\n    x: [*m, *m]\n'))).toEqual([
      'document 1, line 6: the alias *m refers to the node that contains it, which would nest without end',
    ]);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('refuses a recursive list alias (a: &x [*x]) in metadata', () => {
    expect(errors(node('  a: &x [*x]\n'))[0]).toMatch(
      /^document 1, line 5: the alias \*x refers to the node/,
    );
  });

  it('refuses aliases that expand to more than 100,000 values ("billion laughs") at the alias that goes over', () => {
    const rows = ['  a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const [name, prev] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
    ])
      rows.push(`  ${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    expect(errors(node(`${rows.join('\n')}\n`))[0]).toMatch(
      /^document 1, line 9: aliases expand to more than 100000 values in all/,
    );
  });

  it('reads a few plain aliases as copies of their anchor (anchors belong to their document)', () => {
    const result = importKubernetesYaml(`apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: n, labels: &l {zone: a}}, status: {allocatable: {nvidia.com/gpu: 8}}}
- {apiVersion: v1, kind: Node, metadata: {name: m, labels: *l}}
`);
    expect(result.ok && result.scenario.nodes).toEqual([
      { name: 'n', resources: { gpu: 8 }, labels: { zone: 'a' } },
      { name: 'm', resources: {}, labels: { zone: 'a' } },
    ]);
    expect(errors(`${node('  labels: &l {zone: a}\n')}---\n${node('  labels: *l\n')}`)[0]).toBe(
      'document 2, line 11: the alias *l names no anchor before it',
    );
  });

  it('refuses an alias with no anchor before it', () => {
    expect(errors(node('  labels: *nowhere\n'))[0]).toBe(
      'document 1, line 5: the alias *nowhere names no anchor before it',
    );
  });
});

describe('YAML inside fields', () => {
  it.each([
    [
      'a carried annotation',
      `${node('  annotations:\n    preemption-lab.dev/x: "&a [*a, *a]"\n')}`,
      'Node/n: metadata.annotations.preemption-lab.dev/x, line 1: the alias *a refers to the node that contains it, which would nest without end',
    ],
    [
      'the KAI scheduler configuration',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: scheduler-config}\ndata:\n  config.yaml: |\n    actions: allocate\n    tiers: &a [{plugins: *a}]\n',
      'ConfigMap/scheduler-config: data.config.yaml, line 2: the alias *a refers to the node that contains it, which would nest without end',
    ],
    [
      "the carrier's scenario.yaml",
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: preemption-lab-scenario}\ndata:\n  scenario.yaml: |\n    name: &a {x: *a}\n',
      'ConfigMap/preemption-lab-scenario: data.scenario.yaml, line 1: the alias *a refers to the node that contains it, which would nest without end',
    ],
  ])('refuses a recursive alias in %s, naming the field and its line', (_, text, error) => {
    expect(errors(text)).toEqual([error]);
  });
});

describe('keys and nesting', () => {
  it('refuses a repeated key with its line instead of keeping the last value', () => {
    expect(errors(node('  labels:\n    a: "1"\n    a: "2"\n'))).toEqual([
      'document 1, line 7: the key "a" is repeated (map keys must be unique)',
    ]);
  });

  it('refuses a collection as a mapping key at its line, with no warning on stderr', () => {
    expect(errors(node('  labels:\n    ? [a]\n    : b\n'))[0]).toBe(
      'document 1, line 6: a mapping key must be a string, a number or a boolean',
    );
  });

  it('refuses nesting deeper than 64 levels, and thousands of levels without a stack overflow', () => {
    expect(errors(node(`  x: ${'['.repeat(70)}${']'.repeat(70)}\n`))[0]).toMatch(/nest at most 64 levels/);
    expect(errors(node(`  x: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`))[0]).toMatch(
      /nest(s too deeply| at most 64 levels)/,
    );
  });
});

describe('sizes', () => {
  it(`refuses more than ${MAX_IMPORT_MAP_ENTRIES} labels on one object, and reads 40,000 of them in linear time`, () => {
    const labels = (n: number) => Array.from({ length: n }, (_, i) => `    l${i}: v`).join('\n');
    const start = performance.now();
    expect(errors(node(`  labels:\n${labels(40_000)}\n`))).toEqual([
      "document 1, line 6: labels has 40000 entries; at most 1000 (as the scenario format's, §10)",
    ]);
    // Quadratic, this took ~11 s (the yaml package's uniqueKeys check); linear, well under a second alone.
    expect(performance.now() - start).toBeLessThan(8000);
    const result = importKubernetesYaml(node(`  labels:\n${labels(1000)}\n`));
    expect(
      result.ok && Object.keys((result.scenario.nodes as { labels: object }[])[0]?.labels ?? {}),
    ).toHaveLength(1000);
  });

  it('refuses a Volcano Job with replicas: 1e9 before expanding it, naming the field', () => {
    const start = performance.now();
    expect(errors(volcanoJob(template('1e9')))).toEqual([
      `Job/big: spec.tasks.0.replicas is at most ${MAX_IMPORT_REPLICAS} (as a scenario job's \`tasks: N\`, docs/scenario-format.md §10), got 1000000000`,
    ]);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('refuses replicas that are not a whole number of at least 0', () => {
    expect(errors(volcanoJob(template('-1')))[0]).toBe(
      'Job/big: spec.tasks.0.replicas must be a whole number of at least 0, got -1',
    );
    expect(errors(volcanoJob(template('1.5')))[0]).toContain('got 1.5');
  });

  it(`refuses task templates whose replicas add up to more than ${MAX_IMPORT_TASKS} tasks, before building any`, () => {
    const tasks = Array.from({ length: 21 }, (_, i) => template('10000', i)).join('');
    expect(errors(volcanoJob(tasks))).toEqual([
      `Job/big: spec.tasks: at most ${MAX_IMPORT_TASKS} tasks in a scenario (docs/scenario-format.md §10); this brings the total to 210000`,
    ]);
  });

  it('lists 150,000 unmapped fields 60 levels deep (spread as arguments they overflowed the stack), in linear time', () => {
    let inner = `{${Array.from({ length: 150_000 }, (_, i) => `k${i}: 1`).join(', ')}}`;
    for (let d = 0; d < 60; d++) inner = `{a${d}: ${inner}}`;
    const start = performance.now();
    const result = importKubernetesYaml(`apiVersion: v1\nkind: Node\nmetadata: {name: n}\nspec: ${inner}\n`);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.unmapped).toHaveLength(150_000);
    expect(result.unmapped[0]?.field).toBe(
      `spec.${Array.from({ length: 60 }, (_, d) => `a${59 - d}`).join('.')}.k0`,
    );
    // Each field's path was checked prefix by prefix before (about 15 s for this one on a shared machine).
    expect(performance.now() - start).toBeLessThan(10_000);
  });

  it('refuses more documents than any scenario holds before parsing them (a million `---` took 12 s and 1 GB)', () => {
    const start = performance.now();
    expect(errors('---\n'.repeat(1_000_000))).toEqual([
      'at most 321000 documents can be imported (each `---` starts one)',
    ]);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('refuses text over 16 MiB without reading it', () => {
    expect(errors(' '.repeat(16 * 1024 * 1024 + 1))[0]).toMatch(/^the text is at most 16777216 characters/);
  });
});

describe('never throws', () => {
  it.each([
    ['empty text', ''],
    ['a scalar document', 'just text'],
    ['a YAML syntax error', 'a: [\n'],
    ['a tab-indented mapping', 'apiVersion: v1\n\tkind: Pod\n'],
    ['a null key', node('  labels: {~: a}\n')],
    ['a List whose items are not objects', 'apiVersion: v1\nkind: List\nitems: [1, null, [a]]\n'],
    [
      'a pod whose containers are not a list',
      'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: 3}\n',
    ],
    ['a __proto__ label', node('  labels: {__proto__: x}\n')],
  ])('%s gives a result, not an exception', (_, text) => {
    const result = importKubernetesYaml(text);
    expect(typeof result.ok).toBe('boolean');
    if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
  });
});
