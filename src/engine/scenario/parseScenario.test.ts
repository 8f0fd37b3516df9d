/** Error reporting: one table per error class, checking code, field path, line and message. */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, type ScenarioIssue } from './parseScenario';

/** Joins lines, so that a case's line numbers can be read off the array (line 1 = first string). */
const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

/** A valid prefix: lines 1-5. Cases append from line 6. */
const HEAD = [
  'version: 1',
  'nodes: [{name: n, resources: {gpu: 4, cpu: 8}}]',
  'queues:',
  '  - {name: root}',
  '  - {name: q, parent: root}',
];

function errorsOf(text: string): ScenarioIssue[] {
  const result = parseScenario(text);
  if (result.ok) throw new Error('expected the scenario to be rejected');
  return result.errors;
}

function warningsOf(text: string): ScenarioIssue[] {
  const result = parseScenario(text);
  if (!result.ok) throw new Error(result.errors.map(formatIssue).join('\n'));
  return result.warnings;
}

interface Case {
  name: string;
  text: string;
  code: string;
  path: string;
  line: number | null;
  /** Exact message, or a fragment when `contains` is set. */
  message: string;
  contains?: boolean;
}

function expectIssue(issues: ScenarioIssue[], c: Case): void {
  const found = issues.filter((i) => i.code === c.code && i.path === c.path);
  expect(found, `issues: ${issues.map(formatIssue).join(' | ')}`).toHaveLength(1);
  const issue = found[0] as ScenarioIssue;
  expect(issue.line).toBe(c.line);
  if (c.contains === true) expect(issue.message).toContain(c.message);
  else expect(issue.message).toBe(c.message);
}

describe('YAML syntax', () => {
  it('reports a syntax error with line and column', () => {
    const errors = errorsOf(yaml('version: 1', 'nodes: [', 'queues: []'));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ code: 'yaml-syntax', path: '' });
    expect(errors[0]?.line).toBeGreaterThanOrEqual(2);
    expect(errors[0]?.column).not.toBeNull();
  });

  it('reports a repeated key', () => {
    const errors = errorsOf(yaml('version: 1', 'nodes: []', 'queues: []', 'nodes: []'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'yaml-syntax', line: 4, column: 1 });
  });

  it('reports bad indentation', () => {
    const errors = errorsOf(yaml('version: 1', 'queues:', '  - name: a', ' parent: b'));
    expect(errors[0]?.code).toBe('yaml-syntax');
    expect(errors[0]?.line).toBe(4);
  });

  it('accepts JSON text', () => {
    const result = parseScenario('{"version": 1, "nodes": [], "queues": [{"name": "q"}]}');
    expect(result.ok).toBe(true);
  });

  it('passes on YAML warnings with their line', () => {
    expect(warningsOf(yaml('version: 1', 'nodes: []', 'queues: []', 'x-a: !foo bar'))).toEqual([
      { code: 'yaml-warning', path: '', message: 'Unresolved tag: !foo', line: 4, column: 6 },
    ]);
  });

  it('stops on runaway aliases', () => {
    const lines = ['version: 1', 'nodes: []', 'queues: []', 'x-a: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 12; i++) lines.push(`x-${i}: &a${i} [*a${i - 1}, *a${i - 1}]`);
    const errors = errorsOf(yaml(...lines));
    expect(errors).toEqual([
      {
        code: 'yaml-syntax',
        path: '',
        message: 'Excessive alias count indicates a resource exhaustion attack',
        line: null,
        column: null,
      },
    ]);
  });
});

describe('document-level errors', () => {
  const cases: Case[] = [
    {
      name: 'empty text',
      text: '',
      code: 'not-a-mapping',
      path: '',
      line: null,
      message: 'the scenario is empty',
    },
    {
      name: 'a list instead of a mapping',
      text: yaml('- version: 1'),
      code: 'not-a-mapping',
      path: '',
      line: 1,
      message: 'expected a mapping of fields, got a list',
    },
    {
      name: 'version missing',
      text: yaml('nodes: []', 'queues: []'),
      code: 'version-missing',
      path: 'version',
      line: 1,
      message: 'required field "version" is missing',
    },
    {
      name: 'version 2',
      text: yaml('nodes: []', 'version: 2', 'queues: []'),
      code: 'version-unsupported',
      path: 'version',
      line: 2,
      message: 'unsupported format version 2 (expected 1)',
    },
    {
      name: 'version as a string',
      text: yaml('version: "1"', 'nodes: []', 'queues: []'),
      code: 'version-unsupported',
      path: 'version',
      line: 1,
      message: 'unsupported format version "1" (expected 1)',
    },
    {
      name: 'unknown top-level field',
      text: yaml('version: 1', 'nodes: []', 'queues: []', 'sheduler: {}'),
      code: 'unknown-field',
      path: 'sheduler',
      line: 4,
      message: 'unknown field "sheduler"',
      contains: true,
    },
    {
      name: 'nodes missing',
      text: yaml('version: 1', 'queues: []'),
      code: 'missing-field',
      path: 'nodes',
      line: 1,
      message: 'required field "nodes" is missing',
    },
    {
      name: 'unknown profile',
      text: yaml('version: 1', 'profile: slurm', 'nodes: []', 'queues: []'),
      code: 'unknown-profile',
      path: 'profile',
      line: 2,
      message: 'unknown profile "slurm" (expected one of kai, volcano, kube-batch, kueue)',
    },
    {
      name: 'nodes is not a list',
      text: yaml('version: 1', 'nodes: 3', 'queues: []'),
      code: 'wrong-type',
      path: 'nodes',
      line: 2,
      message: 'expected a list, got 3',
    },
  ];
  it.each(cases)('$name', (c) => expectIssue(errorsOf(c.text), c));

  it('keeps x- fields without complaint', () => {
    expect(warningsOf(yaml('version: 1', 'nodes: []', 'queues: []', 'x-anything: {a: [1, 2]}'))).toEqual([]);
  });

  it('suggests the field that was probably meant', () => {
    const errors = errorsOf(yaml('version: 1', 'nodes: []', 'queues: []', 'sheduler: {}'));
    expect(errors[0]?.hint).toBe('Did you mean "scheduler"?');
  });
});

