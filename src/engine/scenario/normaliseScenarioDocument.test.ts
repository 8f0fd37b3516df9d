/** Normalisation: every default of the format, per profile, and the shapes the parser accepts. */
import { describe, expect, it } from 'vitest';
import type { JobSpec, Scenario } from '../model/scenario';
import { catalogueOf, defaultTiers } from '../registry';
import { formatIssue, normaliseScenarioDocument, parseScenario } from './parseScenario';

const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

function parse(text: string, fileName?: string): Scenario {
  const result = parseScenario(text, fileName === undefined ? {} : { fileName });
  if (!result.ok) throw new Error(result.errors.map(formatIssue).join('\n'));
  return result.scenario;
}

function job(s: Scenario, name: string): JobSpec {
  const found = s.jobs.find((j) => j.name === name);
  if (found === undefined) throw new Error(`no job ${name}`);
  return found;
}

const MINIMAL = yaml('version: 1', 'nodes: []', 'queues: []');

describe('top level', () => {
  it('applies the defaults of a minimal kai scenario', () => {
    const s = parse(MINIMAL);
    expect(s).toEqual({
      version: 1,
      name: 'untitled',
      description: '',
      profile: 'kai',
      priorityClasses: [...catalogueOf('kai').defaultPriorityClasses],
      scheduler: {
        actions: ['allocate', 'consolidation', 'reclaim', 'preempt', 'stalegangeviction'],
        tiers: defaultTiers('kai'),
        schedulePeriodMs: 1000,
        maxConsolidationPreemptees: 16,
        stalenessGracePeriodMs: 60_000,
      },
      nodes: [],
      queues: [],
      jobs: [],
      events: [],
      run: { sessions: null, untilMs: 3_600_000, maxSessions: 10_000, untilSettled: true },
      expect: [],
      lesson: [],
      extensions: {},
      variants: [],
    } satisfies Scenario);
  });

  it.each([
    ['lessons/AC1-consolidate.yaml', 'AC1-consolidate'],
    ['C:\\scenarios\\my.test.yml', 'my.test'],
    ['plain', 'plain'],
    ['.yaml', '.yaml'],
  ])('names the scenario after its file %j', (fileName, name) => {
    expect(parse(MINIMAL, fileName).name).toBe(name);
  });

  it('prefers the written name and keeps the description', () => {
    const s = parse(
      yaml('version: 1', 'name: Demo', 'description: "**bold**"', 'nodes: []', 'queues: []'),
      'x.yaml',
    );
    expect(s.name).toBe('Demo');
    expect(s.description).toBe('**bold**');
  });

  it('reads `nodes:` and `queues:` without a value as empty lists', () => {
    const s = parse(yaml('version: 1', 'nodes:', 'queues:', 'jobs:', 'events:', 'expect:'));
    expect([s.nodes, s.queues, s.jobs, s.events, s.expect]).toEqual([[], [], [], [], []]);
  });

  it('keeps x- fields verbatim', () => {
    const s = parse(yaml(MINIMAL, 'x-resolve:', '  - {victimQueue: a, preemptMs: 2000}', 'x-note: hello'));
    expect(s.extensions).toEqual({ 'x-resolve': [{ victimQueue: 'a', preemptMs: 2000 }], 'x-note': 'hello' });
  });

  it.each(['volcano', 'kube-batch'] as const)('applies the %s defaults', (profile) => {
    const s = parse(yaml('version: 1', `profile: ${profile}`, 'nodes: []', 'queues: []'));
    expect(s.priorityClasses).toEqual([]);
    expect(s.scheduler.actions).toEqual(catalogueOf(profile).defaultActions);
    expect(s.scheduler.tiers).toEqual(defaultTiers(profile));
    expect(s.scheduler.schedulePeriodMs).toBe(1000);
  });
});

describe('priority classes', () => {
  it('merges written classes into the profile defaults', () => {
    const s = parse(
      yaml(
        'version: 1',
        'nodes: []',
        'queues: []',
        'priorityClasses:',
        '  - {name: urgent, value: 1000, preemptionPolicy: Never}',
        '  - {name: train, value: 40}',
      ),
    );
    expect(s.priorityClasses.map((c) => [c.name, c.value, c.preemptionPolicy])).toEqual([
      ['train', 40, 'PreemptLowerPriority'],
      ['build-preemptible', 75, 'PreemptLowerPriority'],
      ['interactive-preemptible', 75, 'PreemptLowerPriority'],
      ['build', 100, 'PreemptLowerPriority'],
      ['interactive', 100, 'PreemptLowerPriority'],
      ['inference', 125, 'PreemptLowerPriority'],
      ['urgent', 1000, 'Never'],
    ]);
  });
});

