/**
 * Child process for `npm run fuzz`: runs one lane of the property run (every other chunk of generated
 * scenarios) while the parent runs the other, so that the run uses both cores of a 2-core machine.
 */
import { runProperties } from '../../engine/testing/property/runProperties';

process.on('message', (msg: { runs: number; seed: number; index: number; of: number }) => {
  const stats = runProperties(msg.runs, msg.seed, undefined, { index: msg.index, of: msg.of }, true);
  process.send?.({ ...stats, first: [...stats.first] }, () => process.exit(0));
});