describe('field errors', () => {
  const cases: Case[] = [
    {
      name: 'wrong type of a name',
      text: yaml(...HEAD, 'jobs:', '  - {name: 5, queue: q}'),
      code: 'wrong-type',
      path: 'jobs[0].name',
      line: 7,
      message: 'expected a string, got 5',
    },
    {
      name: 'label value that YAML reads as a boolean',
      text: yaml('version: 1', 'queues: []', 'nodes:', '  - name: n', '    labels: {fast: true}'),
      code: 'wrong-type',
      path: 'nodes[0].labels.fast',
      line: 5,
      message: 'expected a string, got true',
    },
    {
      name: 'unknown nested field',
      text: yaml(...HEAD, 'jobs:', '  - name: j', '    queue: q', '    tasks:', '      - {statsu: Running}'),
      code: 'unknown-field',
      path: 'jobs[0].tasks[0].statsu',
      line: 10,
      message: 'unknown field "statsu"',
      contains: true,
    },
    {
      name: 'required field missing in a list item',
      text: yaml(...HEAD, 'jobs:', '  - name: j', '    tasks: 2'),
      code: 'missing-field',
      path: 'jobs[0].queue',
      line: 7,
      message: 'required field "queue" is missing',
    },
    {
      name: 'enum value with the wrong case',
      text: yaml(...HEAD, 'jobs:', '  - name: j', '    queue: q', '    tasks: [{status: running, node: n}]'),
      code: 'invalid-value',
      path: 'jobs[0].tasks[0].status',
      line: 9,
      message: 'expected one of Pending, Running, Succeeded; got "running"',
    },
    {
      name: 'negative node count',
      text: yaml('version: 1', 'queues: []', 'nodes:', '  - {name: n, count: -1}'),
      code: 'negative-value',
      path: 'nodes[0].count',
      line: 4,
      message: 'must not be negative, got -1',
    },
    {
      name: 'negative task count',
      text: yaml(...HEAD, 'jobs:', '  - name: j', '    queue: q', '    tasks: -2'),
      code: 'negative-value',
      path: 'jobs[0].tasks',
      line: 9,
      message: 'must not be negative, got -2',
    },
    {
      name: 'negative minAvailable',
      text: yaml(...HEAD, 'jobs:', '  - {name: j, queue: q, minAvailable: -1}'),
      code: 'negative-value',
      path: 'jobs[0].minAvailable',
      line: 7,
      message: 'must not be negative, got -1',
    },
    {
      name: 'fractional count',
      text: yaml('version: 1', 'queues: []', 'nodes:', '  - {name: n, count: 1.5}'),
      code: 'wrong-type',
      path: 'nodes[0].count',
      line: 4,
      message: 'expected an integer, got 1.5',
    },
    {
      name: 'count too large for a browser tab',
      text: yaml('version: 1', 'queues: []', 'nodes:', '  - {name: n, count: 1000000}'),
      code: 'out-of-range',
      path: 'nodes[0].count',
      line: 4,
      message: 'must be at most 10000, got 1000000',
    },
    {
      name: 'negative quantity',
      text: yaml('version: 1', 'queues: []', 'nodes:', '  - {name: n, resources: {cpu: "-1"}}'),
      code: 'negative-value',
      path: 'nodes[0].resources.cpu',
      line: 4,
      message: 'must not be negative, got -1',
    },
    {
      name: 'bad quantity',
      text: yaml('version: 1', 'queues: []', 'nodes:', '  - name: n', '    resources:', '      memory: 4 GB'),
      code: 'invalid-quantity',
      path: 'nodes[0].resources.memory',
      line: 6,
      message: 'invalid quantity "4 GB" (expected e.g. 2, 500m, 1Gi, 1G)',
    },
    {
      name: 'queue quota below -1',
      text: yaml('version: 1', 'nodes: []', 'queues:', '  - name: a', '    resources: {gpu: {quota: -2}}'),
      code: 'negative-value',
      path: 'queues[0].resources.gpu.quota',
      line: 5,
      message: 'must be -1 (unlimited) or at least 0, got -2',
    },
    {
      name: 'bad duration',
      text: yaml(
        ...HEAD,
        'jobs:',
        '  - {name: a, queue: q}',
        '  - {name: b, queue: q}',
        '  - name: c',
        '    queue: q',
        '    runtime: 5 minutes',
      ),
      code: 'invalid-duration',
      path: 'jobs[2].runtime',
      line: 11,
      message: 'invalid duration "5 minutes" (expected a number followed by a unit such as 30s, 5m or 1h2m)',
    },
    {
      name: 'duration written as a number',
      text: yaml(...HEAD, 'jobs:', '  - {name: a, queue: q, submitAt: 30}'),
      code: 'invalid-duration',
      path: 'jobs[0].submitAt',
      line: 7,
      message: 'invalid duration 30: a duration is a string with a unit, such as "30s"',
    },
    {
      name: 'days are not a Go duration unit',
      text: yaml('version: 1', 'nodes: []', 'queues:', '  - {name: a, reclaimMinRuntime: 1d}'),
      code: 'invalid-duration',
      path: 'queues[0].reclaimMinRuntime',
      line: 4,
      message: 'invalid duration "1d": unit "d" is not a Go duration unit (use h, m, s, ms)',
    },
    {
      name: 'zero schedule period',
      text: yaml('version: 1', 'nodes: []', 'queues: []', 'scheduler: {schedulePeriod: 0s}'),
      code: 'out-of-range',
      path: 'scheduler.schedulePeriod',
      line: 4,
      message: 'must be more than 0ms, got 0ms',
    },
    {
      name: 'GPU request between 1 and 2',
      text: yaml(...HEAD, 'jobs:', '  - {name: a, queue: q, resources: {gpu: 1.5}}'),
      code: 'invalid-gpu',
      path: 'jobs[0].resources.gpu',
      line: 7,
      message: 'a task asks for whole GPUs or a fraction of one GPU, not 1.5',
    },
    {
      name: 'fractional node GPUs',
      text: yaml('version: 1', 'queues: []', 'nodes:', '  - {name: n, resources: {gpu: 2.5}}'),
      code: 'invalid-gpu',
      path: 'nodes[0].resources.gpu',
      line: 4,
      message: 'a node has a whole number of GPUs, not 2.5',
    },
    {
      name: 'pods in a task request',
      text: yaml(...HEAD, 'jobs:', '  - {name: a, queue: q, resources: {pods: 2}}'),
      code: 'unknown-field',
      path: 'jobs[0].resources.pods',
      line: 7,
      message: 'unknown field "pods" (known fields: gpu, cpu, memory, gpuMemory, gpuMemoryDevices)',
    },
  ];
  it.each(cases)('$name', (c) => expectIssue(errorsOf(c.text), c));
});

