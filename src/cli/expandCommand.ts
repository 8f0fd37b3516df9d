/**
 * `sim expand FILE` (docs/scenario-format.md §19, addition): prints the scenario with its `workload` and
 * `seed` replaced by the jobs they generate, as plain `jobs` entries, and says on stderr how many.
 */
import { expandWorkloadText, formatIssue } from '../engine/index';

export const EXPAND_USAGE = '  npm run --silent sim -- expand <file>';

/** Exit 0 with the expanded scenario on stdout, or 2 with every error (field path and line) on stderr. */
export function runExpandCommand(
  file: string,
  text: string,
  io: { stdout(text: string): void; stderr(text: string): void },
): number {
  const result = expandWorkloadText(text);
  if (!result.ok) {
    io.stderr(result.errors.map((issue) => `${file}: ${formatIssue(issue)}\n`).join(''));
    return 2;
  }
  io.stdout(result.text);
  io.stderr(`expanded ${file}: ${result.generatedJobs} generated jobs written as jobs\n`);
  return 0;
}
