/**
 * The headless runner (docs/scenario-format.md §9), as a function of its arguments and output streams so
 * that its exit codes are testable:
 *   sim run <file> [--sessions N]       one JSON document on stdout, written a session at a time
 *   sim check <file>                    evaluates `expect`; exit 1 when a check fails
 *   sim resolve <file> --victim-queue V [--preemptor-queue P] [--method lca|queue]
 *   sim metrics|compare …               workshop commands (workshopCommands.ts, docs §15.1)
 *   sim sweep …                         points × seeds on a worker_threads pool (sweepCommand.ts, §15.2)
 *   sim import <file> [--redact] …      a KAI snapshot or Kubernetes YAML as a scenario (importCommands.ts, §17);
 *                                       run, check, metrics, compare, explain and dry-run also take a KAI snapshot
 *   sim explain|dry-run …               explain a job, dry-run a new one (explainCommands.ts, docs §18)
 *   sim import-trace [--format F] <file> …  a public GPU trace as a scenario (traceCommands.ts, docs §20)
 *   sim expand <file>                   the workload's generated jobs as plain jobs (expandCommand.ts, §19)
 * Exit codes: 0 done, 1 a check failed, 2 invalid input (errors name the field path and line; usage
 * errors and unreadable files too), 3 internal failure (one line), 4 a valid scenario the engine cannot
 * run (a profile or feature not implemented; one line). No stack trace is ever printed.
 */
import { basename } from 'node:path';
import { checkScenario, formatIssue, parseScenario, queryScenario, streamRunDocument } from '../engine/index';
import type { ResolveQuery, ResolveResult } from '../engine/model/protection';
import type { Scenario } from '../engine/model/scenario';
import { MAX_SESSIONS } from '../engine/scenario/limits';
import { IMPORT_USAGE, readRunnerInput, runImportCommand } from './importCommands';
import { sessionRowsRefusal, usageHistorySessions } from './sessionRowsBound';
import { OutputError } from './streamWriter';
import {
  runWorkshopCommand,
  WORKSHOP_COMMANDS,
  WORKSHOP_USAGE,
  type CommandHelpers,
} from './workshopCommands';
import { EXPLAIN_COMMANDS, EXPLAIN_USAGE, runExplainCommand } from './explainCommands';
import { IMPORT_TRACE_USAGE, runImportTraceCommand } from './traceCommands';
import { runSweepCommand, SWEEP_USAGE } from './sweepCommand';
import { EXPAND_USAGE, runExpandCommand } from './expandCommand';

/** Where the runner writes. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * What `run` writes: the document's chunks, produced lazily (each one is built when the writer asks for the
 * next), so that the whole document never exists at once (decision 0125).
 */
interface Streamed {
  chunks: Iterable<string>;
}

/** A command that finishes later (`sweep` on its thread pool). */
interface Deferred {
  later: Promise<number>;
}

/** Chunks are gathered up to this many characters before a write, so short sessions make few writes. */
const WRITE_BATCH = 64 * 1024;

/** Exit codes of the runner. */
export const EXIT = { ok: 0, checkFailed: 1, invalid: 2, internal: 3, unsupported: 4 } as const;

const USAGE = `usage:
  npm run --silent sim -- run <file> [--sessions N]
  npm run --silent sim -- check <file>
  npm run --silent sim -- resolve <file> --victim-queue V [--preemptor-queue P] [--method lca|queue]
${WORKSHOP_USAGE}
${SWEEP_USAGE}
${IMPORT_USAGE}
${IMPORT_TRACE_USAGE}
${EXPLAIN_USAGE}
${EXPAND_USAGE}`;

/** Bad arguments or input: printed as is, exit 2. */
class InvalidInput extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

function option(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new InvalidInput(`${name} needs a value`, true);
  return v;
}

/** The scenario of `file` and the text it was parsed from (a KAI snapshot's is the imported scenario). */
function load(file: string, io: CliIO): { scenario: Scenario; text: string } {
  const read = readRunnerInput(file, io.stderr);
  if (!read.ok) throw new InvalidInput(`${file}: ${read.error}`);
  const parsed = parseScenario(read.text, { fileName: basename(file) });
  if (!parsed.ok)
    throw new InvalidInput(parsed.errors.map((issue) => `${file}: ${formatIssue(issue)}`).join('\n'));
  for (const w of parsed.warnings) io.stderr(`${file}: warning: ${formatIssue(w)}\n`);
  return { scenario: parsed.scenario, text: read.text };
}

