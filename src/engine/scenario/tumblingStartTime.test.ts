/**
 * The tumbling start in the Kubernetes round trip (decision 0248): exported as the RFC 3339 timestamp real
 * KAI reads (t=0 = 2000-01-01T00:00:00Z), imported back to the same offset; an offset still reads.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario } from '../index';
import { exportKubernetesYaml } from './exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importers/importKubernetesYaml';
import type { Scenario } from '../model/scenario';
import { offsetOfStartTime, startTimeOfOffset } from './tumblingStartTime';

const TEXT = `
version: 1
name: tumbling
profile: kai
scheduler:
  usageDBConfig:
    usageParams: { windowSize: 1h, windowType: tumbling, tumblingWindowStartTime: -90m }
nodes: [{ name: n, resources: { gpu: 4 } }]
queues: [{ name: q }]
jobs: [{ name: j, queue: q, resources: { gpu: 1 } }]
`;

function parsed(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

describe('tumblingWindowStartTime as KAI reads it', () => {
  it('the export writes a timestamp, and the import reads it back as the same offset', () => {
    const s = parsed(TEXT);
    const yaml = exportKubernetesYaml(s);
    expect(yaml).toContain('1999-12-31T22:30:00Z');
    expect(yaml).not.toMatch(/tumblingWindowStartTime: -90m/);
    const back = importKubernetesYaml(yaml);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(parsed(back.text).scheduler.usage?.tumblingWindowStartMs).toBe(-90 * 60_000);
  });

  it('an offset in a ConfigMap (what earlier exports wrote) still reads', () => {
    const yaml = exportKubernetesYaml(parsed(TEXT))
      .replace('"1999-12-31T22:30:00Z"', '-90m')
      .replace('1999-12-31T22:30:00Z', '-90m');
    expect(yaml).toMatch(/tumblingWindowStartTime: -90m/);
    const back = importKubernetesYaml(yaml);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(parsed(back.text).scheduler.usage?.tumblingWindowStartMs).toBe(-90 * 60_000);
  });

  it('timestamps: whole seconds as Go writes them, milliseconds kept; a far start moves by whole windows', () => {
    expect(startTimeOfOffset(0)).toBe('2000-01-01T00:00:00Z');
    expect(startTimeOfOffset(1500)).toBe('2000-01-01T00:00:01.500Z');
    expect(offsetOfStartTime('2000-01-01T00:00:01.500Z', '1h')).toBe('1.5s');
    expect(offsetOfStartTime('2000-01-01T02:00:00+02:00', '1h')).toBe('0s');
    // Ten years before the anchor, past the 10000h bound: moved by whole 1h windows, the resets stay put.
    expect(offsetOfStartTime('1990-01-01T00:30:00Z', '1h')).toBe('-30m0s');
    expect(offsetOfStartTime('1990-01-01T00:30:00Z', undefined)).not.toBeNull();
    expect(offsetOfStartTime('not a time', '1h')).toBeNull();
  });
});
