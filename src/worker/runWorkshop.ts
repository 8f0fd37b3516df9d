/**
 * The worker side of the workshop requests (protocol/workshop.ts): parse the text, apply the variant(s),
 * run each to its end, and answer with the engine's metrics and comparison. Synchronous: a workshop host
 * is its own worker (the page starts one per side or per sweep point), so the main run is never blocked.
 */
import type { Simulation } from '../engine/api';
import type {
  ProfileComparison,
  RunComparison,
  RunMetrics,
  RunSummary,
  ScenarioIssue,
  SimulatorOptions,
} from '../engine/index';
import type { Profile, Scenario } from '../engine/model/scenario';
import { profileNames } from '../engine/registry';

const PROFILES = profileNames();
import type { VariantSpec } from '../engine/model/variant';
import type { IssueDto } from '../protocol/messages';
import type {
  ProfileCompareResult,
  VariantRun,
  WorkshopCompareResult,
  WorkshopRunResult,
} from '../protocol/workshop';

/** The engine functions the workshop needs (from engine/index.ts). */
export interface WorkshopEngine {
  parseScenario(text: string): { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioIssue[] };
  formatIssue(issue: ScenarioIssue): string;
  createSimulation(scenario: Scenario, options?: SimulatorOptions): Simulation;
  applyVariant(base: Scenario, variant: VariantSpec | null): Scenario;
  findVariant(scenario: Scenario, name: string): VariantSpec | null;
  runMetrics(sim: Simulation): RunMetrics;
  compareSimulations(a: Simulation, b: Simulation): RunComparison;
  sessionDecisions(sim: Simulation): VariantRun['sessions'];
  metricsCsv(metrics: RunMetrics): string;
  describeDivergence(c: RunComparison): string;
  hasRandomWorkload(scenario: Scenario): boolean;
  reseedScenario(scenario: Scenario, seed: number): Scenario;
  compareProfiles(scenario: Scenario, profiles: readonly Profile[]): ProfileComparison;
}

export const BASE = 'base';

export type Prepared = { ok: true; scenario: Scenario } | { ok: false; errors: IssueDto[] };

/** Largest `seed` (§19); a request's seed is bounded like the file's. */
const MAX_SEED = 2_147_483_647;

function badSeed(seed: unknown): IssueDto[] {
  const message = `seed must be an integer 0..${MAX_SEED}, got ${JSON.stringify(seed) ?? String(seed)}`;
  return [
    { code: 'invalid-value', path: 'seed', message, line: null, column: null, hint: null, text: message },
  ];
}

function validSeed(seed: unknown): boolean {
  return (
    seed === undefined || (Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= MAX_SEED)
  );
}

export function issue(engine: WorkshopEngine, i: ScenarioIssue): IssueDto {
  return {
    code: i.code,
    path: i.path,
    message: i.message,
    line: i.line,
    column: i.column,
    hint: i.hint ?? null,
    text: engine.formatIssue(i),
  };
}

export function prepare(engine: WorkshopEngine, text: string, names: readonly string[]): Prepared {
  const parsed = engine.parseScenario(text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors.map((i) => issue(engine, i)) };
  const unknown = names.filter((n) => n !== BASE && engine.findVariant(parsed.scenario, n) === null);
  if (unknown.length === 0) return { ok: true, scenario: parsed.scenario };
  const known = [BASE, ...parsed.scenario.variants.map((v) => v.name)].join(', ');
  const errors = unknown.map((n): IssueDto => {
    const message = `variant ${JSON.stringify(n)} does not exist (variants: ${known})`;
    return {
      code: 'unknown-variant',
      path: 'variants',
      message,
      line: null,
      column: null,
      hint: null,
      text: message,
    };
  });
  return { ok: false, errors };
}

/**
 * The variant applied, then re-seeded when the request names a seed (it overrides a variant's own `seed`,
 * so every side of a compare and every point of a sweep replicate over the same seeds), with the seed the
 * run used: null when the scenario has no random workload (every seed runs the same).
 */
