/**
 * Entry point of the headless runner (`npm run sim`); the runner itself is `runCli` (see runCli.ts for
 * the commands and exit codes).
 */
import { runCli } from './runCli';

process.exitCode = runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
