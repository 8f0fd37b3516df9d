/**
 * `sim import a.zip b.zip …` (docs/scenario-format.md §17.8): one KAI snapshot per scheduling shard, merged
 * into one scenario with node pools on stdout; each file's import report on stderr, prefixed by its name.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EXIT, runCli } from './runCli';

const dir = mkdtempSync(join(tmpdir(), 'sim-merge-'));
const FIXTURE = join(
  __dirname,
  '../engine/scenario/importers/cluster/fixtures/reclaim-min-runtime.snapshot.json',
);
const POOL = 'kai.scheduler/node-pool';

/** The fixture as the snapshot of shard `value`, every node, queue and pod group labelled for it. */
function shardFile(name: string, value: string, zip: boolean): string {
  const s = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
  const params = s.schedulerParams as Record<string, unknown>;
  params.partitionParams = { NodePoolLabelKey: POOL, NodePoolLabelValue: value };
  const raw = s.rawObjects as Record<string, { metadata: Record<string, unknown> }[]>;
  for (const list of ['nodes', 'queues', 'podGroups'])
    for (const o of raw[list] ?? []) {
      o.metadata.labels = { [POOL]: value };
      // Another shard's objects: other names (each belongs to one shard).
      if (value !== 'a100') o.metadata.name = `${value}-${String(o.metadata.name)}`;
    }
  for (const g of raw.podGroups ?? []) {
    const spec = (g as unknown as { spec: Record<string, unknown> }).spec;
    if (value !== 'a100' && typeof spec.queue === 'string') spec.queue = `${value}-${spec.queue}`;
  }
  for (const q of raw.queues ?? []) {
    const spec = (q as unknown as { spec: Record<string, unknown> }).spec;
    if (value !== 'a100' && typeof spec.parentQueue === 'string')
      spec.parentQueue = `${value}-${spec.parentQueue}`;
  }
  for (const p of raw.pods ?? []) {
    const spec = (p as unknown as { spec: Record<string, unknown> }).spec;
    const meta = p.metadata as { annotations?: Record<string, string>; labels?: Record<string, string> };
    if (value === 'a100') continue;
    p.metadata.name = `${value}-${String(p.metadata.name)}`;
    if (typeof spec.nodeName === 'string') spec.nodeName = `${value}-${spec.nodeName}`;
    if (meta.annotations?.['pod-group-name'] !== undefined)
      meta.annotations['pod-group-name'] = `${value}-${meta.annotations['pod-group-name']}`;
    if (meta.labels?.['kai.scheduler/queue'] !== undefined)
      meta.labels['kai.scheduler/queue'] = `${value}-${meta.labels['kai.scheduler/queue']}`;
  }
  const json = JSON.stringify(s);
  const path = join(dir, name);
  writeFileSync(path, zip ? zipSync({ 'snapshot.json': strToU8(json) }) : json);
  return path;
}

function sim(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('sim import with one snapshot per shard', () => {
  const a = shardFile('a100.zip', 'a100', true);
  const h = shardFile('h100.json', 'h100', false);

  it('prints one merged scenario with a pool per shard, and runs it', () => {
    const r = sim('import', a, h);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(
      /^# Merged 2 KAI snapshots, one per shard: .*a100\.zip \(pool a100\), .*h100\.json \(pool h100\)/,
    );
    expect(r.stdout).toContain('nodePools:');
    expect(r.stderr).toContain(`${a}: imported kai-snapshot: 2 nodes`);
    expect(r.stderr).toContain(`${h}: imported kai-snapshot: 2 nodes`);
    const merged = join(dir, 'merged.yaml');
    writeFileSync(merged, r.stdout);
    const run = sim('run', merged);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toContain('"pool": "h100"');
    expect(run.stdout).toContain('"pool": "a100"');
  });

  it('refuses --redact, the same shard twice, and a file that is not a snapshot, naming the file', () => {
    expect(sim('import', a, h, '--redact').stderr).toContain('--redact takes one snapshot');
    const twice = sim('import', a, shardFile('again.json', 'a100', false));
    expect(twice.code).toBe(EXIT.invalid);
    expect(twice.stderr).toContain(
      'again.json: schedulerParams.partitionParams.NodePoolLabelValue is "a100"',
    );
    const yaml = join(dir, 'bundle.yaml');
    writeFileSync(yaml, 'apiVersion: v1\nkind: Node\nmetadata: {name: n}\n');
    expect(sim('import', a, yaml).stderr).toContain(`${yaml}: not a KAI snapshot`);
  });
});