describe('scheduler', () => {
  it('reads actions as a comma-separated string', () => {
    const s = parse(yaml(MINIMAL, 'scheduler: {actions: "allocate, reclaim ,preempt"}'));
    expect(s.scheduler.actions).toEqual(['allocate', 'reclaim', 'preempt']);
  });

  it('accepts an empty action list', () => {
    expect(parse(yaml(MINIMAL, 'scheduler: {actions: []}')).scheduler.actions).toEqual([]);
  });

  it('gathers flags and keeps plugin arguments raw', () => {
    const s = parse(
      yaml(
        'version: 1',
        'profile: volcano',
        'nodes: []',
        'queues: []',
        'scheduler:',
        '  schedulePeriod: 2s',
        '  tiers:',
        '    - plugins:',
        '        - {name: sla, arguments: {sla-waiting-time: 3m}, enableJobOrder: true, enabledOverused: false}',
        '    - plugins: [{name: drf, enableHierarchy: false}]',
      ),
    );
    expect(s.scheduler.tiers).toEqual([
      {
        plugins: [
          {
            name: 'sla',
            arguments: { 'sla-waiting-time': '3m' },
            flags: { enableJobOrder: true, enabledOverused: false },
          },
        ],
      },
      { plugins: [{ name: 'drf', arguments: {}, flags: { enableHierarchy: false } }] },
    ]);
    expect(s.scheduler.schedulePeriodMs).toBe(2000);
  });

  it('does not parse minruntime arguments (the plugin does, with str2duration)', () => {
    const s = parse(
      yaml(
        MINIMAL,
        'scheduler:',
        '  tiers: [{plugins: [{name: minruntime, arguments: {defaultPreemptMinRuntime: 2d}}]}]',
      ),
    );
    expect(s.scheduler.tiers[0]?.plugins[0]?.arguments).toEqual({ defaultPreemptMinRuntime: '2d' });
  });

  it('reads the KAI knobs', () => {
    const s = parse(yaml(MINIMAL, 'scheduler: {maxConsolidationPreemptees: 4, stalenessGracePeriod: -1s}'));
    expect(s.scheduler.maxConsolidationPreemptees).toBe(4);
    expect(s.scheduler.stalenessGracePeriodMs).toBe(-1000);
  });
});

describe('nodes', () => {
  it('expands count and leaves omitted resources unconstrained', () => {
    const s = parse(
      yaml(
        'version: 1',
        'queues: []',
        'nodes:',
        '  - {name: gpu, count: 3, resources: {gpu: 8, memory: 64Gi}, labels: {zone: a}}',
        '  - {name: cpu-only, resources: {cpu: 500m, pods: "110"}}',
        '  - {name: none, count: 0}',
      ),
    );
    expect(s.nodes.map((n) => n.name)).toEqual(['gpu-0', 'gpu-1', 'gpu-2', 'cpu-only']);
    expect(s.nodes[1]).toEqual({
      name: 'gpu-1',
      resources: { gpu: 8, cpu: Infinity, memory: 64 * 2 ** 30, pods: Infinity },
      labels: { zone: 'a' },
    });
    expect(s.nodes[3]?.resources).toEqual({ gpu: Infinity, cpu: 0.5, memory: Infinity, pods: 110 });
    expect(s.nodes[0]?.resources).not.toBe(s.nodes[1]?.resources);
  });
});

