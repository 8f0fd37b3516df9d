/**
 * `npm test`: the unit tests, then the browser specs, with the static checks (type-check and lint) beside the
 * specs and the app's build for the specs beside the unit tests, both in the kernel's idle scheduling class.
 *
 * Why beside, and why idle-class (issue 22: CI under 12 minutes on a 2-core machine, decision 0375): the e2e
 * phase leaves 4-6 % of the two cores idle (its build, the waits inside a spec's steps for the worker and for
 * frames, the last worker's tail), 50-70 CPU-seconds, the unit phase about 5 % (17 CPU-s), and the static
 * checks are about 80 CPU-seconds of work with no clock in them. One after the other they cost 35-40 s of wall
 * time. Under SCHED_IDLE (`chrt --idle 0`, from util-linux, which Debian installs everywhere) they run only on
 * a core nothing else wants, and a test process that wakes takes the core back at once (`nice 19` would still
 * give them a small share of a busy core). Without `chrt`, or where it may not set the class, the checks run
 * after the specs. They start with the specs, not with the unit tests: beside the unit tests they cost those
 * 15-20 s of wall time (A B A B, decision 0376). Beside the specs they are not free either: from a fresh
 * clone's state (no `.tsbuildinfo`) they are about 127 CPU-s and made the specs' phase 534 -> 594 s; decision
 * 0375's "nothing measurable" was read with a checkout's build info (decision 0382). Their own CPU was the lever
 * left: with TypeScript 7's native compiler for the type-check they are about 61 CPU-s from that state
 * (decision 0383). The unit tests and the specs keep the usual class and run one after the other:
 * both are CPU-bound on their own, and their timeouts (Vitest's 30 s per test, Playwright's waits) are not
 * safe for a process that may be starved.
 *
 * Every phase runs even when an earlier one failed, so one run reports every failure; the static checks'
 * output is printed whole as each check ends (staticChecks.ts). Exits 1 if any phase failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** util-linux's chrt, which starts a command in a scheduling class (Linux). */
const CHRT = '/usr/bin/chrt';

/** Whether commands can be started in the idle class here (a container may refuse the system call). */
function canRunIdle(): boolean {
  return existsSync(CHRT) && spawnSync(CHRT, ['--idle', '0', 'true'], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs `command` with the terminal as its output (or, `quiet`, with its output kept and printed only if it
 * fails); resolves to whether it exited 0. `env` is added to this process's environment.
 */
function run(
  command: string,
  args: readonly string[],
  { quiet = false, env = {} }: { quiet?: boolean; env?: Record<string, string> } = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      process.stderr.write(`${command} ${args.join(' ')}: ${error.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => {
      if (code !== 0 && quiet) process.stderr.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const npmRun = (script: string) => run('npm', ['run', script]);

async function main(): Promise<void> {
  const results: [string, boolean][] = [];
  const idle = canRunIdle();
  // The app the specs load is built beside the unit tests, in the idle class too (about 6 CPU-s), instead of by
  // the specs' web server before their first test; the specs are then told to serve that build (E2E_BUILT,
  // playwright.config.ts). If it fails, the specs build it themselves and report what fails.
  const build = idle ? run(CHRT, ['--idle', '0', 'npm', 'run', 'build'], { quiet: true }) : null;
  results.push(['unit tests (vitest)', await npmRun('test:unit')]);
  const built = build !== null && (await build);
  // tsc and eslint, which staticChecks.ts starts, inherit the idle class.
  const staticChecks = idle ? run(CHRT, ['--idle', '0', 'npm', 'run', 'test:static']) : null;
  results.push([
    'browser specs (playwright)',
    await run('npm', ['run', 'test:e2e'], { env: built ? { E2E_BUILT: '1' } : {} }),
  ]);
  results.push(['static checks (tsc, eslint)', await (staticChecks ?? npmRun('test:static'))]);
  const summary = results.map(([name, ok]) => `${name} ${ok ? 'passed' : 'FAILED'}`).join('; ');
  process.stdout.write(`\nnpm test: ${summary}\n`);
  process.exitCode = results.every(([, ok]) => ok) ? 0 : 1;
}

void main();
