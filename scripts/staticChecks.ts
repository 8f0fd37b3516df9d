/**
 * `npm test`'s static checks: the three type-checks and the lint, two at a time on this 2-core machine
 * (each is one single-threaded process; run one after another they took about 50 s of CI's 12 minutes).
 * Each check's output is printed whole when it ends, so outputs never interleave; exits 1 if any failed.
 */
import { spawn } from 'node:child_process';

const CHECKS: readonly (readonly string[])[] = [
  ['tsc', '--noEmit', '-p', 'tsconfig.engine.json'],
  ['tsc', '--noEmit', '-p', 'tsconfig.app.json'],
  ['tsc', '--noEmit', '-p', 'tsconfig.node.json'],
  ['eslint', '.', '--max-warnings=0'],
];
const AT_ONCE = 2;

function run(command: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', ...command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      process.stdout.write(`> ${command.join(' ')}\n${error.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => {
      process.stdout.write(
        `> ${command.join(' ')}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${output}`,
      );
      resolve(code === 0);
    });
  });
}

async function main(): Promise<void> {
  const queue = [...CHECKS];
  let failed = 0;
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) if (!(await run(next))) failed++;
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  process.exitCode = failed === 0 ? 0 : 1;
}

void main();
