/** serialiseScenario: readable YAML in the scenario format that parses back to the same scenario. */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../model/scenario';
import { formatIssue, parseScenario } from './parseScenario';
import { serialiseScenario } from './serialiseScenario';

const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

function parse(text: string): Scenario {
  const result = parseScenario(text);
  if (!result.ok) throw new Error(result.errors.map(formatIssue).join('\n'));
  return result.scenario;
}

function withoutLines(s: Scenario): Scenario {
  return { ...s, expect: s.expect.map((c) => ({ ...c, line: null })) };
}

function expectRoundTrip(s: Scenario): string {
  const text = serialiseScenario(s);
  const again = parseScenario(text);
  if (!again.ok) throw new Error(`${again.errors.map(formatIssue).join('\n')}\n${text}`);
  expect(withoutLines(again.scenario)).toEqual(withoutLines(s));
  return text;
}

const KAI = yaml(
  'version: 1',
  'name: "Everything: kai"',
  'description: |',
  '  Line one.',
  '',
  '  Line two.',
  'profile: kai',
  'x-note: {a: [1, two]}',
  'priorityClasses:',
  '  - {name: vip, value: 1000, preemptionPolicy: Never}',
  '  - {name: train, value: 40}',
  'scheduler:',
  '  actions: allocate, reclaim',
  '  schedulePeriod: 1.5s',
  '  maxConsolidationPreemptees: 3',
  '  stalenessGracePeriod: -1s',
  '  tiers:',
  '    - plugins:',
  '        - {name: proportion, arguments: {kValue: 1.5}}',
  '        - {name: minruntime, arguments: {defaultPreemptMinRuntime: 2d, reclaimResolveMethod: lca}}',
  'nodes:',
  '  - {name: gpu, count: 2, resources: {gpu: 4, cpu: 16, memory: 64Gi, pods: 110}, labels: {zone: a}}',
  '  - {name: open}',
  'queues:',
  '  - {name: root, priority: 50, resources: {gpu: {quota: -1, limit: 8, overQuotaWeight: 0}}}',
  '  - {name: leaf, parent: root, preemptMinRuntime: 90s, reclaimMinRuntime: 500ms}',
  'jobs:',
  '  - name: train-job',
  '    queue: leaf',
  '    submitAt: -4m',
  '    startedAt: -60s',
  '    runtime: 1h30m',
  '    minAvailable: 1',
  '    annotations: {note: x}',
  '    resources: {gpu: 1, cpu: 500m}',
  '    tasks:',
  '      - {status: Running, node: gpu-0}',
  '      - {name: custom, status: Running, node: gpu-0, resources: {gpu: 0.5}, priority: 2, preemptable: false}',
  '      - {preemptionPolicy: Never, labels: {a: b}, nodeSelector: {zone: a}}',
  '  - {name: raw, queue: leaf, priority: 0}',
  '  - {name: vip, queue: leaf, priorityClassName: vip, preemptibility: preemptible}',
  '  - {name: odd, queue: leaf, priorityClassName: build, priority: 3}',
  '  - {name: running-default-start, queue: leaf, submitAt: -30s, tasks: [{status: Running, node: open}]}',
  '  - {name: empty, queue: leaf, tasks: 0}',
  '  - {name: gang, queue: leaf, tasks: 4, minAvailable: 6, resources: {memory: 1G}}',
  'events:',
  '  - {at: 10s, submit: {name: late, queue: leaf, tasks: 2, resources: {gpu: 1}}}',
  '  - {at: 20s, deleteJob: raw}',
  '  - {at: 30s, addNode: {name: extra, resources: {gpu: 8}}}',
  '  - {at: 40s, removeNode: open}',
  '  - {at: 50s, updateQueue: {name: leaf, parent: null, priority: 3, resources: {cpu: {quota: 2}}, preemptMinRuntime: null}}',
  '  - {at: 55s, updateQueue: {name: root, reclaimMinRuntime: 1m, reclaimable: false}}',
  '  - {at: 1m, updateConfig: {actions: [allocate], stalenessGracePeriod: 5s}}',
  'run: {until: 10m, maxSessions: 500}',
  'expect:',
  '  - session: 1',
  '    tasks: {train-job-0: Running}',
  '    evicted: []',
  '  - at: 1m',
  '    bound: {late-0: any}',
  '    pipelined: {late-1: extra}',
  '    queues: {leaf: {fairShare: {gpu: 2, cpu: 250m}, allocated: {memory: 1Gi}}}',
);