describe('scheduler errors', () => {
  const cases: Case[] = [
    {
      name: 'unknown action in a list',
      text: yaml('version: 1', 'nodes: []', 'queues: []', 'scheduler:', '  actions: [allocate, enqueue]'),
      code: 'unknown-action',
      path: 'scheduler.actions[1]',
      line: 5,
      message:
        'action "enqueue" is not available in profile kai (available: allocate, consolidation, reclaim, preempt, stalegangeviction)',
    },
    {
      name: 'unknown action in a comma-separated string',
      text: yaml(
        'version: 1',
        'profile: volcano',
        'nodes: []',
        'queues: []',
        'scheduler:',
        '  actions: "enqueue, allocat"',
      ),
      code: 'unknown-action',
      path: 'scheduler.actions',
      line: 6,
      message:
        'action "allocat" is not available in profile volcano (available: enqueue, allocate, backfill, preempt, reclaim)',
    },
    {
      // Kueue runs its own fixed cycle: an empty "available" list read as a bug (decision 0325's report).
      name: 'an action in a profile that has none',
      text: yaml('version: 1', 'profile: kueue', 'nodes: []', 'scheduler:', '  actions: [allocate]'),
      code: 'unknown-action',
      path: 'scheduler.actions[0]',
      line: 5,
      message: 'action "allocate" is not available in profile kueue: it has no actions to configure',
    },
    {
      name: 'plugin of another profile',
      text: yaml(
        'version: 1',
        'nodes: []',
        'queues: []',
        'scheduler:',
        '  tiers:',
        '    - plugins:',
        '        - name: predicates',
        '        - name: proportion',
        '        - name: gang',
      ),
      code: 'unknown-plugin',
      path: 'scheduler.tiers[0].plugins[2].name',
      line: 9,
      message:
        'plugin "gang" is not available in profile kai (available: predicates, proportion, priority, elastic, nodeplacement, minruntime, topology)',
    },
    {
      name: 'non-boolean plugin flag',
      text: yaml(
        'version: 1',
        'profile: volcano',
        'nodes: []',
        'queues: []',
        'scheduler:',
        '  tiers: [{plugins: [{name: gang, enableJobOrder: yes}]}]',
      ),
      code: 'wrong-type',
      path: 'scheduler.tiers[0].plugins[0].enableJobOrder',
      line: 6,
      message: 'expected true or false, got "yes"',
    },
    {
      name: 'tier without plugins',
      text: yaml('version: 1', 'nodes: []', 'queues: []', 'scheduler:', '  tiers:', '    - {}'),
      code: 'missing-field',
      path: 'scheduler.tiers[0].plugins',
      line: 6,
      message: 'required field "plugins" is missing',
    },
  ];
  it.each(cases)('$name', (c) => expectIssue(errorsOf(c.text), c));

  it('says which profile has an action of another profile', () => {
    const errors = errorsOf(yaml('version: 1', 'nodes: []', 'queues: []', 'scheduler: {actions: [enqueue]}'));
    expect(errors[0]?.hint).toBe('"enqueue" exists in profile volcano.');
  });
});

