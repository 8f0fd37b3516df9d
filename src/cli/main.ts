/**
 * Entry point of the headless runner (`npm run sim`); the runner itself is `runCli` (see runCli.ts for
 * the commands and exit codes). `run` writes its document to stdout with backpressure (streamWriter.ts).
 */
import { runCliStreaming } from './runCli';
import { streamWriter } from './streamWriter';

void runCliStreaming(
  process.argv.slice(2),
  {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  },
  streamWriter(process.stdout),
).then((code) => {
  process.exitCode = code;
});
