/**
 * Writes the runner's long-run reproducers of issue 18 (decision 0125) to a directory, for measuring
 * `sim run|check|metrics` with `/usr/bin/time -v` (never committed: (a) runs to 3.3 GB of output):
 *   npx tsx scripts/long-run-scenarios.ts /tmp/long-runs
 *   /usr/bin/time -v node --import tsx src/cli/main.ts run /tmp/long-runs/a-2000x10000.yaml | sha256sum
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { longRunScenario } from '../src/cli/longRunScenario';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: npx tsx scripts/long-run-scenarios.ts <directory>\n');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
const shapes = {
  'a-2000x10000': { tasks: 2000, sessions: 10_000 },
  'a-2000x1000': { tasks: 2000, sessions: 1000 },
  'b-200000x60': { tasks: 200_000, sessions: 60 },
  'b-20000x60': { tasks: 20_000, sessions: 60 },
  'm-2000x10000-99-queues': { tasks: 2000, sessions: 10_000, queues: 99 },
};
for (const [name, shape] of Object.entries(shapes)) {
  writeFileSync(join(dir, `${name}.yaml`), longRunScenario(shape));
  process.stdout.write(`${join(dir, `${name}.yaml`)}\n`);
}