/**
 * Runs one command. `inline`: the caller cannot wait (runCli is synchronous), so `sweep` runs its tasks in
 * this thread; the output is the same as the pool's (sweepCommand.test.ts).
 */
function execute(argv: readonly string[], io: CliIO, inline: boolean): number | Streamed | Deferred {
  const [command, file, ...rest] = argv;
  const workshop = (WORKSHOP_COMMANDS as readonly string[]).includes(command ?? '');
  const explain = (EXPLAIN_COMMANDS as readonly string[]).includes(command ?? '');
  if (command === 'import-trace')
    return runImportTraceCommand(argv.slice(1), {
      invalid: (message, showUsage = false) => {
        throw new InvalidInput(message, showUsage);
      },
      stdout: io.stdout,
      stderr: io.stderr,
    });
  if (command === 'import' && file)
    // Every word that is neither a flag nor --table's value is a file: several are one snapshot per shard.
    return runImportCommand(
      [file, ...rest.filter((w, i) => !w.startsWith('--') && rest[i - 1] !== '--table')],
      {
        option: (name) => option(rest, name),
        flag: (name) => rest.includes(name),
        invalid: (message, showUsage = false) => {
          throw new InvalidInput(message, showUsage);
        },
        stdout: io.stdout,
        stderr: io.stderr,
      },
    );
  if (command === 'expand' && file) {
    const read = readRunnerInput(file, io.stderr);
    if (!read.ok) throw new InvalidInput(`${file}: ${read.error}`);
    return runExpandCommand(file, read.text, io);
  }
  if (!command || !file || (!workshop && !explain && !['run', 'check', 'resolve', 'sweep'].includes(command)))
    throw new InvalidInput('', true);
  const { scenario, text } = load(file, io);
  const helpers: CommandHelpers = {
    option: (name) => option(rest, name),
    flag: (name) => rest.includes(name),
    invalid: (message, showUsage = false) => {
      throw new InvalidInput(message, showUsage);
    },
    stdout: io.stdout,
  };
  if (workshop) return runWorkshopCommand(command, scenario, helpers);
  if (command === 'sweep') {
    const done = runSweepCommand(text, basename(file), scenario, { ...helpers, stderr: io.stderr }, inline);
    return typeof done === 'number' ? done : { later: done };
  }
  if (explain) return runExplainCommand(command, scenario, rest, helpers);
  switch (command) {
    case 'run': {
      const sessions = option(rest, '--sessions');
      if (sessions !== undefined) {
        const n = Number(sessions);
        if (!/^[0-9]+$/.test(sessions) || n > MAX_SESSIONS)
          throw new InvalidInput(
            `--sessions takes a whole number from 0 to ${MAX_SESSIONS}, got ${JSON.stringify(sessions)}`,
            true,
          );
        scenario.run = { ...scenario.run, sessions: n };
      }
      refuseUnboundedUsage(scenario);
      return { chunks: batched(streamRunDocument(scenario), WRITE_BATCH) };
    }
    case 'check': {
      refuseUnboundedUsage(scenario);
      // Checks are evaluated as the sessions run; only the latest session is kept (decision 0125).
      const { failures, sessions } = checkScenario(scenario);
      for (const f of failures) {
        io.stdout(`FAIL ${f.path}${f.line !== null ? ` (line ${f.line})` : ''}: ${f.message}\n`);
      }
      const total = scenario.expect.length;
      io.stdout(
        failures.length === 0
          ? `ok: ${total} check(s) passed in ${sessions} session(s)\n`
          : `${failures.length} failed check(s) of ${total}\n`,
      );
      return failures.length === 0 ? EXIT.ok : EXIT.checkFailed;
    }
    default: {
      const victimQueue = option(rest, '--victim-queue');
      if (!victimQueue) throw new InvalidInput('resolve needs --victim-queue', true);
      const preemptorQueue = option(rest, '--preemptor-queue');
      const method = option(rest, '--method');
      if (method !== undefined && method !== 'lca' && method !== 'queue')
        throw new InvalidInput(`--method is lca or queue, got ${JSON.stringify(method)}`, true);
      const names = new Set(scenario.queues.map((q) => q.name));
      for (const [flag, queue] of [
        ['--victim-queue', victimQueue],
        ['--preemptor-queue', preemptorQueue],
      ] as const) {
        if (queue !== undefined && !names.has(queue))
          throw new InvalidInput(
            `${file}: ${flag}: queue ${JSON.stringify(queue)} does not exist in the scenario`,
          );
      }
      // The profile's `minruntime` query, answered by the profile's module (KAI; issue 23: no min-runtime
      // entry point of its own in the engine's API). The document below is §9's contract, unchanged.
      const args: ResolveQuery = {
        victimQueue,
        ...(preemptorQueue !== undefined ? { preemptorQueue } : {}),
        ...(method !== undefined ? { method } : {}),
      };
      let r: ResolveResult;
      try {
        r = queryScenario(scenario, 'minruntime', args) as ResolveResult;
      } catch (e) {
        // A profile without min-runtime answers no such query: a feature it does not have (§9, exit 4),
        // not an internal error. Other refusals (arguments) were checked above.
        if (e instanceof RangeError) throw new UnsupportedResolve(`resolve: ${e.message}`);
        throw e;
      }
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
      io.stdout(`${JSON.stringify(out, null, 2)}\n`);
      return EXIT.ok;
    }
  }
}

