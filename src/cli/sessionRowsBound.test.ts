/**
 * What the runner keeps per session and queue (metrics rows, the usage history) is bounded up front: a
 * scenario that could pass MAX_SESSION_ROWS is refused with exit 2 naming the field that sets its
 * sessions, before anything runs (issue 18: never V8's heap exhaustion, exit 134 and a native stack).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../engine/index';
import { EXIT, runCli } from './runCli';
import { runLongRun } from './runLongRun';
import { MAX_SESSION_ROWS } from './sessionRowsBound';

const dir = mkdtempSync(join(tmpdir(), 'sim-rows-'));

function scenario(name: string, queues: number, extra: string[]): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    [
      'version: 1',
      'nodes: [{name: n, resources: {gpu: 8}}]',
      'queues:',
      ...Array.from({ length: queues }, (_, i) => `  - {name: q${i}}`),
      'jobs: [{name: a, queue: q0, resources: {gpu: 1}}]',
      ...extra,
      '',
    ].join('\n'),
  );
  return path;
}

function cli(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

describe('the runner refuses per-session rows past its bound, up front', () => {
  it('metrics over 100,000 sessions of 10 queues: exit 2 naming run.sessions and what would fit', () => {
    const path = scenario('many-sessions.yaml', 10, ['run: {sessions: 100000}']);
    const r = cli('metrics', path);
    expect(r.code).toBe(EXIT.invalid);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      `run.sessions: sim metrics and sim compare keep one row per session and queue, at most ${MAX_SESSION_ROWS} ` +
        '(docs/scenario-format.md §10); this scenario can hold 100000 sessions × 11 rows (its queues and the ' +
        'cluster) = 1100000; with these queues at most 90909 sessions fit\n',
    );
    expect(cli('compare', path, '--a', 'base', '--b', 'base').code).toBe(EXIT.invalid);
  });

  it('metrics without run: on 300 queues names run.until (3,601 sessions of the default hour)', () => {
    const r = cli('metrics', scenario('wide.yaml', 300, []));
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err).toMatch(
      /^run\.until: .* can hold 3601 sessions × 301 rows .* = 1083901; .* at most 3322 sessions fit\n$/,
    );
  });

  it('run and check with a usage database over the bound: exit 2; without one the same size streams', () => {
    const usage = (window: string) => [
      'scheduler:',
      '  usageDBConfig:',
      `    usageParams: {windowSize: ${window}, halfLifePeriod: 2m, windowType: sliding}`,
      'run: {sessions: 100000}',
    ];
    const path = scenario('usage.yaml', 10, usage('1000h'));
    for (const command of ['run', 'check']) {
      const r = cli(command, path);
      expect(r.code).toBe(EXIT.invalid);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/^run\.sessions: the usage history \(usageDBConfig\) keeps one row per session/);
    }
    // A window of 20h at the 1s period holds 72,002 sessions' samples: with 30 queues, past the bound
    // whatever the run's length, so the window is the field named.
    const day = scenario('usage-day.yaml', 30, usage('20h'));
    expect(cli('run', day).err).toMatch(
      /^scheduler\.usageDBConfig\.usageParams\.windowSize: .* can hold 72002 sessions × 31 rows/,
    );
    // The fuzzer's long runs are refused the same way, before anything runs.
    const parsed = parseScenario(readFileSync(path, 'utf8'));
    if (!parsed.ok) throw new Error('the usage scenario is valid');
    expect(() => runLongRun(parsed.scenario, 100_000)).toThrow(/^run\.sessions: the usage history/);
    // A 10-minute window holds 602 sessions' samples: the same run is within the bound.
    expect(cli('run', scenario('usage-short.yaml', 10, usage('10m')), '--sessions', '2').code).toBe(EXIT.ok);
    // Without the usage history `run` keeps nothing per session: the same size is not refused (2 sessions
    // are run here through --sessions to keep the test short; the bound is checked after the override).
    const plain = scenario('plain.yaml', 10, ['run: {sessions: 100000}']);
    const r = cli('run', plain, '--sessions', '2');
    expect(r.code).toBe(EXIT.ok);
    expect((JSON.parse(r.out) as { sessions: unknown[] }).sessions).toHaveLength(2);
    expect(cli('run', path, '--sessions', '2').code).toBe(EXIT.ok);
  });

  it('a scenario within the bound runs metrics as before', () => {
    const r = cli('metrics', scenario('small.yaml', 3, ['run: {sessions: 3}']));
    expect(r.code).toBe(EXIT.ok);
    expect((JSON.parse(r.out) as { sessions: unknown[] }).sessions).toHaveLength(3);
  });
});