describe('queues', () => {
  it('applies the kai queue defaults', () => {
    const s = parse(yaml('version: 1', 'nodes: []', 'queues: [{name: a}]'));
    expect(s.queues[0]).toEqual({
      name: 'a',
      parent: null,
      priority: 100,
      resources: {
        gpu: { quota: 0, limit: -1, overQuotaWeight: 1 },
        cpu: { quota: 0, limit: -1, overQuotaWeight: 1 },
        memory: { quota: 0, limit: -1, overQuotaWeight: 1 },
      },
      preemptMinRuntimeMs: null,
      reclaimMinRuntimeMs: null,
      weight: 1,
      capability: null,
      deserved: null,
      guarantee: null,
      state: 'Open',
      reclaimable: true,
    });
  });

  it('uses priority 0 for volcano queues', () => {
    expect(
      parse(yaml('version: 1', 'profile: volcano', 'nodes: []', 'queues: [{name: a}]')).queues[0]?.priority,
    ).toBe(0);
  });

  it('fills each resource field that is not written', () => {
    const s = parse(
      yaml(
        'version: 1',
        'nodes: []',
        'queues:',
        '  - name: a',
        '    priority: 101',
        '    preemptMinRuntime: 1m30s',
        '    reclaimMinRuntime: 0s',
        '    resources: {gpu: {quota: 2}, cpu: {limit: 4000m, overQuotaWeight: 0}, memory: {quota: -1, limit: 1Gi}}',
      ),
    );
    expect(s.queues[0]).toMatchObject({
      priority: 101,
      preemptMinRuntimeMs: 90_000,
      reclaimMinRuntimeMs: 0,
      resources: {
        gpu: { quota: 2, limit: -1, overQuotaWeight: 1 },
        cpu: { quota: 0, limit: 4, overQuotaWeight: 0 },
        memory: { quota: -1, limit: 2 ** 30, overQuotaWeight: 1 },
      },
    });
  });

  it('reads the Volcano queue spec', () => {
    const s = parse(
      yaml(
        'version: 1',
        'profile: volcano',
        'nodes: []',
        'queues:',
        '  - {name: a, weight: 3, capability: {cpu: 4, memory: 4G}, deserved: {cpu: 2}, guarantee: {gpu: 1}, state: Closed, reclaimable: false}',
      ),
    );
    expect(s.queues[0]).toMatchObject({
      weight: 3,
      capability: { cpu: 4, memory: 4e9 },
      deserved: { cpu: 2 },
      guarantee: { gpu: 1 },
      state: 'Closed',
      reclaimable: false,
    });
  });
});

