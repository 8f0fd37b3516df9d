/**
 * `sim compare <file> --profiles kai,volcano,kube-batch [--json]` (issue 23 Deliver 4, docs/scenario-format.md
 * §9.3): the scenario mapped onto each profile, run, and shown side by side: a text table by default (who
 * runs, waits, is evicted, at which session, the first divergence, then each cell's reason and each
 * mapping's assumptions and unmapped fields), or the engine's comparison as JSON. Bad `--profiles` values
 * are invalid input (exit 2), like any bad flag.
 */
import { compareProfiles, ENGINE_VERSION, type JobCell, type ProfileComparison } from '../engine/index';
import { type Profile, type Scenario } from '../engine/model/scenario';
import { profileNames } from '../engine/registry';

const PROFILES = profileNames();
import { sessionRowsRefusal, usageHistorySessions } from './sessionRowsBound';
import type { CommandHelpers } from './workshopCommands';

export const PROFILE_COMPARE_USAGE = `  npm run --silent sim -- compare <file> --profiles P1,P2[,…] [--json]   (profiles: ${PROFILES.join(', ')})`;

/** Reads `--profiles`: two or more distinct known profiles, in the order written. */
export function readProfiles(value: string, h: CommandHelpers): Profile[] {
  const names = value.split(',').map((s) => s.trim());
  const out: Profile[] = [];
  for (const name of names) {
    if (name === '')
      h.invalid(`--profiles: an empty name in ${JSON.stringify(value)} (profiles: ${PROFILES.join(', ')})`);
    if (!(PROFILES as readonly string[]).includes(name))
      h.invalid(`--profiles: unknown profile ${JSON.stringify(name)} (profiles: ${PROFILES.join(', ')})`);
    if ((out as string[]).includes(name)) h.invalid(`--profiles: ${JSON.stringify(name)} is listed twice`);
    out.push(name as Profile);
  }
  if (out.length < 2)
    h.invalid(`--profiles: compare needs at least two profiles, got ${JSON.stringify(value)}`);
  return out;
}

/** Runs the comparison; returns the exit code. */
export function runProfileCompare(scenario: Scenario, h: CommandHelpers): number {
  if (h.option('--a') !== undefined || h.option('--b') !== undefined)
    h.invalid('compare takes either --profiles (profiles) or --a/--b (variants), not both', true);
  const profiles = readProfiles(h.option('--profiles') ?? '', h);
  // The one thing a compared run keeps per session is KAI's usage history (the runs keep their latest session).
  const kept = usageHistorySessions(scenario);
  const refusal =
    kept === null ? null : sessionRowsRefusal(scenario, 'the usage history (usageDBConfig) keeps', kept);
  if (refusal !== null) h.invalid(refusal);
  const comparison = compareProfiles(scenario, profiles);
  if (h.flag('--json')) {
    h.stdout(
      `${JSON.stringify({ formatVersion: 1, engineVersion: ENGINE_VERSION, ...comparison }, null, 2)}\n`,
    );
  } else h.stdout(comparisonText(comparison));
  return 0;
}

/** A cell in a few words: `evicted s3`, `runs s1`, `waits`. */
export function cellWords(cell: JobCell | null): string {
  if (cell === null) return 'cannot map';
  if (cell.state === 'not-submitted') return 'not submitted';
  return cell.session === null ? cell.state : `${cell.state} s${cell.session}`;
}

/** The text report: table, first divergence, reasons, mappings. */
export function comparisonText(c: ProfileComparison): string {
  const lines: string[] = [];
  lines.push(`${c.scenario} (written for ${c.sourceProfile}) on ${c.profiles.join(', ')}`, '');
  const header = ['job', 'queue', ...c.profiles];
  const rows = c.jobs.map((r) => [r.job, r.queue, ...c.profiles.map((p) => cellWords(r.cells[p] ?? null))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((s, i) => s.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  lines.push(line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line));
  if (c.jobsOmitted > 0)
    lines.push(`… and ${c.jobsOmitted} more jobs (listed in --json up to the same bound)`);
  lines.push('');
  lines.push(divergenceWords(c));
  if (c.firstDivergence !== null) lines.push(`Sessions that differ: ${c.differingSessions}`);
  lines.push('', 'Why, per job:');
  for (const r of c.jobs) {
    lines.push(`  ${r.job}`);
    for (const p of c.profiles)
      lines.push(`    ${p}: ${r.cells[p]?.text ?? 'not run (the scenario cannot be mapped)'}`);
  }
  for (const col of c.columns) {
    lines.push(
      '',
      `Mapping onto ${col.profile}${col.expressible ? ` (${col.sessions} sessions run)` : ': cannot be expressed'}`,
    );
    for (const reason of col.reasons) lines.push(`  cannot: ${reason.path}: ${reason.text}`);
    for (const a of col.assumptions) lines.push(`  assumes: ${a}`);
    for (const u of col.unmapped) lines.push(`  not mapped: ${u.path}: ${u.text}`);
    if (col.unmappedOmitted > 0) lines.push(`  not mapped: … and ${col.unmappedOmitted} more fields`);
  }
  return `${lines.join('\n')}\n`;
}

/** The first divergence in words, or why there is none. */
export function divergenceWords(c: ProfileComparison): string {
  const run = c.columns.filter((col) => col.expressible).map((col) => col.profile);
  if (run.length < 2)
    return `Nothing to compare: only ${run.length === 1 ? run[0] : 'no profile'} can express this scenario (see why below).`;
  return c.firstDivergence === null
    ? `No divergence: ${run.join(', ')} commit the same decisions in every session.`
    : `First divergence: ${c.firstDivergence.text}`;
}
