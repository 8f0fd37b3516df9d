/**
 * `sim metrics` and `sim compare` (docs/scenario-format.md §15.1): JSON and CSV on stdout, exit 2 with one
 * line for an unknown variant or a missing flag, and `run` of a file with variants still runs the base.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, runCli } from './runCli';

const dir = mkdtempSync(join(tmpdir(), 'sim-workshop-'));
const LCA = readFileSync(new URL('../scenarios/compare-lca.yaml', import.meta.url), 'utf8');
const FILE = join(dir, 'lca-or-queue.yaml');
writeFileSync(
  FILE,
  `${LCA}variants:\n  - name: queue\n    plugins: {minruntime: {reclaimResolveMethod: queue}}\n`,
);

function cli(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

describe('sim metrics', () => {
  it('prints the base run’s metrics as JSON', () => {
    const r = cli('metrics', FILE);
    expect(r.code).toBe(EXIT.ok);
    const doc = JSON.parse(r.out) as {
      variant: string;
      sessions: { index: number }[];
      summary: { evictions: number; gpuMsLost: number };
    };
    expect(doc.variant).toBe('base');
    // until 2m30s at 10 s a session: sessions 1..16. One eviction, at 2m, of a job started at -5s.
    expect(doc.sessions).toHaveLength(16);
    expect(doc.summary).toMatchObject({ evictions: 1, gpuMsLost: 125_000 });
  });

  it('--variant NAME --csv prints the CSV of that variant', () => {
    const r = cli('metrics', FILE, '--variant', 'queue', '--csv');
    expect(r.code).toBe(EXIT.ok);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]?.startsWith('Time,QueueID,Allocation,FairShare,')).toBe(true);
    // Session 1 under queue: victim2 (1 GPU, started at -5s) is evicted: 5,000 GPU·ms lost in leaf1, which
    // keeps 1 of its 2 GPUs (fair share 1: d's quota takes the other); utilisation 1 of 2 GPUs. The
    // reclaimer in leaf3 (submitted at -1m, pipelined) has waited 60 s. In SI units: 5 GPU·s, 60 s.
    expect(lines).toContain('1,leaf1,1,1,0,2,0,,,1,5,0.5,0');
    expect(lines).toContain('1,leaf3,0,1,0,1,1,60,60,0,0,0.5,0');
  });

  it('an unknown variant is invalid input naming the flag and the variants', () => {
    const r = cli('metrics', FILE, '--variant', 'lcaa');
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err).toBe('--variant: variant "lcaa" does not exist (variants: base, queue)\n');
    expect(r.out).toBe('');
  });
});

describe('sim compare', () => {
  it('prints the first divergence and the summary deltas', () => {
    const r = cli('compare', FILE, '--a', 'base', '--b', 'queue');
    expect(r.code).toBe(EXIT.ok);
    const doc = JSON.parse(r.out) as {
      text: string;
      firstDivergence: { session: number; onlyB: { kind: string; task: string }[] };
      differingSessions: number;
      summary: { delta: { gpuMsLost: number } };
    };
    expect(doc.text).toBe(
      'first divergence: session 1, victim2 evicted in B, protected in A; reclaimer pipelined on node0 in B, not in A',
    );
    expect(doc.firstDivergence.session).toBe(1);
    expect(doc.firstDivergence.onlyB.map((d) => `${d.kind} ${d.task}`)).toEqual([
      'evict victim2-0',
      'pipeline reclaimer-0',
    ]);
    expect(doc.differingSessions).toBe(4);
    expect(doc.summary.delta.gpuMsLost).toBe(5_000 - 125_000);
  });

  it('needs both --a and --b', () => {
    const r = cli('compare', FILE, '--a', 'base');
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err.split('\n')[0]).toBe('compare needs --a NAME and --b NAME');
  });

  it('--b with an unknown variant exits 2', () => {
    const r = cli('compare', FILE, '--a', 'base', '--b', 'nope');
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err).toContain('--b: variant "nope" does not exist');
  });
});

describe('run of a file with variants', () => {
  it('runs the base, unchanged', () => {
    const withVariants = JSON.parse(cli('run', FILE).out) as { sessions: unknown[] };
    const plain = join(dir, 'plain.yaml');
    writeFileSync(plain, LCA);
    const base = JSON.parse(cli('run', plain).out) as { sessions: unknown[]; scenario: string };
    expect(withVariants.sessions).toEqual(base.sessions);
  });
});