describe('jobs', () => {
  const HEAD = ['version: 1', 'nodes: [{name: n, resources: {gpu: 8}}]', 'queues: [{name: q}]', 'jobs:'];

  it('applies the kai job defaults', () => {
    const s = parse(yaml(...HEAD, '  - {name: j, queue: q}'));
    expect(s.jobs[0]).toEqual({
      name: 'j',
      namespace: 'default',
      queue: 'q',
      priority: 50,
      priorityClassName: 'train',
      preemptible: true,
      preemptionPolicy: 'PreemptLowerPriority',
      minAvailable: 1,
      minResources: null,
      phase: 'Pending',
      submitAtMs: 0,
      startedAtMs: null,
      runtimeMs: null,
      annotations: {},
      tasks: [
        {
          name: 'j-0',
          index: 0,
          resources: { gpu: 0, cpu: 0, memory: 0, pods: 1 },
          status: 'Pending',
          node: null,
          priority: null,
          preemptable: true,
          preemptionPolicy: null,
          labels: {},
          nodeSelector: {},
        },
      ],
    } satisfies JobSpec);
  });

  it('applies the volcano job defaults', () => {
    const s = parse(
      yaml(
        'version: 1',
        'profile: volcano',
        'nodes: []',
        'queues: [{name: q}]',
        'jobs: [{name: j, queue: q}]',
      ),
    );
    expect(s.jobs[0]).toMatchObject({ priority: 0, priorityClassName: null, preemptible: true });
  });

  it('derives priority, class and preemptibility (kai)', () => {
    const s = parse(
      yaml(
        'version: 1',
        'nodes: []',
        'queues: [{name: q}]',
        'priorityClasses: [{name: vip, value: 1000, preemptionPolicy: Never}]',
        'jobs:',
        '  - {name: build, queue: q, priorityClassName: build}',
        '  - {name: raw, queue: q, priority: 49}',
        '  - {name: raw-high, queue: q, priority: 100}',
        '  - {name: forced, queue: q, priorityClassName: inference, preemptibility: preemptible}',
        '  - {name: pinned, queue: q, preemptibility: non-preemptible}',
        '  - {name: vip, queue: q, priorityClassName: vip}',
        '  - {name: both, queue: q, priorityClassName: build, priority: 10}',
      ),
    );
    const view = (name: string) => {
      const j = job(s, name);
      return [j.priority, j.priorityClassName, j.preemptible, j.preemptionPolicy];
    };
    expect(view('build')).toEqual([100, 'build', false, 'PreemptLowerPriority']);
    expect(view('raw')).toEqual([49, null, true, 'PreemptLowerPriority']);
    expect(view('raw-high')).toEqual([100, null, false, 'PreemptLowerPriority']);
    expect(view('forced')).toEqual([125, 'inference', true, 'PreemptLowerPriority']);
    expect(view('pinned')).toEqual([50, 'train', false, 'PreemptLowerPriority']);
    expect(view('vip')).toEqual([1000, 'vip', false, 'Never']);
    expect(view('both')).toEqual([10, 'build', true, 'PreemptLowerPriority']);
  });

  it('expands a task count and names the tasks', () => {
    const s = parse(
      yaml(...HEAD, '  - {name: j, queue: q, tasks: 3, resources: {gpu: 1, cpu: 250m, memory: 1Gi}}'),
    );
    const j = job(s, 'j');
    expect(j.tasks.map((t) => [t.name, t.index])).toEqual([
      ['j-0', 0],
      ['j-1', 1],
      ['j-2', 2],
    ]);
    expect(j.tasks[2]?.resources).toEqual({ gpu: 1, cpu: 0.25, memory: 2 ** 30, pods: 1 });
    expect(j.minAvailable).toBe(3);
  });

  it('allows a job without tasks', () => {
    expect(job(parse(yaml(...HEAD, '  - {name: j, queue: q, tasks: 0}')), 'j')).toMatchObject({
      tasks: [],
      minAvailable: 0,
    });
  });

  it('merges task resources over the job resources', () => {
    const s = parse(
      yaml(
        ...HEAD,
        '  - name: j',
        '    queue: q',
        '    minAvailable: 1',
        '    resources: {gpu: 1, cpu: 2}',
        '    tasks:',
        '      - {}',
        '      - {name: big, resources: {gpu: 0.5, memory: 1G}, priority: 3, preemptable: false}',
        '      - {preemptionPolicy: Never, labels: {app: x}, nodeSelector: {zone: a}}',
      ),
    );
    const [a, b, c] = job(s, 'j').tasks;
    expect(a).toMatchObject({ name: 'j-0', index: 0, resources: { gpu: 1, cpu: 2, memory: 0, pods: 1 } });
    expect(b).toMatchObject({
      name: 'big',
      index: 1,
      resources: { gpu: 0.5, cpu: 2, memory: 1e9, pods: 1 },
      priority: 3,
      preemptable: false,
    });
    expect(c).toMatchObject({
      name: 'j-2',
      index: 2,
      preemptionPolicy: 'Never',
      labels: { app: 'x' },
      nodeSelector: { zone: 'a' },
    });
    expect(job(s, 'j').minAvailable).toBe(1);
  });

  it('defaults startedAt to submitAt only for jobs that run at t=0', () => {
    const s = parse(
      yaml(
        ...HEAD,
        '  - {name: running, queue: q, submitAt: -4m, tasks: [{status: Running, node: n}]}',
        '  - {name: explicit, queue: q, submitAt: -4m, startedAt: -60s, tasks: [{status: Running, node: n}]}',
        '  - {name: pending, queue: q, submitAt: 1m30s}',
        '  - {name: pending-started, queue: q, startedAt: -5s}',
      ),
    );
    expect(job(s, 'running')).toMatchObject({ submitAtMs: -240_000, startedAtMs: -240_000 });
    expect(job(s, 'explicit')).toMatchObject({ submitAtMs: -240_000, startedAtMs: -60_000 });
    expect(job(s, 'pending')).toMatchObject({ submitAtMs: 90_000, startedAtMs: null });
    expect(job(s, 'pending-started')).toMatchObject({ startedAtMs: -5000 });
  });

  it('reads the remaining job fields', () => {
    const s = parse(
      yaml(
        'version: 1',
        'profile: volcano',
        'nodes: []',
        'queues: [{name: q}]',
        'jobs:',
        '  - name: j',
        '    namespace: kube-system',
        '    queue: q',
        '    phase: Inqueue',
        '    runtime: 10m',
        '    minResources: {cpu: 3, memory: 3G}',
        '    annotations: {sla-waiting-time: 1h2m3s}',
      ),
    );
    expect(s.jobs[0]).toMatchObject({
      namespace: 'kube-system',
      phase: 'Inqueue',
      runtimeMs: 600_000,
      minResources: { cpu: 3, memory: 3e9 },
      annotations: { 'sla-waiting-time': '1h2m3s' },
    });
  });
});

