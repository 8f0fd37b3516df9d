/** Runs the runner on `argv` with its output captured, for tests: the exit code, stdout and stderr. */
import { runCli } from './runCli';

export function captureCli(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}