const VOLCANO = yaml(
  'version: 1',
  'profile: volcano',
  'priorityClasses: [{name: high, value: 1000}]',
  'scheduler:',
  '  actions: [enqueue, allocate]',
  '  tiers:',
  '    - plugins: [{name: sla, arguments: {sla-waiting-time: 3m}, enableJobOrder: true, enabledOverused: false}]',
  'nodes: [{name: n1, resources: {cpu: 3, memory: 3Gi, pods: 10}}]',
  'queues:',
  '  - {name: q1, weight: 2, priority: 5, capability: {cpu: 4, memory: 4G}, deserved: {cpu: 2}, guarantee: {gpu: 1}, state: Closed}',
  '  - {name: q2}',
  'jobs:',
  '  - name: pg1',
  '    namespace: c1',
  '    queue: q1',
  '    phase: Inqueue',
  '    priorityClassName: high',
  '    minResources: {cpu: 3, memory: 3G}',
  '    minAvailable: 0',
  '    tasks: [{name: p1, status: Running, node: n1, resources: {cpu: 1, memory: 1G}}, {name: p2, preemptable: false}]',
  '  - {name: pg2, queue: q2}',
  'run: {sessions: 4}',
  'expect:',
  '  - session: 4',
  '    jobs: {pg1: {phase: Running, running: 1}, pg2: {phase: Pending}}',
);

describe('serialiseScenario', () => {
  it('round-trips a kai scenario that uses every field', () => {
    expectRoundTrip(parse(KAI));
  });

  it('round-trips a volcano scenario', () => {
    expectRoundTrip(parse(VOLCANO));
  });

  it('round-trips a kube-batch scenario and the bare defaults', () => {
    expectRoundTrip(
      parse(
        yaml(
          'version: 1',
          'profile: kube-batch',
          'nodes: []',
          'queues: [{name: q}]',
          'jobs: [{name: j, queue: q}]',
        ),
      ),
    );
    expectRoundTrip(parse(yaml('version: 1', 'nodes: []', 'queues: []')));
  });

  it('writes durations as Go strings and resources as numbers', () => {
    const text = serialiseScenario(parse(KAI));
    expect(text).toContain('submitAt: -4m0s');
    expect(text).toContain('runtime: 1h30m0s');
    expect(text).toContain('schedulePeriod: 1.5s');
    expect(text).toContain('reclaimMinRuntime: 500ms');
    expect(text).toContain('memory: 68719476736');
    expect(text).toContain('cpu: 0.5');
    expect(text).toContain('until: 10m0s');
  });

  it('leaves out what the parser would fill in', () => {
    const text = serialiseScenario(
      parse(
        yaml(
          'version: 1',
          'nodes: [{name: n}]',
          'queues: [{name: q}]',
          'jobs: [{name: j, queue: q, tasks: 3}]',
        ),
      ),
    );
    expect(text).toBe(
      yaml(
        'version: 1',
        'name: untitled',
        'profile: kai',
        'scheduler:',
        '  actions: [allocate, consolidation, reclaim, preempt, stalegangeviction]',
        '  tiers:',
        '    - plugins:',
        '        - {name: predicates}',
        '        - {name: proportion}',
        '        - {name: priority}',
        '        - {name: elastic}',
        '        - {name: nodeplacement}',
        '        - {name: minruntime}',
        '  schedulePeriod: 1s',
        'nodes:',
        '  - {name: n}',
        'queues:',
        '  - {name: q}',
        'jobs:',
        '  - {name: j, queue: q, priorityClassName: train, tasks: 3}',
        // No `run:` block: the run stops once settled (docs §7.1), which the defaults written out would lose.
      ),
    );
  });

  it('keeps extension fields and the description', () => {
    const text = serialiseScenario(parse(KAI));
    expect(text).toContain('x-note: {a: [1, two]}');
    expect(text).toContain('description: |\n  Line one.\n\n  Line two.\n');
  });

  it('writes names that YAML would misread as quoted strings', () => {
    const s = parse(
      yaml(
        'version: 1',
        'nodes: [{name: "true"}, {name: "1e3"}, {name: "null"}]',
        'queues: [{name: "a: b"}, {name: "- x"}]',
      ),
    );
    const text = expectRoundTrip(s);
    expect(parse(text).nodes.map((n) => n.name)).toEqual(['true', '1e3', 'null']);
  });

  it('is deterministic', () => {
    const s = parse(KAI);
    expect(serialiseScenario(s)).toBe(serialiseScenario(parse(KAI)));
  });
});