describe('run', () => {
  it.each([
    ['run: {sessions: 5}', { sessions: 5, untilMs: null, maxSessions: 10_000, untilSettled: false }],
    ['run: {until: 90s}', { sessions: null, untilMs: 90_000, maxSessions: 10_000, untilSettled: false }],
    ['run: {}', { sessions: null, untilMs: 3_600_000, maxSessions: 10_000, untilSettled: false }],
    [
      'run: {until: 2m, maxSessions: 50}',
      { sessions: null, untilMs: 120_000, maxSessions: 50, untilSettled: false },
    ],
    [
      'run: {sessions: 3, until: 1m}',
      { sessions: 3, untilMs: 60_000, maxSessions: 10_000, untilSettled: false },
    ],
  ])('%s', (line, run) => {
    expect(parse(yaml(MINIMAL, line)).run).toEqual(run);
  });

  it('runs until settled only when there is no `run:` block', () => {
    expect(parse(MINIMAL).run.untilSettled).toBe(true);
    expect(parse(yaml(MINIMAL, 'run:')).run.untilSettled).toBe(true);
  });
});

describe('expect', () => {
  it('records each check with its line and path', () => {
    const s = parse(
      yaml(
        'version: 1', // 1
        'nodes: [{name: n}]', // 2
        'queues: [{name: q}]', // 3
        'jobs: [{name: j, queue: q}]', // 4
        'expect:', // 5
        '  - session: 1', // 6
        '    tasks: {j-0: Running}', // 7
        '    evicted: []', // 8
        '  - at: 30s', // 9
        '    bound: {j-0: n}', // 10
        '    pipelined: {j-0: any}', // 11
        '    jobs: {j: {phase: Running, running: 1}}', // 12
        '    queues: {q: {fairShare: {gpu: 2, cpu: 500m}, allocated: {memory: 1Gi}}}', // 13
      ),
    );
    expect(s.expect).toEqual([
      {
        session: 1,
        atMs: null,
        tasks: { 'j-0': 'Running' },
        evicted: [],
        bound: null,
        pipelined: null,
        jobs: null,
        queues: null,
        line: 6,
        path: 'expect[0]',
      },
      {
        session: null,
        atMs: 30_000,
        tasks: null,
        evicted: null,
        bound: { 'j-0': 'n' },
        pipelined: { 'j-0': 'any' },
        jobs: { j: { phase: 'Running', running: 1 } },
        queues: { q: { fairShare: { gpu: 2, cpu: 0.5 }, allocated: { memory: 2 ** 30 } } },
        line: 9,
        path: 'expect[1]',
      },
    ]);
  });
});

