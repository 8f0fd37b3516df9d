/**
 * Child process for the long-run fuzz (`npm run fuzz -- --long N`): runs `sim run <file>` through the
 * runner's own code path (runCli, output included) on each scenario text, counting the bytes written
 * instead of keeping them, and answers with the exit code. A heap that runs out kills this process, which
 * the parent counts as an abort (V8's exit 134).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MutationResult } from '../../engine/testing/mutation/checkMutatedText';
import { runCli } from '../runCli';

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const file = join(tmpdir(), `preemption-lab-long-run-${process.pid}.yaml`);

process.on('message', (msg: { id: number; text: string }) => {
  const start = cpuMs();
  let bytes = 0;
  let stderr = '';
  writeFileSync(file, msg.text);
  let code: number;
  try {
    code = runCli(['run', file], {
      stdout: (t) => {
        bytes += Buffer.byteLength(t);
      },
      stderr: (t) => {
        if (stderr.length < 300) stderr += t;
      },
    });
  } finally {
    rmSync(file, { force: true });
  }
  // Exit 0 (and 1, a failed check) is a run; 2 and 4 are clean refusals; 3 is an internal failure.
  const outcome: MutationResult['outcome'] =
    code === 0 || code === 1 ? 'accepted' : code === 2 || code === 4 ? 'rejected' : 'crash';
  const result: MutationResult = {
    outcome,
    ms: cpuMs() - start,
    detail: `exit ${code}, ${bytes} bytes${stderr ? `: ${stderr.trim().slice(0, 200)}` : ''}`,
  };
  process.send?.({ id: msg.id, result });
});
