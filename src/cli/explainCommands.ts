/**
 * The explain commands of the headless runner (docs/scenario-format.md §18), beside run/check/resolve:
 *   sim explain <file> --job NAME [--session N]   the job's explanation as JSON (exit 0; 2 bad input)
 *   sim dry-run <cluster> <job.yaml> [--session N] the dry run as JSON: exit 0 starts, 1 does not start
 *                                                 within the horizon, 2 invalid job or cluster
 */
import { dryRun, explainJob } from '../engine/index';
import type { Scenario } from '../engine/model/scenario';
import { MAX_SESSIONS } from '../engine/scenario/limits';
import { readScenarioFile } from './readScenarioFile';
import type { CommandHelpers } from './workshopCommands';

export const EXPLAIN_COMMANDS = ['explain', 'dry-run'] as const;

export const EXPLAIN_USAGE = `  npm run --silent sim -- explain <file> --job NAME [--session N]
  npm run --silent sim -- dry-run <cluster> <job.yaml> [--session N]`;

/** Largest job file `dry-run` reads (bytes); the engine bounds its text too (MAX_DRY_RUN_TEXT). */
const MAX_JOB_FILE_BYTES = 1024 * 1024;

/** Runs `explain` or `dry-run` on the parsed scenario; returns the exit code. */
export function runExplainCommand(
  command: string,
  scenario: Scenario,
  args: readonly string[],
  h: CommandHelpers,
): number {
  const session = sessionFlag(h);
  if (command === 'explain') {
    const job = h.option('--job');
    if (job === undefined) h.invalid('explain needs --job NAME', true);
    const r = explainJob(scenario, job, session === undefined ? {} : { session });
    if (!r.ok) h.invalid(r.error);
    h.stdout(`${JSON.stringify(r.explanation, null, 2)}\n`);
    return 0;
  }
  const jobFile = args[0];
  if (jobFile === undefined || jobFile.startsWith('--'))
    h.invalid('dry-run needs a job file after the cluster', true);
  const read = readScenarioFile(jobFile, MAX_JOB_FILE_BYTES);
  if (!read.ok) h.invalid(`${jobFile}: ${read.error}`);
  const r = dryRun(scenario, read.text, session === undefined ? {} : { session });
  if (!r.ok) h.invalid(r.errors.map((e) => `${jobFile}: ${e}`).join('\n'));
  h.stdout(`${JSON.stringify(r.result, null, 2)}\n`);
  return r.result.starts ? 0 : 1;
}

/** `--session N`: the session to explain, or to submit the dry-run job at; undefined when not given. */
function sessionFlag(h: CommandHelpers): number | undefined {
  const text = h.option('--session');
  if (text === undefined) return undefined;
  if (!/^[0-9]+$/.test(text) || Number(text) < 1 || Number(text) > MAX_SESSIONS)
    h.invalid(`--session takes a whole number from 1 to ${MAX_SESSIONS}, got ${JSON.stringify(text)}`, true);
  return Number(text);
}