describe('events', () => {
  const HEAD = [
    'version: 1',
    'nodes: [{name: n, resources: {gpu: 2}}]',
    'queues:',
    '  - {name: root, resources: {gpu: {quota: 4, limit: 8}}}',
    '  - {name: q, parent: root, preemptMinRuntime: 10s}',
    'jobs: [{name: j, queue: q}]',
    'events:',
  ];

  it('normalises each kind like the section it changes', () => {
    const s = parse(
      yaml(
        ...HEAD,
        '  - {at: 1s, submit: {name: late, queue: q, tasks: 2, resources: {gpu: 1}}}',
        '  - {at: 2s, deleteJob: j}',
        '  - {at: 3s, addNode: {name: extra, count: 2, resources: {gpu: 4}}}',
        '  - {at: 4s, removeNode: n}',
        '  - {at: 5s, updateConfig: {actions: "allocate", schedulePeriod: 2s}}',
      ),
    );
    expect(s.events.map((e) => [e.atMs, e.kind])).toEqual([
      [1000, 'submit'],
      [2000, 'deleteJob'],
      [3000, 'addNode'],
      [3000, 'addNode'],
      [4000, 'removeNode'],
      [5000, 'updateConfig'],
    ]);
    const submit = s.events[0];
    expect(submit?.kind === 'submit' && submit.job).toMatchObject({
      name: 'late',
      priority: 50,
      priorityClassName: 'train',
      minAvailable: 2,
      tasks: [{ name: 'late-0' }, { name: 'late-1' }],
    });
    expect(s.events[1]).toEqual({ atMs: 2000, kind: 'deleteJob', name: 'j' });
    expect(s.events[3]).toEqual({
      atMs: 3000,
      kind: 'addNode',
      node: {
        name: 'extra-1',
        resources: { gpu: 4, cpu: Infinity, memory: Infinity, pods: Infinity },
        labels: {},
      },
    });
    expect(s.events[5]).toEqual({
      atMs: 5000,
      kind: 'updateConfig',
      patch: { actions: ['allocate'], schedulePeriodMs: 2000 },
    });
  });

  it('keeps only the fields an updateQueue writes, merging resources into the queue as it then stands', () => {
    const s = parse(
      yaml(
        ...HEAD,
        '  - {at: 20s, updateQueue: {name: root, resources: {gpu: {overQuotaWeight: 3}}}}',
        '  - {at: 10s, updateQueue: {name: root, resources: {gpu: {quota: 6}}, priority: 7}}',
        '  - {at: 30s, updateQueue: {name: q, parent: null, preemptMinRuntime: null, reclaimMinRuntime: 5s}}',
      ),
    );
    const patches = s.events.map((e) => (e.kind === 'updateQueue' ? e.patch : null));
    // Applied in time order: the 10s patch first, then the 20s patch on top of it.
    expect(patches[1]).toEqual({
      name: 'root',
      priority: 7,
      resources: {
        gpu: { quota: 6, limit: 8, overQuotaWeight: 1 },
        cpu: { quota: 0, limit: -1, overQuotaWeight: 1 },
        memory: { quota: 0, limit: -1, overQuotaWeight: 1 },
      },
    });
    expect(patches[0]?.resources?.gpu).toEqual({ quota: 6, limit: 8, overQuotaWeight: 3 });
    expect(patches[2]).toEqual({
      name: 'q',
      parent: null,
      preemptMinRuntimeMs: null,
      reclaimMinRuntimeMs: 5000,
    });
  });

  it('lets a removed node come back', () => {
    const s = parse(yaml(...HEAD, '  - {at: 1s, removeNode: n}', '  - {at: 2s, addNode: {name: n}}'));
    expect(s.events).toHaveLength(2);
  });
});

describe('normaliseScenarioDocument', () => {
  it('reads a JSON object like the equivalent YAML', () => {
    const doc = {
      version: 1,
      profile: 'volcano',
      nodes: [{ name: 'n', resources: { cpu: '2', memory: '4Gi' } }],
      queues: [{ name: 'q', weight: 2 }],
      jobs: [{ name: 'j', queue: 'q', tasks: [{ status: 'Running', node: 'n', resources: { cpu: 1 } }] }],
      expect: [{ session: 1, tasks: { 'j-0': 'Running' } }],
    };
    const fromObject = normaliseScenarioDocument(doc, { fileName: 'a/b.json' });
    const fromText = parseScenario(JSON.stringify(doc), { fileName: 'a/b.json' });
    if (!fromObject.ok || !fromText.ok) throw new Error('expected both to parse');
    expect(fromObject.scenario.name).toBe('b');
    expect(fromObject.scenario.expect[0]?.line).toBeNull();
    expect({ ...fromObject.scenario, expect: [] }).toEqual({ ...fromText.scenario, expect: [] });
  });

  it('reports errors without lines', () => {
    const result = normaliseScenarioDocument({ version: 1, nodes: [], queues: [{ name: 'a', parent: 'b' }] });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          code: 'unknown-parent-queue',
          path: 'queues[0].parent',
          message: 'queue "b" does not exist',
          line: null,
          column: null,
          hint: 'Define the parent in `queues`, or drop `parent` to make the queue top-level.',
        },
      ],
    });
  });

  it('rejects values that are not plain data', () => {
    const result = normaliseScenarioDocument({ version: 1, nodes: [new Map()], queues: [] });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatchObject({ code: 'wrong-type', path: 'nodes[0]' });
  });

  it('does not share objects with its input', () => {
    const doc = { version: 1, nodes: [], queues: [], 'x-data': { list: [1, 2] } };
    const result = normaliseScenarioDocument(doc);
    if (!result.ok) throw new Error('expected a scenario');
    doc['x-data'].list.push(3);
    expect(result.scenario.extensions).toEqual({ 'x-data': { list: [1, 2] } });
  });

  it('is deterministic', () => {
    const text = yaml(MINIMAL, 'jobs: []');
    expect(parseScenario(text)).toEqual(parseScenario(text));
  });
});
