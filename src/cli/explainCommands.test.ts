/**
 * `sim explain` and `sim dry-run` (docs/scenario-format.md §18): JSON on stdout and the exit codes
 * (explain: 0, 2 for an unknown job, session or flag; dry-run: 0 starts, 1 does not start, 2 invalid).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureCli as cli } from './captureCli';
import { EXIT } from './runCli';

const dir = mkdtempSync(join(tmpdir(), 'sim-explain-'));
const WELCOME = new URL('../scenarios/welcome-reclaim-waits.yaml', import.meta.url).pathname;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('sim explain', () => {
  it('prints the explanation of a pending job with proven suggestions', () => {
    const r = cli('explain', WELCOME, '--job', 'train-b');
    expect(r.code).toBe(EXIT.ok);
    const e = JSON.parse(r.out) as {
      state: string;
      session: number;
      blocker: { code: string };
      suggestions: unknown[];
    };
    expect(e).toMatchObject({ state: 'pending', session: 1, blocker: { code: 'victims-protected' } });
    expect(e.suggestions.length).toBeGreaterThan(0);
  });

  it('explains at the session asked', () => {
    const r = cli('explain', WELCOME, '--job', 'sweep-1', '--session', '3');
    expect(r.code).toBe(EXIT.ok);
    expect(JSON.parse(r.out)).toMatchObject({
      state: 'evicted',
      eviction: { by: 'train-b', action: 'reclaim' },
    });
  });

  it('exits 2 with one line for an unknown job, a session past the end, or a missing flag', () => {
    const unknown = cli('explain', WELCOME, '--job', 'nobody');
    expect(unknown.code).toBe(EXIT.invalid);
    expect(unknown.err).toBe(
      'job "nobody" does not exist in the scenario (jobs: sweep-1, sweep-2, sweep-3, serving-a, train-b)\n',
    );
    expect(cli('explain', WELCOME, '--job', 'train-b', '--session', '99').err).toBe(
      'session 99 is past the end of the run (7 sessions)\n',
    );
    const bad = cli('explain', WELCOME, '--job', 'train-b', '--session', 'x');
    expect(bad.code).toBe(EXIT.invalid);
    expect(bad.err.split('\n')[0]).toBe('--session takes a whole number from 1 to 100000, got "x"');
    expect(cli('explain', WELCOME).code).toBe(EXIT.invalid);
  });
});

describe('sim dry-run', () => {
  it('exits 0 when the job starts, with when and whom it evicts', () => {
    const job = file(
      'probe.yaml',
      'name: probe\nqueue: product\npriorityClassName: train\nresources: { gpu: 2 }\n',
    );
    const r = cli('dry-run', WELCOME, job);
    expect(r.code).toBe(EXIT.ok);
    expect(JSON.parse(r.out)).toMatchObject({ job: 'probe', starts: true, session: 3 });
  });

  it('submits at --session N: at t=40s product already holds its fair share, so the job never starts', () => {
    const job = file(
      'late.yaml',
      'name: late\nqueue: product\npriorityClassName: train\nresources: { gpu: 2 }\n',
    );
    expect(cli('dry-run', WELCOME, job).code).toBe(EXIT.ok);
    const r = cli('dry-run', WELCOME, job, '--session', '5');
    expect(r.code).toBe(1);
    expect((JSON.parse(r.out) as { reason: string }).reason).toContain(
      'Queue product would go above its fair share',
    );
    expect(cli('dry-run', WELCOME, job, '--session', '0').code).toBe(EXIT.invalid);
  });

  it('exits 1 when it does not start within the horizon', () => {
    const job = file('huge.yaml', 'name: huge\nqueue: product\nresources: { gpu: 16 }\n');
    const r = cli('dry-run', WELCOME, job);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ starts: false, horizon: { sessions: 7, time: 60_000 } });
  });

  it('exits 2 for an invalid job (paths under job) or a missing job file', () => {
    const job = file('bad.yaml', 'name: bad\nqueue: nope\n');
    const r = cli('dry-run', WELCOME, job);
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err).toBe(`${job}: job.queue: queue "nope" does not exist\n`);
    expect(cli('dry-run', WELCOME).code).toBe(EXIT.invalid);
    const missing = cli('dry-run', WELCOME, join(dir, 'absent.yaml'));
    expect(missing.code).toBe(EXIT.invalid);
    expect(missing.err.split('\n')).toHaveLength(2);
  });
});
