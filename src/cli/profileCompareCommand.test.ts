/**
 * `sim compare <file> --profiles …` (docs/scenario-format.md §9.3): the text table and `--json`, the same
 * bytes every time, and bad `--profiles` values refused in one line with exit 2.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { captureCli } from './captureCli';
import { EXIT } from './runCli';

const WELCOME = fileURLToPath(new URL('../scenarios/welcome-reclaim-waits.yaml', import.meta.url));

describe('sim compare --profiles', () => {
  it('prints a table with a cell per profile and the first divergence', () => {
    const r = captureCli('compare', WELCOME, '--profiles', 'kai,volcano');
    expect(r.code).toBe(EXIT.ok);
    const lines = r.out.split('\n');
    expect(lines).toContain('job        queue     kai         volcano');
    expect(lines).toContain('sweep-1    research  evicted s3  runs s1');
    expect(lines).toContain('sweep-2    research  runs s1     evicted s1');
    expect(r.out).toContain(
      'First divergence: session 1 (t=0s): sweep-2: kai nothing; volcano evicts 1 task (reclaim for train-b)',
    );
    expect(r.out).toContain(
      '  not mapped: queues[1].reclaimMinRuntime: KAI min-runtime (minruntime plugin): volcano has no counterpart',
    );
  });

  it('prints the comparison as JSON, the same bytes every time', () => {
    const a = captureCli('compare', WELCOME, '--profiles', 'kai,volcano,kube-batch', '--json');
    const b = captureCli('compare', WELCOME, '--profiles', 'kai,volcano,kube-batch', '--json');
    expect(a.code).toBe(EXIT.ok);
    expect(a.out).toBe(b.out);
    const doc = JSON.parse(a.out) as {
      formatVersion: number;
      profiles: string[];
      firstDivergence: { session: number };
    };
    expect(doc.formatVersion).toBe(1);
    expect(doc.profiles).toEqual(['kai', 'volcano', 'kube-batch']);
    expect(doc.firstDivergence.session).toBe(1);
  });

  it.each([
    ['kai,slurm', '--profiles: unknown profile "slurm" (profiles: kai, volcano, kube-batch, kueue)'],
    ['kai,kai', '--profiles: "kai" is listed twice'],
    ['kai', '--profiles: compare needs at least two profiles, got "kai"'],
    ['kai,,volcano', '--profiles: an empty name in "kai,,volcano" (profiles: kai, volcano, kube-batch, kueue)'],
  ])('refuses --profiles %s in one line (exit 2)', (value, message) => {
    const r = captureCli('compare', WELCOME, '--profiles', value);
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err).toBe(`${message}\n`);
    expect(r.out).toBe('');
  });

  it('refuses --profiles with --a/--b', () => {
    const r = captureCli('compare', WELCOME, '--profiles', 'kai,volcano', '--a', 'base');
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err.split('\n')[0]).toBe(
      'compare takes either --profiles (profiles) or --a/--b (variants), not both',
    );
  });

  it('refuses --profiles without a value', () => {
    const r = captureCli('compare', WELCOME, '--profiles');
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err.split('\n')[0]).toBe('--profiles needs a value');
  });
});