describe('name and reference errors', () => {
  const cases: Case[] = [
    {
      name: 'duplicate node',
      text: yaml('version: 1', 'queues: []', 'nodes:', '  - {name: a}', '  - {name: b}', '  - {name: a}'),
      code: 'duplicate-name',
      path: 'nodes[2].name',
      line: 6,
      message: 'node "a" is already defined by nodes[0] on line 4',
    },
    {
      name: 'duplicate node from count expansion',
      text: yaml('version: 1', 'queues: []', 'nodes:', '  - {name: gpu, count: 2}', '  - {name: gpu-1}'),
      code: 'duplicate-name',
      path: 'nodes[1].name',
      line: 5,
      message: 'node "gpu-1" is already defined by nodes[0] on line 4',
    },
    {
      name: 'duplicate queue',
      text: yaml('version: 1', 'nodes: []', 'queues:', '  - {name: a}', '  - {name: a}'),
      code: 'duplicate-name',
      path: 'queues[1].name',
      line: 5,
      message: 'queue "a" is already defined by queues[0] on line 4',
    },
    {
      name: 'duplicate job',
      text: yaml(...HEAD, 'jobs:', '  - {name: j, queue: q}', '  - {name: j, queue: q}'),
      code: 'duplicate-name',
      path: 'jobs[1].name',
      line: 8,
      message: 'job "j" is already defined by jobs[0] on line 7',
    },
    {
      name: 'duplicate task across jobs',
      text: yaml(
        ...HEAD,
        'jobs:',
        '  - {name: a, queue: q, tasks: 2}',
        '  - name: b',
        '    queue: q',
        '    tasks: [{name: a-1}]',
      ),
      code: 'duplicate-name',
      path: 'jobs[1].tasks[0].name',
      line: 10,
      message: 'task "a-1" is already defined by jobs[0].tasks on line 7',
    },
    {
      name: 'duplicate priority class',
      text: yaml(
        'version: 1',
        'nodes: []',
        'queues: []',
        'priorityClasses:',
        '  - {name: x, value: 1}',
        '  - {name: x, value: 2}',
      ),
      code: 'duplicate-name',
      path: 'priorityClasses[1].name',
      line: 6,
      message: 'priority class "x" is already defined at priorityClasses[0]',
    },
    {
      name: 'parent queue that does not exist',
      text: yaml(
        'version: 1',
        'nodes: []',
        'queues:',
        '  - {name: A}',
        '  - {name: C}',
        '  - {name: D, parent: A}',
        '  - name: E',
        '    parent: B',
      ),
      code: 'unknown-parent-queue',
      path: 'queues[3].parent',
      line: 8,
      message: 'queue "B" does not exist',
    },
    {
      name: 'queue cycle',
      text: yaml(
        'version: 1',
        'nodes: []',
        'queues:',
        '  - {name: top}',
        '  - {name: a, parent: b}',
        '  - {name: b, parent: a}',
      ),
      code: 'queue-cycle',
      path: 'queues[1].parent',
      line: 5,
      message: 'queue cycle: a -> b -> a',
    },
    {
      name: 'queue that is its own parent',
      text: yaml('version: 1', 'nodes: []', 'queues:', '  - {name: a, parent: a}'),
      code: 'queue-cycle',
      path: 'queues[0].parent',
      line: 4,
      message: 'queue cycle: a -> a',
    },
    {
      name: 'longer cycle named from its first queue',
      text: yaml(
        'version: 1',
        'nodes: []',
        'queues:',
        '  - {name: c, parent: a}',
        '  - {name: a, parent: b}',
        '  - {name: b, parent: c}',
      ),
      code: 'queue-cycle',
      path: 'queues[0].parent',
      line: 4,
      message: 'queue cycle: c -> a -> b -> c',
    },
    {
      name: 'kai job in a non-leaf queue',
      text: yaml(...HEAD, 'jobs:', '  - {name: j, queue: root}'),
      code: 'job-in-non-leaf-queue',
      path: 'jobs[0].queue',
      line: 7,
      message:
        'queue "root" is not a leaf queue (it has child queues q); kai schedules jobs only from leaf queues',
    },
    {
      name: 'job queue that does not exist',
      text: yaml(...HEAD, 'jobs:', '  - name: j', '    queue: nope'),
      code: 'unknown-queue',
      path: 'jobs[0].queue',
      line: 8,
      message: 'queue "nope" does not exist',
    },
    {
      name: 'unknown priority class',
      text: yaml(...HEAD, 'jobs:', '  - {name: j, queue: q, priorityClassName: urgent}'),
      code: 'unknown-priority-class',
      path: 'jobs[0].priorityClassName',
      line: 7,
      message:
        'priority class "urgent" does not exist (defined: train, build-preemptible, interactive-preemptible, build, interactive, inference)',
    },
  ];
  it.each(cases)('$name', (c) => expectIssue(errorsOf(c.text), c));

  it('volcano refuses a parent without a capacity tree, and a job on an inner queue with one', () => {
    const head = [
      'version: 1',
      'profile: volcano',
      'nodes: []',
      'queues: [{name: top}, {name: q, parent: top}]',
    ];
    const flat = parseScenario(yaml(...head, 'jobs: [{name: j, queue: q}]'));
    expect(flat.ok).toBe(false);
    expect(flat.ok ? [] : flat.errors.map((i) => i.code)).toContain('field-not-in-profile');
    const tree = parseScenario(
      yaml(
        ...head,
        'jobs: [{name: j, queue: top}]',
        'scheduler: {tiers: [{plugins: [{name: capacity, enableHierarchy: true}]}]}',
      ),
    );
    expect(tree.ok).toBe(false);
    expect(tree.ok ? [] : tree.errors.map((i) => i.code)).toEqual(['job-in-non-leaf-queue']);
  });

  it.each(['volcano', 'kube-batch'])(
    '%s refuses KAI-only queue and job fields at their paths, in queues, jobs and events',
    (profile) => {
      const r = parseScenario(
        yaml(
          'version: 1',
          `profile: ${profile}`,
          'nodes: []',
          'queues: [{name: q, resources: {gpu: {quota: 1}}, preemptMinRuntime: 1m, reclaimMinRuntime: null}]',
          'jobs: [{name: j, queue: q, preemptibility: preemptible}]',
          'events:',
          '  - {at: 1s, updateQueue: {name: q, reclaimMinRuntime: 2m}}',
          '  - {at: 2s, submit: {name: s, queue: q, preemptibility: non-preemptible}}',
          'workload: [{queue: q, until: 10s, arrivals: {every: 5s}, preemptible: 0.5}]',
        ),
      );
      expect(r.ok).toBe(false);
      const refused = r.ok ? [] : r.errors.filter((i) => i.code === 'field-not-in-profile');
      expect(refused.map((i) => i.path).sort()).toEqual([
        'events[0].updateQueue.reclaimMinRuntime',
        'events[1].submit.preemptibility',
        'jobs[0].preemptibility',
        'queues[0].preemptMinRuntime',
        'queues[0].reclaimMinRuntime',
        'queues[0].resources',
        'workload[0].preemptible',
      ]);
      expect(refused[0]?.message).toContain(`profile ${profile}`);
      expect(refused[0]?.line).toBeGreaterThan(0);
    },
  );
});

