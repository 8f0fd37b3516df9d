/**
 * The headless runner (docs/scenario-format.md §9):
 *   sim run <file> [--sessions N]       one JSON document on stdout
 *   sim check <file>                    evaluates `expect`; exit 1 when a check fails
 *   sim resolve <file> --victim-queue V [--preemptor-queue P] [--method lca|queue]
 * Invalid input prints errors naming the field path (and line) and exits 2.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  checkExpectations,
  formatIssue,
  parseScenario,
  resolveMinRuntime,
  runDocument,
  runScenario,
} from '../engine/index';
import type { Scenario } from '../engine/model/scenario';

const USAGE = `usage:
  npm run --silent sim -- run <file> [--sessions N]
  npm run --silent sim -- check <file>
  npm run --silent sim -- resolve <file> --victim-queue V [--preemptor-queue P] [--method lca|queue]`;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
  return v;
}

function load(file: string): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`${file}: cannot read file (${(e as Error).message})\n`);
    process.exit(2);
  }
  const parsed = parseScenario(text, { fileName: basename(file) });
  if (!parsed.ok) {
    for (const issue of parsed.errors) process.stderr.write(`${file}: ${formatIssue(issue)}\n`);
    process.exit(2);
  }
  for (const w of parsed.warnings) process.stderr.write(`${file}: warning: ${formatIssue(w)}\n`);
  return parsed.scenario;
}

function main(argv: string[]): number {
  const [command, file, ...rest] = argv;
  if (!command || !file || !['run', 'check', 'resolve'].includes(command)) throw new UsageError('');
  const scenario = load(file);
  switch (command) {
    case 'run': {
      const sessions = option(rest, '--sessions');
      if (sessions !== undefined) {
        const n = Number(sessions);
        if (!Number.isInteger(n) || n < 0) throw new UsageError('--sessions takes a whole number');
        scenario.run = { ...scenario.run, sessions: n };
      }
      const sim = runScenario(scenario);
      const snapshots = Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1));
      process.stdout.write(`${JSON.stringify(runDocument(scenario, snapshots), null, 2)}\n`);
      return 0;
    }
    case 'check': {
      const sim = runScenario(scenario);
      const failures = checkExpectations(sim, scenario.expect);
      for (const f of failures) {
        process.stdout.write(`FAIL ${f.path}${f.line !== null ? ` (line ${f.line})` : ''}: ${f.message}\n`);
      }
      const total = scenario.expect.length;
      process.stdout.write(
        failures.length === 0
          ? `ok: ${total} check(s) passed in ${sim.sessionCount()} session(s)\n`
          : `${failures.length} failed check(s) of ${total}\n`,
      );
      return failures.length === 0 ? 0 : 1;
    }
    case 'resolve': {
      const victimQueue = option(rest, '--victim-queue');
      if (!victimQueue) throw new UsageError('resolve needs --victim-queue');
      const preemptorQueue = option(rest, '--preemptor-queue');
      const method = option(rest, '--method');
      if (method !== undefined && method !== 'lca' && method !== 'queue')
        throw new UsageError('--method is lca or queue');
      const r = resolveMinRuntime(scenario, {
        victimQueue,
        ...(preemptorQueue !== undefined ? { preemptorQueue } : {}),
        ...(method !== undefined ? { method } : {}),
      });
      const out = {
        preempt: { duration: r.preempt.durationMs, source: r.preempt.source, path: r.preempt.path },
        reclaim: {
          duration: r.reclaim.durationMs,
          source: r.reclaim.source,
          lca: r.reclaim.lca,
          path: r.reclaim.path,
          method: r.reclaim.method,
          stepDown: r.reclaim.stepDown,
          note: r.reclaim.note,
        },
      };
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      return 0;
    }
  }
  return 2;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  if (e instanceof Error && e.name === 'UnsupportedError') {
    process.stderr.write(`${process.argv[3] ?? ''}: ${e.message}\n`);
    // docs/scenario-format.md §9: a scenario the engine cannot run exits 4.
    process.exitCode = 4;
  } else if (e instanceof UsageError) {
    if (e.message) process.stderr.write(`${e.message}\n`);
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = 2;
  } else {
    throw e;
  }
}
