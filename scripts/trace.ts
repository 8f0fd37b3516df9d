// Prints the decision trace of a scenario's sessions (debugging aid): npx tsx scripts/trace.ts <file> [session]
import { readFileSync } from 'node:fs';
import { parseScenario, runScenario, formatIssue } from '../src/engine/index';

const [file, only] = process.argv.slice(2);
const parsed = parseScenario(readFileSync(file as string, 'utf8'));
if (!parsed.ok) {
  for (const e of parsed.errors) console.error(formatIssue(e));
  process.exit(2);
}
const sim = runScenario(parsed.scenario);
for (let i = 1; i <= sim.sessionCount(); i++) {
  if (only && Number(only) !== i) continue;
  const s = sim.snapshot(i);
  console.log(`== session ${i} t=${s.timeMs}`);
  for (const d of s.decisions)
    console.log(`  ${d.kind} ${d.task} ${d.node ?? ''} by=${d.by ?? ''} :: ${d.reason}`);
  for (const a of s.trace.attempts) {
    console.log(`  [${a.action}] ${a.job} ${a.outcome} ${a.code ?? ''}: ${a.message}`);
    for (const v of a.verdicts) console.log(`     verdict ${v.plugin}/${v.point} ${v.allowed}: ${v.message}`);
    for (const v of a.victims) console.log(`     victim ${v.job} ${v.outcome}: ${v.message}`);
  }
  for (const p of s.trace.pending) console.log(`  pending ${p.job}: ${p.code} ${p.message}`);
  for (const q of s.queues)
    console.log(`  queue ${q.name} fs=${JSON.stringify(q.fairShare)} alloc=${JSON.stringify(q.allocated)}`);
}
