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

const DEFAULTS = { fetchIntervalMs: 60_000, queryResolutionMs: 60_000 };

describe('scheduler.usageDBConfig (KAI time-based fair share)', () => {
  it('is absent by default and takes KAI defaults for unset parameters (no decay, 1w, sliding, 1m fetch and step)', () => {
    const off = normaliseScenarioDocument(base);
    expect(off.ok && off.scenario.scheduler.usage).toBe(undefined);
    const on = normaliseScenarioDocument({ ...base, scheduler: { usageDBConfig: { usageParams: {} } } });
    expect(on.ok && on.scenario.scheduler.usage).toEqual({
      halfLifePeriodMs: 0,
      windowSizeMs: DEFAULT_USAGE_WINDOW_MS,
      windowType: 'sliding',
      ...DEFAULTS,
    });
  });

  it('reads every parameter and round-trips through the serialiser', () => {
    const text = [
      'version: 1',
      'scheduler:',
      '  usageDBConfig:',
      '    usageParams:',
      '      halfLifePeriod: 2m',
      '      windowSize: 1h30m',
      '      windowType: tumbling',
      '      tumblingWindowStartTime: -90m',
      '      fetchInterval: 30s',
      '      stalenessPeriod: 5m',
      '      waitTimeout: 1m',
      '      extraParams: { queryResolution: 15s, usageQueryTimeout: 10s }',
      'nodes: []',
      'queues: [{ name: q }]',
    ].join('\n');
    const r = parseScenario(text);
    if (!r.ok) throw new Error(`does not parse: ${JSON.stringify(r.errors)}`);
    expect(r.scenario.scheduler.usage).toEqual({
      halfLifePeriodMs: 120_000,
      windowSizeMs: 5_400_000,
      windowType: 'tumbling',
      tumblingWindowStartMs: -5_400_000,
      fetchIntervalMs: 30_000,
      queryResolutionMs: 15_000,
      stalenessPeriodMs: 300_000,
      waitTimeoutMs: 60_000,
      usageQueryTimeoutMs: 10_000,
    });
    const again = parseScenario(serialiseScenario(r.scenario));
    expect(again.ok && again.scenario.scheduler.usage).toEqual(r.scenario.scheduler.usage);
  });

  it('windowSize takes Prometheus durations as KAI does since #1371 (1w, 1d, 90m, 1h30m, 1y)', () => {
    const size = (windowSize: unknown) => {
      const r = normaliseScenarioDocument({
        ...base,
        scheduler: { usageDBConfig: { usageParams: { windowSize } } },
      });
      return r.ok ? r.scenario.scheduler.usage?.windowSizeMs : r.errors.map((e) => `${e.code} ${e.path}`);
    };
    expect(size('1w')).toBe(604_800_000);
    expect(size('1d')).toBe(86_400_000);
    expect(size('90m')).toBe(5_400_000);
    expect(size('1h30m')).toBe(5_400_000);
    expect(size('1d12h')).toBe(129_600_000);
    expect(size('1y')).toBe(31_536_000_000);
    // Not Prometheus durations: fractions, Go's order-free forms, a sign.
    for (const bad of ['1.5h', '30m1h', '-1h', 'week', '1h1h'])
      expect(size(bad)).toEqual(['invalid-duration scheduler.usageDBConfig.usageParams.windowSize']);
  });

  it('a negative or zero halfLifePeriod disables decay, as KAI’s SetDefaults does', () => {
    const r = normaliseScenarioDocument({
      ...base,
      scheduler: { usageDBConfig: { usageParams: { halfLifePeriod: '-3m' } } },
    });
    expect(r.ok && r.scenario.scheduler.usage?.halfLifePeriodMs).toBe(0);
  });

  it('names the field of every bad value', () => {
    expect(
      issues({
        scheduler: {
          usageDBConfig: { usageParams: { windowSize: '0s', fetchInterval: '0s', windowType: 'daily' } },
        },
      }),
    ).toEqual([
      expect.stringMatching(/^out-of-range scheduler\.usageDBConfig\.usageParams\.fetchInterval: /),
      'invalid-value scheduler.usageDBConfig.usageParams.windowType: windowType must be one of sliding, tumbling, got "daily"',
      expect.stringMatching(
        /^out-of-range scheduler\.usageDBConfig\.usageParams\.windowSize: windowSize must be more than 0/,
      ),
    ]);
    expect(issues({ scheduler: { usageDBConfig: { usageParams: { windowType: 'cron' } } } })).toEqual([
      expect.stringMatching(/windowType: windowType "cron" resets usage on a calendar schedule/),
    ]);
    expect(issues({ scheduler: { usageDBConfig: { usageParams: { windowSize: '20000h' } } } })).toEqual([
      expect.stringMatching(/^out-of-range scheduler\.usageDBConfig\.usageParams\.windowSize: /),
    ]);
    expect(issues({ profile: 'volcano', scheduler: { usageDBConfig: {} } })).toEqual([
      "invalid-value scheduler.usageDBConfig: usageDBConfig is KAI's time-based fair share; profile volcano has no usage history",
    ]);
  });

  it('refuses the fields the sandbox cannot model with the reason, never as unknown fields', () => {
    expect(
      issues({
        scheduler: {
          usageDBConfig: {
            clientType: 'prometheus',
            connectionString: 'http://prometheus:9090',
            usageParams: { cronString: '0 * * * *', extraParams: { gpuAllocationMetric: 'my_metric' } },
          },
        },
      }),
    ).toEqual([
      expect.stringMatching(
        /^invalid-value scheduler\.usageDBConfig\.clientType: the sandbox is its own Prometheus/,
      ),
      expect.stringMatching(
        /^invalid-value scheduler\.usageDBConfig\.connectionString: the sandbox is its own Prometheus/,
      ),
      expect.stringMatching(
        /^invalid-value scheduler\.usageDBConfig\.usageParams\.cronString: cronString defines cron windows/,
      ),
      expect.stringMatching(
        /^invalid-value scheduler\.usageDBConfig\.usageParams\.extraParams\.gpuAllocationMetric: the simulated Prometheus has only/,
      ),
    ]);
  });

  it('a tumbling window needs tumblingWindowStartTime (KAI refuses to start without it), an offset from t=0', () => {
    expect(issues({ scheduler: { usageDBConfig: { usageParams: { windowType: 'tumbling' } } } })).toEqual([
      expect.stringMatching(
        /^missing-field scheduler\.usageDBConfig\.usageParams\.tumblingWindowStartTime: a tumbling window needs/,
      ),
    ]);
    expect(
      issues({
        scheduler: {
          usageDBConfig: {
            usageParams: { windowType: 'tumbling', tumblingWindowStartTime: '2025-01-15T10:00:00Z' },
          },
        },
      }),
    ).toEqual([
      expect.stringMatching(
        /^invalid-duration scheduler\.usageDBConfig\.usageParams\.tumblingWindowStartTime: simulated time has no date: t=0 is the start/,
      ),
    ]);
  });

  it('an updateConfig event can turn usage on', () => {
    const r = normaliseScenarioDocument({
      ...base,
      events: [{ at: '1m', updateConfig: { usageDBConfig: { usageParams: { windowSize: '5m' } } } }],
    });
    expect(r.ok && r.scenario.events[0]?.kind === 'updateConfig' && r.scenario.events[0].patch.usage).toEqual(
      { halfLifePeriodMs: 0, windowSizeMs: 300_000, windowType: 'sliding', ...DEFAULTS },
    );
  });
});

describe('proportion kValue', () => {
  it('accepts any finite number and numeric text, negatives included (KAI reads them as 0)', () => {
    expect(issues({ scheduler: proportion({ kValue: 0.5 }) })).toEqual([]);
    expect(issues({ scheduler: proportion({ kValue: '2' }) })).toEqual([]);
    expect(issues({ scheduler: proportion({ kValue: -3 }) })).toEqual([]);
    // KAI's own e2e uses 10000; upstream bounds kValue only by float64.
    expect(issues({ scheduler: proportion({ kValue: 10000 }) })).toEqual([]);
    expect(issues({ scheduler: proportion({ kValue: 1e300 }) })).toEqual([]);
  });

  it('refuses text that is not a finite number, naming the argument', () => {
    expect(issues({ scheduler: proportion({ kValue: 'high' }) })).toEqual([
      'wrong-type scheduler.tiers[0].plugins[0].arguments.kValue: expected a finite number such as 1.0, got "high"',
    ]);
    expect(issues({ scheduler: proportion({ kValue: '1e400' }) })).toEqual([
      'wrong-type scheduler.tiers[0].plugins[0].arguments.kValue: expected a finite number such as 1.0, got "1e400"',
    ]);
  });
});
