/**
 * The runner's exit codes (docs/scenario-format.md §9): 2 invalid input with field-path errors, 3 an
 * internal failure in one line, 4 a scenario the engine cannot run, and never a stack trace. Most cases
 * call runCli in-process; a few spawn the real entry point to check what a shell sees.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXIT, reportFailure, runCli } from './runCli';

const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const HIERARCHICAL_DRF = file(
  'hdrf.yaml',
  [
    'version: 1',
    'profile: volcano',
    'scheduler: {actions: [enqueue, allocate], tiers: [{plugins: [{name: drf, enableHierarchy: true}]}]}',
    'nodes: []',
    'queues: [{name: q}]',
    '',
  ].join('\n'),
);

const VALID = file(
  'valid.yaml',
  [
    'version: 1',
    'nodes: [{name: n, resources: {gpu: 1}}]',
    'queues: [{name: q}]',
    'jobs: [{name: a, queue: q, resources: {gpu: 1}}]',
    'run: {sessions: 1}',
    '',
  ].join('\n'),
);

function cli(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

const STACK_FRAME = /^\s+at /m;

describe('sim exit codes', () => {
  it('a valid run exits 0 with the JSON document', () => {
    const r = cli('run', VALID);
    expect(r.code).toBe(EXIT.ok);
    expect((JSON.parse(r.out) as { sessions: unknown[] }).sessions).toHaveLength(1);
  });

  it('an invalid scenario exits 2 with field-path errors and their lines', () => {
    const bad = file(
      'bad.yaml',
      'version: 1\nnodes:\n  - {name: n, resources: {gpu: 4294967296}}\nqueues: [{name: q}]\n',
    );
    const r = cli('run', bad);
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err).toBe(
      `${bad}: nodes[0].resources.gpu: at most 128 GPUs per node, got 4294967296 (line 3)\n`,
    );
  });

  it('a device, a directory and a missing file exit 2 with one line each, without reading forever', () => {
    for (const [path, reason] of [
      ['/dev/zero', 'is not a regular file'],
      [dir, 'is a directory'],
      [join(dir, 'missing.yaml'), 'cannot read file (no such file)'],
    ] as const) {
      const r = cli('run', path);
      expect(r.code).toBe(EXIT.invalid);
      expect(r.err.trim().split('\n')).toEqual([expect.stringContaining(`${path}: ${reason}`)]);
    }
  });

  it('a file over 16 MiB exits 2 before it is parsed', () => {
    const big = file('big.yaml', `version: 1\nnodes: []\nqueues: []\n#${'x'.repeat(16 * 1024 * 1024)}\n`);
    const r = cli('run', big);
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err).toContain('a scenario file is at most 16777216 bytes');
  });

  it('resolve with an unknown queue exits 2 naming the flag and the queue', () => {
    expect(cli('resolve', VALID, '--victim-queue', 'nope').err).toBe(
      `${VALID}: --victim-queue: queue "nope" does not exist in the scenario\n`,
    );
    const r = cli('resolve', VALID, '--victim-queue', 'q', '--preemptor-queue', 'ghost');
    expect(r.code).toBe(EXIT.invalid);
    expect(r.err).toContain('--preemptor-queue: queue "ghost" does not exist');
    expect(cli('resolve', VALID, '--victim-queue', 'q').code).toBe(EXIT.ok);
  });

  it('resolve on a profile without min-runtime exits 4 with one line, never an internal error', () => {
    const volcano = file('volcano.yaml', 'version: 1\nprofile: volcano\nnodes: []\nqueues: [{name: q}]\n');
    const r = cli('resolve', volcano, '--victim-queue', 'q');
    expect(r.code).toBe(EXIT.unsupported);
    expect(r.err).toBe(`${volcano}: cannot run: resolve: profile volcano answers no minruntime query\n`);
  });

  it('--sessions over the limit or not a whole number exits 2 with the usage', () => {
    for (const n of ['100001', '-1', '1.5', 'x']) {
      const r = cli('run', VALID, '--sessions', n);
      expect(r.code).toBe(EXIT.invalid);
      expect(r.err).toContain('--sessions takes a whole number from 0 to 100000');
    }
  });

  it('a scenario the engine cannot run exits 4 with one line', () => {
    // Hierarchical DRF needs queue annotations the format cannot carry: the engine cannot run it.
    const r = cli('run', HIERARCHICAL_DRF);
    expect(r.code).toBe(EXIT.unsupported);
    expect(r.err.trim().split('\n')).toEqual([
      expect.stringMatching(
        /: cannot run: drf with enableHierarchy: true \(hierarchical DRF\) is not implemented/,
      ),
    ]);
  });

  it('an internal failure exits 3 with one line and no stack', () => {
    // The output stream failing (as on a closed pipe) is a failure inside the runner, not in the input.
    let err = '';
    const code = runCli(['run', VALID], {
      stdout: () => {
        throw new TypeError('stdout went away\n    at somewhere (file.ts:1:1)');
      },
      stderr: (t) => (err += t),
    });
    expect(code).toBe(EXIT.internal);
    expect(err).toBe(
      'internal error (please report it with the scenario): TypeError: stdout went away at somewhere (file.ts:1:1)\n',
    );
    expect(
      reportFailure(new RangeError('Maximum call stack size exceeded'), 'f', {
        stdout: () => {},
        stderr: () => {},
      }),
    ).toBe(EXIT.internal);
    expect(
      reportFailure('not even an Error', 'f', {
        stdout: () => {},
        stderr: () => {
          throw new Error('closed');
        },
      }),
    ).toBe(EXIT.internal);
  });

  it('the entry point sets the exit code and prints no stack trace (spawned as a shell would)', async () => {
    const run = promisify(execFile);
    const spawn = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await run(
          process.execPath,
          ['--import', 'tsx', 'src/cli/main.ts', ...args],
          { timeout: 60_000 },
        );
        return { code: 0, stdout, stderr };
      } catch (e) {
        const x = e as { code: number; stdout: string; stderr: string };
        return { code: x.code, stdout: x.stdout, stderr: x.stderr };
      }
    };
    const zero = await spawn('run', '/dev/zero');
    expect(zero.code).toBe(2);
    expect(zero.stderr).not.toMatch(STACK_FRAME);
    const ok = await spawn('run', VALID);
    expect(ok.code).toBe(0);
    const kb = await spawn('check', HIERARCHICAL_DRF);
    expect(kb.code).toBe(4);
    expect(kb.stderr).not.toMatch(STACK_FRAME);
  }, 120_000);
});
