/**
 * Child process for the parser fuzzer: checks one mutated text per message. The clock is this process's
 * CPU time, not the wall clock, so a busy shared machine does not turn slow cases into false hangs.
 */
import { checkMutatedText } from '../../engine/testing/mutation/checkMutatedText';

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

process.on('message', (msg: { id: number; text: string }) => {
  const result = checkMutatedText(msg.text, cpuMs);
  process.send?.({ id: msg.id, result });
});
