/**
 * Variants (docs/scenario-format.md §15): how they are read, where their errors point, how one is applied
 * to the base, and that serialising keeps them.
 */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../model/scenario';
import { applyVariant, findVariant } from './applyVariant';
import { formatIssue, parseScenario } from './parseScenario';
import { serialiseScenario } from './serialiseScenario';

const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

const BASE = [
  'version: 1',
  'name: lca or queue',
  'scheduler:',
  '  actions: [allocate, reclaim]',
  '  tiers:',
  '    - plugins:',
  '        - {name: proportion}',
  '        - {name: minruntime, arguments: {reclaimResolveMethod: lca, defaultReclaimMinRuntime: 1m}}',
  'nodes: [{name: n0, resources: {gpu: 4}}]',
  'queues:',
  '  - {name: root}',
  '  - {name: team-a, parent: root, reclaimMinRuntime: 30s, resources: {gpu: {quota: 2}}}',
  '  - {name: team-b, parent: root, resources: {gpu: {quota: 2}}}',
  'jobs:',
  '  - {name: train-a, queue: team-a, resources: {gpu: 4}}',
  '  - {name: sweep-2, queue: team-b, priorityClassName: train, submitAt: 10s, resources: {gpu: 2}}',
];

function parse(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

function errors(text: string): string[] {
  const r = parseScenario(text);
  return r.ok ? [] : r.errors.map(formatIssue);
}

describe('variants are read', () => {
  it('an older file (no variants) has none', () => {
    expect(parse(yaml(...BASE)).variants).toEqual([]);
  });

  it('reads actions, period, plugin arguments, queue fields and job fields', () => {
    const s = parse(
      yaml(
        ...BASE,
        'variants:',
        '  - name: queue-5m',
        '    description: resolve at the victim queue, 5 minutes',
        '    actions: allocate, reclaim, preempt',
        '    schedulePeriod: 10s',
        '    plugins: {minruntime: {reclaimResolveMethod: queue}}',
        '    queues: [{name: team-a, reclaimMinRuntime: 5m, resources: {gpu: {limit: 3}}}]',
        '    jobs: [{name: sweep-2, priorityClassName: build}]',
      ),
    );
    expect(s.variants).toEqual([
      {
        name: 'queue-5m',
        description: 'resolve at the victim queue, 5 minutes',
        actions: ['allocate', 'reclaim', 'preempt'],
        schedulePeriodMs: 10_000,
        plugins: [{ plugin: 'minruntime', arguments: { reclaimResolveMethod: 'queue' } }],
        queues: [
          {
            name: 'team-a',
            reclaimMinRuntimeMs: 300_000,
            // Merged with the base queue's resources: quota 2 stays, limit becomes 3.
            resources: {
              gpu: { quota: 2, limit: 3, overQuotaWeight: 1 },
              cpu: { quota: 0, limit: -1, overQuotaWeight: 1 },
              memory: { quota: 0, limit: -1, overQuotaWeight: 1 },
            },
          },
        ],
        // build is 100 in kai: the job was preemptible by default (train, 50), so it follows the class.
        jobs: [
          {
            name: 'sweep-2',
            priorityClassName: 'build',
            priority: 100,
            preemptionPolicy: 'PreemptLowerPriority',
            preemptible: false,
          },
        ],
      },
    ]);
  });

  it('reports every bad change with its field path and line', () => {
    const found = errors(
      yaml(
        ...BASE,
        'variants:', // line 17
        '  - name: a',
        '    plugins: {minruntim: {x: 1}, elastic: {y: 1}}',
        '    queues: [{name: team-c}, {name: team-a, parent: team-b}]',
        '    jobs: [{name: nope}, {name: sweep-2, priorityClassName: gold}]',
        '    actions: [allocate, teleport]',
        '  - name: a',
        '  - name: base',
        '  - {description: no name}',
        '  - name: b',
        '    colour: red',
      ),
    );
    expect(found).toEqual([
      expect.stringMatching(
        /^variants\[0\]\.plugins\.minruntim: .*not a plugin of profile kai.*\(line 19\)$/,
      ),
      expect.stringMatching(/^variants\[0\]\.plugins\.elastic: .*not configured in the base.*\(line 19\)$/),
      expect.stringMatching(
        /^variants\[0\]\.queues\[0\]\.name: .*queue "team-c" does not exist.*\(line 20\)$/,
      ),
      expect.stringMatching(/^variants\[0\]\.queues\[1\]\.parent: .*cannot move a queue.*\(line 20\)$/),
      expect.stringMatching(/^variants\[0\]\.jobs\[0\]\.name: .*job "nope" does not exist.*\(line 21\)$/),
      expect.stringMatching(
        /^variants\[0\]\.jobs\[1\]\.priorityClassName: .*"gold" does not exist.*\(line 21\)$/,
      ),
      expect.stringMatching(/^variants\[0\]\.actions\[1\]: .*"teleport".*\(line 22\)$/),
      expect.stringMatching(/^variants\[1\]\.name: .*already defined at variants\[0\].*\(line 23\)$/),
      expect.stringMatching(/^variants\[2\]\.name: .*names the base scenario.*\(line 24\)$/),
      expect.stringMatching(/^variants\[3\]\.name: .*required field "name".*\(line 25\)$/),
      expect.stringMatching(/^variants\[4\]\.colour: .*unknown field "colour".*\(line 27\)$/),
    ]);
  });

  it('at most 32 variants (§10)', () => {
    const many = Array.from({ length: 33 }, (_, i) => `  - name: v${i}`);
    expect(errors(yaml(...BASE, 'variants:', ...many))).toEqual([
      expect.stringMatching(/^variants: at most 32 variants in a scenario, got 33 \(line 17\)$/),
    ]);
    expect(errors(yaml(...BASE, 'variants:', ...many.slice(0, 32)))).toEqual([]);
  });
});

describe('applyVariant', () => {
  const s = parse(
    yaml(
      ...BASE,
      'variants:',
      '  - name: queue-5m',
      '    plugins: {minruntime: {reclaimResolveMethod: queue, defaultReclaimMinRuntime: null}}',
      '    queues: [{name: team-a, reclaimMinRuntime: 5m}]',
      '  - name: urgent',
      '    actions: [allocate]',
      '    jobs: [{name: sweep-2, priority: 200, runtime: 5m}]',
    ),
  );

  it('changes exactly what the variant names and leaves the base untouched', () => {
    const before = JSON.stringify(s);
    const v = applyVariant(s, findVariant(s, 'queue-5m'));
    expect(JSON.stringify(s)).toBe(before);
    // The argument set to null is removed: the plugin falls back to its own default.
    expect(v.scheduler.tiers[0]?.plugins[1]).toEqual({
      name: 'minruntime',
      arguments: { reclaimResolveMethod: 'queue' },
      flags: {},
    });
    expect(v.queues.map((q) => [q.name, q.reclaimMinRuntimeMs])).toEqual([
      ['root', null],
      ['team-a', 300_000],
      ['team-b', null],
    ]);
    expect(v.jobs).toEqual(s.jobs);
    expect(v.scheduler.actions).toEqual(['allocate', 'reclaim']);
    expect(v.variants).toEqual([]);
  });

  it('job priority re-derives preemptibility (kai: preemptible below 100), runtime and actions replace', () => {
    const v = applyVariant(s, findVariant(s, 'urgent'));
    const job = v.jobs.find((j) => j.name === 'sweep-2');
    expect(job).toMatchObject({ priority: 200, preemptible: false, runtimeMs: 300_000 });
    expect(v.scheduler.actions).toEqual(['allocate']);
    expect(v.queues).toEqual(s.queues);
  });

  it('no variant is the base without its variants', () => {
    expect(applyVariant(s, findVariant(s, 'missing'))).toEqual({ ...s, variants: [] });
  });

  it('serialise keeps the variants and parses back to the same scenario', () => {
    const text = serialiseScenario(s);
    expect(text).toContain('variants:');
    const back = parse(text);
    expect(back).toEqual(s);
    expect(applyVariant(back, findVariant(back, 'urgent'))).toEqual(
      applyVariant(s, findVariant(s, 'urgent')),
    );
  });
});
