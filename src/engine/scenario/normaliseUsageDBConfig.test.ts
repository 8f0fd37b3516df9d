import { describe, expect, it } from 'vitest';
import { normaliseScenarioDocument, parseScenario } from './parseScenario';
import { serialiseScenario } from './serialiseScenario';
import { DEFAULT_USAGE_WINDOW_MS } from './normaliseUsageDBConfig';

const base = { version: 1, nodes: [], queues: [{ name: 'q' }] };

function issues(doc: Record<string, unknown>): string[] {
  const r = normaliseScenarioDocument({ ...base, ...doc });
  return r.ok ? [] : r.errors.map((e) => `${e.code} ${e.path}: ${e.message}`);
}

function proportion(args: Record<string, unknown>) {
  return { tiers: [{ plugins: [{ name: 'proportion', arguments: args }] }] };
}

describe('scheduler.usageDBConfig (KAI time-based fair share)', () => {
  it('is absent by default and takes KAI defaults for unset parameters (no decay, one week, sliding)', () => {
    const off = normaliseScenarioDocument(base);
    expect(off.ok && off.scenario.scheduler.usage).toBe(undefined);
    const on = normaliseScenarioDocument({ ...base, scheduler: { usageDBConfig: { usageParams: {} } } });
    expect(on.ok && on.scenario.scheduler.usage).toEqual({
      halfLifePeriodMs: 0,
      windowSizeMs: DEFAULT_USAGE_WINDOW_MS,
      windowType: 'sliding',
    });
  });

  it('reads every parameter and round-trips through the serialiser', () => {
    const text = [
      'version: 1',
      'scheduler:',
      '  usageDBConfig:',
      '    usageParams: { halfLifePeriod: 2m, windowSize: 10m, windowType: tumbling }',
      'nodes: []',
      'queues: [{ name: q }]',
    ].join('\n');
    const r = parseScenario(text);
    if (!r.ok) throw new Error('does not parse');
    expect(r.scenario.scheduler.usage).toEqual({
      halfLifePeriodMs: 120_000,
      windowSizeMs: 600_000,
      windowType: 'tumbling',
    });
    const again = parseScenario(serialiseScenario(r.scenario));
    expect(again.ok && again.scenario.scheduler.usage).toEqual(r.scenario.scheduler.usage);
  });

  it('names the field of every bad value', () => {
    expect(
      issues({
        scheduler: {
          usageDBConfig: { usageParams: { windowSize: '0s', halfLifePeriod: '-1m', windowType: 'daily' } },
        },
      }),
    ).toEqual([
      expect.stringMatching(/^out-of-range scheduler\.usageDBConfig\.usageParams\.windowSize: /),
      expect.stringMatching(/^negative-value scheduler\.usageDBConfig\.usageParams\.halfLifePeriod: /),
      'invalid-value scheduler.usageDBConfig.usageParams.windowType: windowType must be one of sliding, tumbling, got "daily"',
    ]);
    expect(issues({ scheduler: { usageDBConfig: { usageParams: { windowType: 'cron' } } } })).toEqual([
      expect.stringMatching(/windowType: windowType "cron" resets usage on a calendar schedule/),
    ]);
    expect(issues({ scheduler: { usageDBConfig: { usageParams: { windowSize: '20000h' } } } })).toEqual([
      expect.stringMatching(/^out-of-range scheduler\.usageDBConfig\.usageParams\.windowSize: /),
    ]);
    expect(issues({ scheduler: { usageDBConfig: { clientType: 'prometheus' } } })).toEqual([
      expect.stringMatching(/^unknown-field scheduler\.usageDBConfig\.clientType: /),
    ]);
    expect(issues({ profile: 'volcano', scheduler: { usageDBConfig: {} } })).toEqual([
      "invalid-value scheduler.usageDBConfig: usageDBConfig is KAI's time-based fair share; profile volcano has no usage history",
    ]);
  });

  it('an updateConfig event can turn usage on', () => {
    const r = normaliseScenarioDocument({
      ...base,
      events: [{ at: '1m', updateConfig: { usageDBConfig: { usageParams: { windowSize: '5m' } } } }],
    });
    expect(r.ok && r.scenario.events[0]?.kind === 'updateConfig' && r.scenario.events[0].patch.usage).toEqual(
      {
        halfLifePeriodMs: 0,
        windowSizeMs: 300_000,
        windowType: 'sliding',
      },
    );
  });
});

describe('proportion kValue', () => {
  it('accepts numbers and numeric text, negatives included (KAI reads them as 0)', () => {
    expect(issues({ scheduler: proportion({ kValue: 0.5 }) })).toEqual([]);
    expect(issues({ scheduler: proportion({ kValue: '2' }) })).toEqual([]);
    expect(issues({ scheduler: proportion({ kValue: -3 }) })).toEqual([]);
  });

  it('refuses text that is not a number and values beyond 1000, naming the argument', () => {
    expect(issues({ scheduler: proportion({ kValue: 'high' }) })).toEqual([
      'wrong-type scheduler.tiers[0].plugins[0].arguments.kValue: expected a number such as 1.0, got "high"',
    ]);
    expect(issues({ scheduler: proportion({ kValue: 1e9 }) })).toEqual([
      'out-of-range scheduler.tiers[0].plugins[0].arguments.kValue: at most 1000 in size, got 1000000000',
    ]);
  });
});
