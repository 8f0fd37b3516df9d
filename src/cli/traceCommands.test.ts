/**
 * `sim import-trace` (issue 20, docs/scenario-format.md §20.6): the scenario on stdout (which `check` then
 * runs), the report on stderr, exit 2 naming the flag, line or column for what is wrong.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, runCli } from './runCli';

const FIXTURES = join(__dirname, '../engine/scenario/importers/trace/fixtures');
const dir = mkdtempSync(join(tmpdir(), 'sim-import-trace-'));

function sim(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('sim import-trace', () => {
  it('writes the scenario to stdout and the report to stderr; the scenario runs', () => {
    const helios = join(FIXTURES, 'helios-cluster_log.csv');
    const r = sim(
      'import-trace',
      '--format',
      'helios',
      helios,
      '--compress',
      '24',
      '--window',
      '..2h',
      '--quota',
      'mean-share',
    );
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(/^# Imported from a trace in the helios format \(helios-cluster_log\.csv\)/);
    expect(r.stdout).toContain(
      '# Options: compress 24, window 0s..2h0m0s, quota mean-share, 8 GPUs per node.',
    );
    expect(r.stderr).toContain('helios: 24 rows read, 10 jobs kept');
    expect(r.stderr).toContain('skipped 1 row: no GPUs requested (row 4)');
    const file = join(dir, 'helios.yaml');
    writeFileSync(file, r.stdout);
    expect(sim('check', file)).toMatchObject({
      code: EXIT.ok,
      stdout: expect.stringMatching(/^ok: 0 check\(s\) passed/),
    });
  });

  it('detects the format from the content when --format is absent, and samples with --first and --fraction', () => {
    const args = [
      'import-trace',
      join(FIXTURES, 'spot_job_trace.csv'),
      '--first',
      '10',
      '--fraction',
      '0.5',
      '--seed',
      '3',
    ];
    const r = sim(...args);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stderr).toMatch(/^alibaba2023: 20 rows read, \d+ jobs kept/);
    expect(r.stderr).toContain('note: first 10 of 18 jobs by submit time');
    expect(r.stdout).toBe(sim(...args).stdout);
  });

  it('exits 2 naming the flag, the file and line, or the column', () => {
    const pai = join(FIXTURES, 'pai_task_table.csv');
    expect(sim('import-trace', pai, '--compress', 'fast')).toMatchObject({
      code: EXIT.invalid,
      stderr: expect.stringContaining('--compress takes a number, got "fast"'),
    });
    expect(sim('import-trace', pai, '--gpus-per-node', '0').stderr).toContain(
      'gpusPerNode: a whole number from 1 to 128, got 0',
    );
    expect(sim('import-trace', pai, '--window', '2h')).toMatchObject({
      code: EXIT.invalid,
      stderr: expect.stringContaining('--window is FROM..TO'),
    });
    expect(sim('import-trace', pai, '--seed', '1').stderr).toContain('--seed draws the --fraction sample');
    expect(sim('import-trace', pai, '--bogus', '1').stderr).toContain('unknown flag --bogus');
    expect(sim('import-trace').stderr).toContain('import-trace takes one trace file');
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'job_id,vc,gpu_num,submit_time,start_time\n');
    expect(sim('import-trace', '--format', 'helios', bad)).toMatchObject({
      code: EXIT.invalid,
      stderr: `${bad}:1: end_time: the helios header has no column "end_time"\n`,
    });
    expect(sim('import-trace', dir).stderr).toContain('is a directory');
  });
});