describe('running task errors', () => {
  const cases: Case[] = [
    {
      name: 'Running task without node',
      text: yaml(
        ...HEAD,
        'jobs:',
        '  - name: j',
        '    queue: q',
        '    tasks:',
        '      - {status: Running, node: n}',
        '      - {status: Running}',
      ),
      code: 'running-task-without-node',
      path: 'jobs[0].tasks[1].node',
      line: 11,
      message: 'Running task "j-1" has no node',
    },
    {
      name: 'Running task on a node that does not exist',
      text: yaml(...HEAD, 'jobs:', '  - name: j', '    queue: q', '    tasks: [{status: Running, node: m}]'),
      code: 'unknown-node',
      path: 'jobs[0].tasks[0].node',
      line: 9,
      message: 'node "m" does not exist',
    },
    {
      name: 'Running tasks that need more CPU than the node has',
      text: yaml(
        ...HEAD,
        'jobs:',
        '  - name: a',
        '    queue: q',
        '    resources: {cpu: 3}',
        '    tasks: [{status: Running, node: n}, {status: Running, node: n}]',
        '  - name: b',
        '    queue: q',
        '    tasks:',
        '      - {status: Running, node: n, resources: {cpu: 2500m}}',
      ),
      code: 'node-overcommitted',
      path: 'jobs[1].tasks[0].node',
      line: 14,
      message:
        'the Running tasks on node "n" need 8.5 CPU but the node has 8 CPU ("b-0" is the first that does not fit)',
    },
    {
      name: 'Running tasks that exceed the pod slots',
      text: yaml(
        'version: 1',
        'nodes: [{name: n, resources: {pods: 1}}]',
        'queues: [{name: q}]',
        'jobs:',
        '  - name: a',
        '    queue: q',
        '    tasks: [{status: Running, node: n}, {status: Running, node: n}]',
      ),
      code: 'node-overcommitted',
      path: 'jobs[0].tasks[1].node',
      line: 7,
      message:
        'the Running tasks on node "n" need 2 pod slots but the node has 1 pod slots ("a-1" is the first that does not fit)',
    },
    {
      name: 'fractions that fit in sum but not on any one device',
      text: yaml(
        'version: 1',
        'nodes: [{name: n, resources: {gpu: 2}}]',
        'queues: [{name: q}]',
        'jobs:',
        '  - name: a',
        '    queue: q',
        '    tasks:',
        '      - {status: Running, node: n, resources: {gpu: 0.75}}',
        '      - {status: Running, node: n, resources: {gpu: 0.75}}',
        '      - {status: Running, node: n, resources: {gpu: 0.5}}',
      ),
      code: 'gpu-packing',
      path: 'jobs[0].tasks[2].node',
      line: 10,
      message:
        'task "a-2" needs 0.5 of one GPU but no device on node "n" has that much room (free per device: 0.25, 0.25)',
    },
    {
      name: 'whole GPUs that find no whole free devices',
      text: yaml(
        'version: 1',
        'nodes: [{name: n, resources: {gpu: 4}}]',
        'queues: [{name: q}]',
        'jobs:',
        '  - name: frac',
        '    queue: q',
        '    resources: {gpu: 0.6}',
        '    tasks: [{status: Running, node: n}, {status: Running, node: n}, {status: Running, node: n}]',
        '  - name: whole',
        '    queue: q',
        '    resources: {gpu: 2}',
        '    tasks: [{status: Running, node: n}]',
      ),
      code: 'gpu-packing',
      path: 'jobs[1].tasks[0].node',
      line: 12,
      message:
        'task "whole-0" needs 2 whole GPUs but node "n" has 1 whole device left (free per device: 0.4, 0.4, 0.4, 1)',
    },
  ];
  it.each(cases)('$name', (c) => expectIssue(errorsOf(c.text), c));

  it('packs fractions and whole GPUs that fit (first fit in task order)', () => {
    const text = yaml(
      'version: 1',
      'nodes: [{name: n, resources: {gpu: 4}}]',
      'queues: [{name: q}]',
      'jobs:',
      '  - {name: a, queue: q, resources: {gpu: 1}, tasks: [{status: Running, node: n}]}',
      '  - {name: b, queue: q, resources: {gpu: 0.5}, tasks: [{status: Running, node: n}]}',
      '  - {name: c, queue: q, resources: {gpu: 2}, tasks: [{status: Running, node: n}]}',
      '  - {name: d, queue: q, resources: {gpu: 0.5}, tasks: [{status: Running, node: n}]}',
    );
    expect(warningsOf(text)).toEqual([]);
  });

  it('does not check capacity the node leaves unconstrained', () => {
    const text = yaml(
      'version: 1',
      'nodes: [{name: n}]',
      'queues: [{name: q}]',
      'jobs:',
      '  - {name: a, queue: q, resources: {cpu: 1000, gpu: 8}, tasks: [{status: Running, node: n}]}',
    );
    expect(parseScenario(text).ok).toBe(true);
  });
});

