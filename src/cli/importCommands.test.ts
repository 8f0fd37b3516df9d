/**
 * `sim import` and snapshots in `run` (issue 19, docs/scenario-format.md §17.6): the scenario on stdout, what
 * was not mapped on stderr, exit 2 naming the object path or zip entry for what cannot be read.
 */
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EXIT, runCli } from './runCli';

const dir = mkdtempSync(join(tmpdir(), 'sim-import-'));
const FIXTURE = join(
  __dirname,
  '../engine/scenario/importers/cluster/fixtures/lca-cousin-subtree.snapshot.json',
);
const zipPath = join(dir, 'snapshot.zip');
writeFileSync(zipPath, zipSync({ 'snapshot.json': new Uint8Array(readFileSync(FIXTURE)) }));

function sim(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('sim import', () => {
  it('prints the scenario on stdout and what it could not map on stderr', () => {
    const r = sim('import', zipPath);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(/^# Imported from a KAI snapshot: 1 nodes, 7 queues, 3 jobs, 3 tasks\./);
    expect(r.stderr).toContain('imported kai-snapshot: 1 nodes, 7 queues, 3 jobs, 3 tasks');
    // topology is simulated since issue 21; kubeflow (a pod grouper's helper) is not.
    expect(r.stderr).not.toContain('config plugin topology');
    expect(r.stderr).toContain('not mapped: config plugin kubeflow (1): this plugin is not simulated');
    expect(r.stderr).toMatch(
      /now \(t=0\): 2026-03-02T09:30:00\.000Z from Node\/node0: status\.conditions\[0\]\.lastHeartbeatTime/,
    );
  });

  it('--redact with --table writes the translation table apart, never the names on stdout or stderr', () => {
    const table = join(dir, 'table.csv');
    const r = sim('import', zipPath, '--redact', '--table', table);
    expect(r.code).toBe(EXIT.ok);
    for (const name of ['victim1', 'reclaimer', 'leaf3', 'team-d']) {
      expect(r.stdout).not.toContain(name);
      expect(r.stderr).not.toContain(name);
    }
    const csv = readFileSync(table, 'utf8');
    expect(csv.split('\n')[0]).toBe('kind,original,pseudonym');
    expect(csv).toContain('job,reclaimer,job-1');
  });

  it('refuses --table without --redact, a zip without snapshot.json, and a 500 MB file (exit 2)', () => {
    expect(sim('import', zipPath, '--table', join(dir, 't.csv')).code).toBe(EXIT.invalid);
    const empty = join(dir, 'other.zip');
    writeFileSync(empty, zipSync({ 'readme.txt': strToU8('x') }));
    const noSnapshot = sim('import', empty);
    expect(noSnapshot.code).toBe(EXIT.invalid);
    expect(noSnapshot.stderr).toContain('the zip holds no snapshot.json (entries: readme.txt)');
    const big = join(dir, 'big.zip');
    writeFileSync(big, '');
    truncateSync(big, 500_000_000);
    const tooBig = sim('import', big);
    expect(tooBig.code).toBe(EXIT.invalid);
    expect(tooBig.stderr).toContain('a cluster file is at most 268435456 bytes (256 MiB');
  });
});

describe('run, check, metrics and compare take a snapshot', () => {
  it('runs snapshot.zip as its scenario (detected by content, whatever the name)', () => {
    const renamed = join(dir, 'cluster.bin');
    writeFileSync(renamed, readFileSync(zipPath));
    const r = sim('run', renamed, '--sessions', '2');
    expect(r.code).toBe(EXIT.ok);
    const doc = JSON.parse(r.stdout) as { sessions: { decisions: { kind: string; task: string }[] }[] };
    expect(doc.sessions[1]?.decisions).toContainEqual(
      expect.objectContaining({ kind: 'evict', task: 'victim2-0' }),
    );
    expect(r.stderr).toContain('imported kai-snapshot');
  });

  it('metrics reads the bare snapshot.json', () => {
    const r = sim('metrics', FIXTURE, '--csv');
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout.split('\n')[0]).toMatch(/^Time,QueueID,Allocation,FairShare,/);
  });

  it('a damaged snapshot is exit 2 with the object path', () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, readFileSync(FIXTURE, 'utf8').replace('"minMember": 1', '"minMember": [1'));
    const r = sim('check', broken);
    expect(r.code).toBe(EXIT.invalid);
    expect(r.stderr).toMatch(/rawObjects\.podGroups\[0\]: not valid JSON|snapshot\.json/);
  });
});

// `sim import a.zip b.zip …` (§17.8): one KAI snapshot per scheduling shard, merged into one scenario with
// node pools on stdout; each file's import report on stderr, prefixed by its name.
const SHARD_FIXTURE = join(
  __dirname,
  '../engine/scenario/importers/cluster/fixtures/reclaim-min-runtime.snapshot.json',
);
const POOL = 'kai.scheduler/node-pool';

/** The fixture as the snapshot of shard `value`, every node, queue and pod group labelled for it. */
function shardFile(name: string, value: string, zip: boolean): string {
  const s = JSON.parse(readFileSync(SHARD_FIXTURE, 'utf8')) as Record<string, unknown>;
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
