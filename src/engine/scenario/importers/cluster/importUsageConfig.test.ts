/**
 * A KAI snapshot's usage configuration (decision 0217): the usage parameters map with upstream's forms
 * (windowSize a Prometheus duration), the tumbling start timestamp becomes an offset from the snapshot's
 * "now" (§17.2), and the database connection is listed as not mapped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes, parseScenario } from '../../../index';

const fixture = () =>
  JSON.parse(
    readFileSync(join(__dirname, 'fixtures', 'reclaim-min-runtime.snapshot.json'), 'utf8'),
  ) as Record<string, Record<string, unknown>>;

describe('KAI snapshot usageDBConfig', () => {
  it('keeps the usage parameters, turns the tumbling start into an offset from now, lists the connection', () => {
    const snap = fixture();
    const base = importClusterBytes(strToU8(JSON.stringify(snap)), { fileName: 's.json', redact: false });
    if (!base.ok || base.now === null) throw new Error('fixture does not import');
    const nowMs = Date.parse(base.now.iso);
    const start = new Date(nowMs - 90 * 60_000).toISOString();
    snap.config = {
      ...snap.config,
      usageDBConfig: {
        clientType: 'prometheus',
        connectionString: 'http://prometheus:9090',
        usageParams: {
          windowSize: '1w',
          windowType: 'tumbling',
          tumblingWindowStartTime: start,
          fetchInterval: '30s',
          extraParams: { queryResolution: '2m' },
        },
      },
    };
    const r = importClusterBytes(strToU8(JSON.stringify(snap)), { fileName: 's.json', redact: false });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const p = parseScenario(r.text);
    if (!p.ok) throw new Error(p.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
    expect(p.scenario.scheduler.usage).toMatchObject({
      windowSizeMs: 604_800_000,
      windowType: 'tumbling',
      tumblingWindowStartMs: -5_400_000,
      fetchIntervalMs: 30_000,
      queryResolutionMs: 120_000,
    });
    const unmapped = JSON.stringify(r.unmapped);
    expect(unmapped).toContain('usageDBConfig.clientType');
    expect(unmapped).toContain('usageDBConfig.connectionString');
  });
});