describe('event and expect errors', () => {
  const cases: Case[] = [
    {
      name: 'unknown event kind',
      text: yaml(
        ...HEAD,
        'events:',
        '  - {at: 1s, deleteJob: x}',
        '  - {at: 2s, submitt: {name: y, queue: q}}',
        'jobs: [{name: x, queue: q}]',
      ),
      code: 'unknown-event-kind',
      path: 'events[1].submitt',
      line: 8,
      message:
        'unknown event kind "submitt" (expected one of submit, deleteJob, addNode, removeNode, updateQueue, updateConfig)',
    },
    {
      name: 'event without a kind',
      text: yaml(...HEAD, 'events:', '  - {at: 1s}'),
      code: 'invalid-event',
      path: 'events[0]',
      line: 7,
      message:
        'the event has no kind (expected one of submit, deleteJob, addNode, removeNode, updateQueue, updateConfig)',
    },
    {
      name: 'event with two kinds',
      text: yaml(
        ...HEAD,
        'jobs: [{name: x, queue: q}]',
        'events:',
        '  - {at: 1s, deleteJob: x, removeNode: n}',
      ),
      code: 'invalid-event',
      path: 'events[0]',
      line: 8,
      message: 'an event has exactly one kind, this one has deleteJob and removeNode',
    },
    {
      name: 'event without at',
      text: yaml(...HEAD, 'events:', '  - {removeNode: n}'),
      code: 'missing-field',
      path: 'events[0].at',
      line: 7,
      message: 'required field "at" is missing',
    },
    {
      name: 'submitted job with a Running task',
      text: yaml(
        ...HEAD,
        'events:',
        '  - at: 1s',
        '    submit:',
        '      name: late',
        '      queue: q',
        '      tasks: [{status: Running, node: n}]',
      ),
      code: 'invalid-event',
      path: 'events[0].submit.tasks[0].status',
      line: 11,
      message: 'tasks of a submitted job start Pending; they cannot be Running',
    },
    {
      name: 'submitted job to a missing queue',
      text: yaml(...HEAD, 'events:', '  - at: 1s', '    submit: {name: late, queue: nowhere}'),
      code: 'unknown-queue',
      path: 'events[0].submit.queue',
      line: 8,
      message: 'queue "nowhere" does not exist',
    },
    {
      name: 'deleting a job that never exists',
      text: yaml(...HEAD, 'events:', '  - {at: 1s, deleteJob: ghost}'),
      code: 'unknown-job',
      path: 'events[0].deleteJob',
      line: 7,
      message: 'job "ghost" does not exist',
    },
    {
      name: 'deleting a job before it is submitted',
      text: yaml(
        ...HEAD,
        'events:',
        '  - {at: 5s, submit: {name: late, queue: q}}',
        '  - {at: 1s, deleteJob: late}',
      ),
      code: 'unknown-job',
      path: 'events[1].deleteJob',
      line: 8,
      message: 'job "late" is not in the cluster at that time (submitted later, or already deleted)',
    },
    {
      name: 'removing a node that does not exist',
      text: yaml(...HEAD, 'events:', '  - {at: 1s, removeNode: m}'),
      code: 'unknown-node',
      path: 'events[0].removeNode',
      line: 7,
      message: 'node "m" does not exist at that time',
    },
    {
      name: 'adding a node that exists',
      text: yaml(...HEAD, 'events:', '  - {at: 1s, addNode: {name: n}}'),
      code: 'duplicate-name',
      path: 'events[0].addNode.name',
      line: 7,
      message: 'node "n" already exists at that time',
    },
    {
      name: 'updating a queue that does not exist',
      text: yaml(...HEAD, 'events:', '  - at: 1s', '    updateQueue: {name: zz, priority: 3}'),
      code: 'unknown-queue',
      path: 'events[0].updateQueue.name',
      line: 8,
      message: 'queue "zz" does not exist',
    },
    {
      name: 'update that makes a queue cycle',
      text: yaml(...HEAD, 'events:', '  - {at: 1s, updateQueue: {name: root, parent: q}}'),
      code: 'queue-cycle',
      path: 'events[0].updateQueue.parent',
      line: 7,
      message: 'this change makes a queue cycle: root -> q -> root',
    },
    {
      name: 'config update with an unknown action',
      text: yaml(...HEAD, 'events:', '  - {at: 1s, updateConfig: {actions: [allocate, dance]}}'),
      code: 'unknown-action',
      path: 'events[0].updateConfig.actions[1]',
      line: 7,
      message: 'action "dance" is not available in profile kai',
      contains: true,
    },
    {
      name: 'check of session 0',
      text: yaml(...HEAD, 'expect:', '  - session: 0', '    tasks: {}'),
      code: 'invalid-session',
      path: 'expect[0].session',
      line: 7,
      message: 'session 0 does not exist: sessions are numbered from 1',
    },
    {
      name: 'check without session or at',
      text: yaml(...HEAD, 'expect:', '  - tasks: {}'),
      code: 'invalid-check',
      path: 'expect[0]',
      line: 7,
      message: 'a check needs `session: N` or `at: <duration>`',
    },
    {
      name: 'check with both session and at',
      text: yaml(...HEAD, 'expect:', '  - {session: 1, at: 1s}'),
      code: 'invalid-check',
      path: 'expect[0]',
      line: 7,
      message: 'a check has either `session` or `at`, not both',
    },
    {
      name: 'unknown expected status',
      text: yaml(...HEAD, 'expect:', '  - session: 1', '    tasks: {j-0: Evicted}'),
      code: 'invalid-value',
      path: 'expect[0].tasks.j-0',
      line: 8,
      message:
        'expected one of Pending, Pipelined, Running, Releasing, Succeeded, StuckInReleasing; got "Evicted"',
    },
  ];
  it.each(cases)('$name', (c) => expectIssue(errorsOf(c.text), c));
});

