/**
 * Worker thread for the parser fuzzer: checks one mutated text per message. The clock is this process's
 * CPU time, not the wall clock, so a busy shared machine does not turn slow cases into false hangs (the
 * host thread is idle while it waits, so the CPU time is this worker's).
 */
import { parentPort } from 'node:worker_threads';
import { checkMutatedText } from '../../engine/testing/mutation/checkMutatedText';

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

parentPort?.on('message', (msg: { id: number; text: string }) => {
  const result = checkMutatedText(msg.text, cpuMs);
  parentPort?.postMessage({ id: msg.id, result });
});
