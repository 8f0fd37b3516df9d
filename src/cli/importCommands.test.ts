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