describe('warnings', () => {
  const cases: Case[] = [
    {
      name: 'minAvailable above the task count',
      text: yaml(...HEAD, 'jobs:', '  - {name: j, queue: q, tasks: 2, minAvailable: 3}'),
      code: 'min-available-above-tasks',
      path: 'jobs[0].minAvailable',
      line: 7,
      message: 'minAvailable is 3 but the job has 2 tasks',
    },
    {
      name: 'Pending task with a node',
      text: yaml(...HEAD, 'jobs:', '  - {name: j, queue: q, tasks: [{node: n}]}'),
      code: 'node-ignored',
      path: 'jobs[0].tasks[0].node',
      line: 7,
      message: 'task "j-0" is Pending, so its node is ignored',
    },
    {
      name: 'check naming a task that does not exist',
      text: yaml(
        ...HEAD,
        'jobs: [{name: j, queue: q}]',
        'expect:',
        '  - session: 1',
        '    tasks: {j-1: Running}',
      ),
      code: 'unknown-reference',
      path: 'expect[0].tasks.j-1',
      line: 9,
      message: 'no task is named "j-1"',
    },
    {
      name: 'check naming a node that does not exist',
      text: yaml(...HEAD, 'jobs: [{name: j, queue: q}]', 'expect:', '  - session: 1', '    bound: {j-0: m}'),
      code: 'unknown-reference',
      path: 'expect[0].bound.j-0',
      line: 9,
      message: 'no node is named "m"',
    },
    {
      name: 'check after the last session',
      text: yaml(...HEAD, 'run: {sessions: 2}', 'expect:', '  - session: 3'),
      code: 'check-never-reached',
      path: 'expect[0].session',
      line: 8,
      message: 'session 3 is never reached: the run has 2 sessions',
    },
    {
      name: 'plugin listed twice',
      text: yaml(
        ...HEAD,
        'scheduler:',
        '  tiers: [{plugins: [{name: priority}]}, {plugins: [{name: priority}]}]',
      ),
      code: 'duplicate-plugin',
      path: 'scheduler.tiers[1].plugins[0].name',
      line: 7,
      message: 'plugin "priority" is already listed',
    },
  ];
  it.each(cases)('$name', (c) => expectIssue(warningsOf(c.text), c));

  it('accepts `any` as the node of a bound check and tasks submitted by events', () => {
    const text = yaml(
      ...HEAD,
      'events: [{at: 2s, submit: {name: late, queue: q}}]',
      'expect:',
      '  - {session: 3, bound: {late-0: any}}',
    );
    expect(warningsOf(text)).toEqual([]);
  });
});