function applied(
  engine: WorkshopEngine,
  scenario: Scenario,
  name: string,
  seed: number | undefined,
): { scenario: Scenario; seed: number | null } {
  const variant = name === BASE ? null : engine.findVariant(scenario, name);
  const s = engine.applyVariant(scenario, variant);
  if (!engine.hasRandomWorkload(s)) return { scenario: s, seed: null };
  const reseeded = seed === undefined ? s : engine.reseedScenario(s, seed);
  return { scenario: reseeded, seed: reseeded.workload?.seed ?? null };
}

function run(engine: WorkshopEngine, scenario: Scenario): Simulation {
  // The Workshop reads metrics, decisions and the comparison only: the run keeps no trace or snapshots
  // (the same scheduling, byte-identical metrics; engine/simulation/metrics/metricsOnlyRun.test.ts).
  const sim = engine.createSimulation(scenario, { record: 'metrics' });
  while (sim.step()) {
    /* to the end of the run */
  }
  return sim;
}

function variantRun(engine: WorkshopEngine, sim: Simulation, name: string): VariantRun {
  const metrics = engine.runMetrics(sim);
  return { variant: name, sessions: engine.sessionDecisions(sim), metrics, csv: engine.metricsCsv(metrics) };
}

export function workshopCompare(
  engine: WorkshopEngine,
  text: string,
  a: string,
  b: string,
  seed?: number,
): WorkshopCompareResult {
  if (!validSeed(seed)) return { ok: false, errors: badSeed(seed) };
  const prepared = prepare(engine, text, [a, b]);
  if (!prepared.ok) return prepared;
  const simA = run(engine, applied(engine, prepared.scenario, a, seed).scenario);
  const simB = run(engine, applied(engine, prepared.scenario, b, seed).scenario);
  const comparison = engine.compareSimulations(simA, simB);
  return {
    ok: true,
    a: variantRun(engine, simA, a),
    b: variantRun(engine, simB, b),
    comparison,
    text: engine.describeDivergence(comparison),
  };
}

export function workshopRun(
  engine: WorkshopEngine,
  text: string,
  name: string,
  seed?: number,
): WorkshopRunResult {
  if (!validSeed(seed)) return { ok: false, errors: badSeed(seed) };
  const prepared = prepare(engine, text, [name]);
  if (!prepared.ok) return prepared;
  const chosen = applied(engine, prepared.scenario, name, seed);
  const sim = run(engine, chosen.scenario);
  const summary: RunSummary = engine.runMetrics(sim).summary;
  return { ok: true, variant: name, seed: chosen.seed, sessionCount: sim.sessionCount(), summary };
}

/** The request's profile list, checked as the CLI checks `--profiles` (two or more, known, distinct). */
function profileList(
  profiles: readonly string[],
): { ok: true; profiles: Profile[] } | { ok: false; message: string } {
  const known = PROFILES.join(', ');
  const out: Profile[] = [];
  for (const name of profiles) {
    if (!(PROFILES as readonly string[]).includes(name))
      return { ok: false, message: `unknown profile ${JSON.stringify(name)} (profiles: ${known})` };
    if ((out as string[]).includes(name))
      return { ok: false, message: `${JSON.stringify(name)} is listed twice` };
    out.push(name as Profile);
  }
  if (out.length < 2)
    return { ok: false, message: `compare needs at least two profiles (profiles: ${known})` };
  return { ok: true, profiles: out };
}

/** One scenario on several profiles (issue 23 Deliver 4): the engine maps, runs and compares. */
export function profileCompare(
  engine: WorkshopEngine,
  text: string,
  profiles: readonly string[],
): ProfileCompareResult {
  const list = profileList(profiles);
  if (!list.ok) {
    const message = list.message;
    return {
      ok: false,
      errors: [
        {
          code: 'invalid-value',
          path: 'profiles',
          message,
          line: null,
          column: null,
          hint: null,
          text: message,
        },
      ],
    };
  }
  const parsed = engine.parseScenario(text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors.map((i) => issue(engine, i)) };
  return { ok: true, comparison: engine.compareProfiles(parsed.scenario, list.profiles) };
}