/** The usage history is the one thing `run` and `check` keep per session (sessionRowsBound.ts). */
function refuseUnboundedUsage(scenario: Scenario): void {
  const kept = usageHistorySessions(scenario);
  if (kept === null) return;
  const refusal = sessionRowsRefusal(scenario, 'the usage history (usageDBConfig) keeps', kept);
  if (refusal !== null) throw new InvalidInput(refusal);
}

/**
 * Runs the runner on `argv` (without `node main.ts`); returns the exit code. Never throws. `run`'s
 * document goes to `io.stdout` in batches as it is produced.
 */
export function runCli(argv: readonly string[], io: CliIO): number {
  try {
    const done = execute(argv, io, true);
    if (typeof done === 'number') return done;
    if ('later' in done) throw new Error('a deferred command in the synchronous runner'); // inline: never
    for (const chunk of done.chunks) io.stdout(chunk);
    return EXIT.ok;
  } catch (e) {
    return reportFailure(e, argv[1] ?? '', io);
  }
}

/**
 * {@link runCli} for a real output stream: `run`'s document is written a batch at a time and the next
 * session runs only once `write` has resolved, so a slow reader (a pipe, a full disk) holds the runner
 * back instead of letting written text pile up in memory (see streamWriter.ts).
 */
export async function runCliStreaming(
  argv: readonly string[],
  io: CliIO,
  write: (chunk: string) => Promise<void>,
): Promise<number> {
  try {
    const done = execute(argv, io, false);
    if (typeof done === 'number') return done;
    if ('later' in done) return await done.later;
    for (const chunk of done.chunks) await write(chunk);
    return EXIT.ok;
  } catch (e) {
    return reportFailure(e, argv[1] ?? '', io);
  }
}

/** Joins consecutive chunks until they reach `size` characters (a larger chunk passes on its own). */
function* batched(chunks: Iterable<string>, size: number): Generator<string> {
  let pending: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    pending.push(chunk);
    length += chunk.length;
    if (length >= size) {
      yield pending.join('');
      pending = [];
      length = 0;
    }
  }
  if (pending.length > 0) yield pending.join('');
}

/** `resolve` on a profile that has no min-runtime: reported as a feature the profile lacks (exit 4). */
class UnsupportedResolve extends Error {
  override readonly name = 'UnsupportedError';
}

/** Maps what was thrown to its exit code, writing one line (or the field-path errors) to stderr. */
export function reportFailure(e: unknown, file: string, io: CliIO): number {
  try {
    if (e instanceof InvalidInput) {
      if (e.message) io.stderr(`${e.message}\n`);
      if (e.showUsage) io.stderr(`${USAGE}\n`);
      return EXIT.invalid;
    }
    if (e instanceof OutputError) {
      io.stderr(`${file}: cannot write the output: ${oneLine(e.message)}\n`);
      return EXIT.internal;
    }
    if (e instanceof Error && e.name === 'UnsupportedError') {
      io.stderr(`${file}: cannot run: ${oneLine(e.message)}\n`);
      return EXIT.unsupported;
    }
    const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    io.stderr(`internal error (please report it with the scenario): ${oneLine(what)}\n`);
  } catch {
    // Even the error stream failed: nothing more can be said, but the exit code still tells.
  }
  return EXIT.internal;
}

function oneLine(text: string): string {
  const line = text.replace(/\s*\n\s*/g, ' ');
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}
