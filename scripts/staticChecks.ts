/**
 * `npm test`'s static checks: the type-check and the lint, at once. The type-check is one `tsc -b` over the
 * three programs (engine without the DOM, app, node: tests, CLI, scripts, e2e), which checks each file once:
 * the app and node programs read the engine's and app's declarations instead of checking that source again
 * (decision 0355). It runs in TypeScript 7's native compiler (the `typescript-go` alias of typescript@7.0.2):
 * 14 CPU-s from a fresh clone's state against 41-58 for TypeScript 6's `tsc`, with the same verdict on this
 * code (an error put in each program was reported by both, in the same words). The lint's parser
 * (typescript-eslint, which accepts TypeScript below 6.1) and the editors keep TypeScript 6 (decision 0383).
 * Each check's output is printed whole when it ends, so outputs never interleave; exits 1 if any failed.
 */
import { spawn } from 'node:child_process';

/** Each check as the node script it runs and its arguments: a path in a package, not a `.bin` link. */
const CHECKS: readonly (readonly string[])[] = [
  // Builds tsconfig.engine.json and tsconfig.app.json first (its references); reports every program's errors.
  ['node_modules/typescript-go/bin/tsc', '-b', 'tsconfig.node.json'],
  ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'],
];
const AT_ONCE = 2;

function run(command: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, { stdio: ['ignore', 'pipe', 'pipe'] });
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
