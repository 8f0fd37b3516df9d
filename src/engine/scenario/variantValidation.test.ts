/**
 * A variant goes through the same validation as the base (docs/scenario-format.md §15, decision 0120):
 * every value a variant can set that the base refuses is refused in the variant too, at the variant's field
 * path and line. Issue 18: `plugins: {proportion: {kValue: 1e308}}` ran in a variant (changing fair share)
 * while the base refused it.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, type ScenarioIssue } from './parseScenario';

const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

/** A base whose every knob a variant can set is at a valid value. */
function baseLines(
  over: { actions?: string; proportion?: string; scheduler?: string[]; queue?: string; job?: string } = {},
): string[] {
  return [
    'version: 1',
    'scheduler:',
    `  actions: ${over.actions ?? '[allocate, reclaim]'}`,
    '  tiers:',
    '    - plugins:',
    over.proportion === undefined
      ? '        - {name: proportion}'
      : `        - {name: proportion, arguments: ${over.proportion}}`,
    '        - {name: minruntime}',
    ...(over.scheduler ?? []),
    'nodes: [{name: n0, resources: {gpu: 4}}]',
    'queues:',
    '  - {name: root}',
    `  - {name: team-a, parent: root${over.queue ?? ''}}`,
    'jobs:',
    `  - {name: train-a, queue: team-a, resources: {gpu: 2}${over.job ?? ''}}`,
    'events:',
    '  - {at: 10s, submit: {name: late, queue: team-a, resources: {gpu: 1}}}',
    '  - {at: 20s, updateConfig: {tiers: [{plugins: [{name: proportion}]}]}}',
  ];
}

function errorsOf(text: string): ScenarioIssue[] {
  const r = parseScenario(text);
  return r.ok ? [] : r.errors;
}

interface Knob {
  name: string;
  /** The bad value written in the base. */
  base: { actions?: string; proportion?: string; scheduler?: string[]; queue?: string; job?: string };
  /** The same value written in a variant (the lines after `  - name: v`). */
  variant: string[];
  /** Path of the variant's issue (or of the field it is under). */
  path: string;
}

const KNOBS: Knob[] = [
  {
    name: 'an unknown action',
    base: { actions: '[allocate, bogus]' },
    variant: ['    actions: [allocate, bogus]'],
    path: 'variants[0].actions[1]',
  },
  ...['0s', '-1s', '20000h', 'soon'].map((v): Knob => ({
    name: `schedulePeriod ${v}`,
    base: { scheduler: [`  schedulePeriod: ${v}`] },
    variant: [`    schedulePeriod: ${v}`],
    path: 'variants[0].schedulePeriod',
  })),
  // Any finite kValue is accepted since issue 21 (upstream parses it as a float64 with no bound).
  ...['.inf', '-.inf', '.nan', 'lots', '[1]'].map((v): Knob => ({
    name: `proportion kValue ${v}`,
    base: { proportion: `{kValue: ${v}}` },
    variant: [`    plugins: {proportion: {kValue: ${v}}}`],
    path: 'variants[0].plugins.proportion.kValue',
  })),
  ...[
    ['priority', '1.5'],
    ['weight', '-1'],
    ['preemptMinRuntime', '20000h'],
    ['reclaimMinRuntime', 'soon'],
    ['state', 'Bogus'],
    ['reclaimable', 'maybe'],
    ['capability', '{gpu: -1}'],
    ['deserved', '{cpu: lots}'],
    ['guarantee', '{memory: -5}'],
    ['resources', '{gpu: {quota: -2}}'],
    ['resources', '{gpu: {limit: many}}'],
    ['resources', '{gpu: {overQuotaWeight: -1}}'],
  ].map(([field, v]): Knob => ({
    name: `queue ${field}: ${v}`,
    base: { queue: `, ${field}: ${v}` },
    variant: [`    queues: [{name: team-a, ${field}: ${v}}]`],
    path: `variants[0].queues[0].${field}`,
  })),
  ...[
    ['priority', '1.5'],
    ['priorityClassName', 'nope'],
    ['preemptibility', 'maybe'],
    ['runtime', '-1s'],
    ['runtime', '20000h'],
  ].map(([field, v]): Knob => ({
    name: `job ${field}: ${v}`,
    base: { job: `, ${field}: ${v}` },
    variant: [`    jobs: [{name: train-a, ${field}: ${v}}]`],
    path: `variants[0].jobs[0].${field}`,
  })),
];

describe('a variant is validated as the base is', () => {
  it('the base used by every case is valid, and so is a variant at valid values', () => {
    expect(errorsOf(yaml(...baseLines()))).toEqual([]);
    const ok = yaml(
      ...baseLines(),
      'variants:',
      '  - name: v',
      '    schedulePeriod: 5s',
      '    plugins: {proportion: {kValue: 2}}',
      '    queues: [{name: team-a, reclaimMinRuntime: 5m}]',
      '    jobs: [{name: late, runtime: 1m}]',
    );
    expect(errorsOf(ok)).toEqual([]);
  });

  for (const knob of KNOBS) {
    it(`${knob.name} is refused in a variant as in the base`, () => {
      const baseErrors = errorsOf(yaml(...baseLines(knob.base)));
      expect(baseErrors.length).toBeGreaterThan(0);
      const text = yaml(...baseLines(), 'variants:', '  - name: v', ...knob.variant);
      const errors = errorsOf(text);
      expect(errors).toHaveLength(1);
      expect(`${errors[0]?.path}.`.startsWith(`${knob.path}.`)).toBe(true);
      // Same code as the base's refusal, and the line of the variant's field.
      expect(baseErrors.map((e) => e.code)).toContain(errors[0]?.code);
      expect(errors[0]?.line).toBe(baseLines().length + 3);
    });
  }

  it('an infinite kValue in a variant (issue 18) is refused with the base message, at the variant line', () => {
    const text = yaml(
      ...baseLines(),
      'variants:',
      '  - name: big-k',
      '    plugins: {proportion: {kValue: .inf}}',
    );
    expect(errorsOf(text).map((e) => [e.code, e.path, e.message, e.line])).toEqual([
      [
        'wrong-type',
        'variants[0].plugins.proportion.kValue',
        'expected a finite number such as 1.0, got Infinity',
        19,
      ],
    ]);
  });

  it('kValue 1e308 (no bound upstream) is accepted in a variant as in the base', () => {
    const text = yaml(
      ...baseLines(),
      'variants:',
      '  - name: big-k',
      '    plugins: {proportion: {kValue: 1e308}}',
    );
    expect(errorsOf(text)).toEqual([]);
  });

  it('an argument the base already got wrong is reported once, at the base, not again for the variant', () => {
    const lines = baseLines({ proportion: '{kValue: huge}' });
    const text = yaml(...lines, 'variants:', '  - name: v', '    plugins: {proportion: {other: 1}}');
    expect(errorsOf(text).map((e) => e.path)).toEqual(['scheduler.tiers[0].plugins[0].arguments.kValue']);
  });

  it('null removes an argument in a variant (the plugin default applies): accepted', () => {
    const lines = baseLines({ proportion: '{kValue: 2}' });
    const text = yaml(...lines, 'variants:', '  - name: v', '    plugins: {proportion: {kValue: null}}');
    expect(errorsOf(text)).toEqual([]);
  });
});