describe('all errors of a document', () => {
  it('reports every error in one pass, in line order', () => {
    const text = yaml(
      'version: 3', // 1
      'nodes:', // 2
      '  - {name: n, resources: {cpu: lots}}', // 3
      'queues:', // 4
      '  - {name: a, parent: B}', // 5
      'jobs:', // 6
      '  - name: j', // 7
      '    queue: zz', // 8
      '    runtime: 5 minutes', // 9
      '    tasks: [{status: Running}]', // 10
      'expect:', // 11
      '  - {session: 0}', // 12
    );
    const errors = errorsOf(text);
    expect(errors.map((e) => [e.code, e.path, e.line])).toEqual([
      ['version-unsupported', 'version', 1],
      ['invalid-quantity', 'nodes[0].resources.cpu', 3],
      ['unknown-parent-queue', 'queues[0].parent', 5],
      ['unknown-queue', 'jobs[0].queue', 8],
      ['invalid-duration', 'jobs[0].runtime', 9],
      ['running-task-without-node', 'jobs[0].tasks[0].node', 10],
      ['invalid-session', 'expect[0].session', 12],
    ]);
  });

  it('gives every issue a catalogue hint where one exists', () => {
    const errors = errorsOf(yaml('version: 1', 'nodes: []', 'queues: [{name: a, parent: b}]'));
    expect(errors[0]?.hint).toBe(
      'Define the parent in `queues`, or drop `parent` to make the queue top-level.',
    );
  });
});

describe('names are data', () => {
  it('quotes names that are not identifiers in paths and messages', () => {
    const text = yaml(
      'version: 1',
      'nodes: []',
      'queues:',
      '  - {name: "a.b"}',
      '  - {name: "x \\"y\\"", parent: "c d"}',
    );
    const errors = errorsOf(text);
    expect(errors[0]).toMatchObject({
      path: 'queues[1].parent',
      message: 'queue "c d" does not exist',
      line: 5,
    });
    const expectText = yaml(
      'version: 1',
      'nodes: []',
      'queues: []',
      'expect:',
      '  - session: 1',
      '    tasks: {"a.b": Nope}',
    );
    expect(errorsOf(expectText)[0]?.path).toBe('expect[0].tasks["a.b"]');
  });

  it('treats __proto__ and constructor as ordinary names', () => {
    const text = yaml(
      'version: 1',
      'nodes: [{name: constructor}]',
      'queues: [{name: __proto__}]',
      'jobs:',
      '  - name: __proto__',
      '    queue: __proto__',
      '    tasks: [{name: __proto__, status: Running, node: constructor, labels: {__proto__: x}}]',
      'expect:',
      '  - session: 1',
      '    tasks: {__proto__: Running}',
      '    jobs: {__proto__: {running: 1}}',
    );
    const result = parseScenario(text);
    if (!result.ok) throw new Error(result.errors.map(formatIssue).join('\n'));
    const task = result.scenario.jobs[0]?.tasks[0];
    expect(task?.name).toBe('__proto__');
    expect(Object.keys(task?.labels ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(task?.labels)).toBe(Object.prototype);
    const check = result.scenario.expect[0];
    expect(Object.keys(check?.tasks ?? {})).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(check?.jobs, '__proto__')?.value).toEqual({ running: 1 });
    expect(result.warnings).toEqual([]);
  });
});

describe('formatIssue', () => {
  it('renders path, message and line', () => {
    expect(
      formatIssue({
        code: 'unknown-parent-queue',
        path: 'queues[3].parent',
        message: 'queue "B" does not exist',
        line: 12,
        column: 5,
      }),
    ).toBe('queues[3].parent: queue "B" does not exist (line 12)');
  });

  it('leaves out what is unknown', () => {
    expect(
      formatIssue({
        code: 'not-a-mapping',
        path: '',
        message: 'the scenario is empty',
        line: null,
        column: null,
      }),
    ).toBe('the scenario is empty');
  });
});

describe('text broken near its start', () => {
  it('lists the first 100 syntax errors and counts the rest in one more, at the line where they start', () => {
    // An indented first line breaks every mapping after it: the reader reports several errors per line.
    const text = '    name: x\nversion: 1\n' + Array.from({ length: 300 }, (_, i) => `k${i}: v`).join('\n');
    const r = parseScenario(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(101);
    expect(r.errors.slice(0, 100).every((e) => e.code === 'yaml-syntax' && e.line !== null)).toBe(true);
    const last = r.errors[100];
    expect(last?.message).toMatch(/^803 more syntax errors from here on, not listed/);
    expect(last?.line).toBe(35);
  });
});

describe('recursive aliases', () => {
  const parse = (tail: string) => parseScenario(`version: 1\nname: t\n${tail}`);
  it('an alias inside the node its anchor names is an error at the alias’s line', () => {
    for (const tail of ['a: &x [*x]\n', 'a:\n  b: &x\n    c: [1, *x]\n', 'a: &x [1, &x [*x]]\n']) {
      const r = parse(tail);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]?.message).toMatch(/^the alias \*x refers to the node that contains it/);
      expect(r.errors[0]?.line).toBe(tail.split('\n').findIndex((l) => l.includes('*x')) + 3);
    }
  });
  it('an alias of an anchor redefined before it, or defined beside it, is fine', () => {
    for (const tail of ['a: &x [&x 1, *x]\n', 'a: &x [1]\nb: *x\n']) {
      const r = parse(tail);
      expect(r.ok ? [] : r.errors.map((e) => e.message)).not.toContainEqual(expect.stringMatching(/alias/));
    }
  });
});
