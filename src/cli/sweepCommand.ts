/**
 * `sim sweep` (docs/scenario-format.md §15.2, issue 20): runs every point (a variant, or a knob value made
 * into a variant by knobVariant) over K seeds of the workload (§19) and prints one row per point and seed,
 * then each point's mean and 95% interval and whether it is on the policy frontier:
 *   sim sweep <file> (--variants A,B,… | --knob PATH --values a,b,c) [--seeds K] [--csv] [--threads N]
 * Every point × seed is a task of a worker_threads pool (sweepPool.ts); the output does not depend on N.
 */
import { availableParallelism } from 'node:os';
import {
  applyVariant,
  BASE_VARIANT,
  ENGINE_VERSION,
  findVariant,
  hasRandomWorkload,
  knobVariant,
  MAX_REPLICATES,
  replicateSeed,
  runReplicate,
  sweepCsv,
  sweepResults,
  type ReplicateRun,
} from '../engine/index';
import type { Scenario } from '../engine/model/scenario';
import type { VariantSpec } from '../engine/model/variant';
import { sessionRowsRefusal } from './sessionRowsBound';
import { MAX_THREADS, runSweepPool, type SweepTask } from './sweepPool';
import type { CommandHelpers } from './workshopCommands';

export const SWEEP_USAGE = `  npm run --silent sim -- sweep <file> (--variants A,B,… | --knob PATH --values a,b,c) [--seeds K] [--csv] [--threads N]`;

/** Most points in one sweep (variants or knob values). */
export const MAX_SWEEP_POINTS = 100;

/** Replicates per point without `--seeds` (issue 20: the Workshop's default too). */
export const DEFAULT_SEEDS = 5;

export interface SweepHelpers extends CommandHelpers {
  stderr(text: string): void;
}

interface Point {
  label: string;
  variant: VariantSpec | null;
  scenario: Scenario;
  seeds: (number | null)[];
}

/**
 * Reads the flags, builds the points and runs them: in this thread when `inline` (the synchronous runCli)
 * or with one thread, else on the pool. Returns the exit code (a promise when the pool runs).
 */
export function runSweepCommand(
  text: string,
  fileName: string,
  scenario: Scenario,
  h: SweepHelpers,
  inline: boolean,
): number | Promise<number> {
  const k = wholeNumber(h.option('--seeds'), '--seeds', 1, MAX_REPLICATES, DEFAULT_SEEDS, h);
  const threads = wholeNumber(
    h.option('--threads'),
    '--threads',
    1,
    MAX_THREADS,
    Math.min(MAX_THREADS, availableParallelism()),
    h,
  );
  const knob = h.option('--knob');
  const points = readPoints(scenario, h, knob).map((p): Point => {
    const applied = applyVariant(scenario, p.variant);
    const refusal = sessionRowsRefusal(applied, 'sim sweep keeps');
    if (refusal !== null) h.invalid(`${p.label}: ${refusal}`);
    const workload = applied.workload;
    const seeds =
      workload === undefined || !hasRandomWorkload(applied)
        ? [null]
        : Array.from({ length: k }, (_, i) => replicateSeed(workload.seed, i));
    return { ...p, scenario: applied, seeds };
  });
  if (points.some((p) => p.seeds[0] === null))
    h.stderr(
      `${fileName}: note: no workload (§19) in ${points.every((p) => p.seeds[0] === null) ? 'the scenario' : 'some points'}: one run per such point, seed column empty\n`,
    );
  const tasks: SweepTask[] = points.flatMap((p, point) => p.seeds.map((seed) => ({ id: 0, point, seed })));
  tasks.forEach((t, i) => (t.id = i));
  const print = (runs: readonly ReplicateRun[]): number => {
    let at = 0;
    const results = sweepResults(
      points.map((p) => ({ label: p.label, runs: p.seeds.map(() => runs[at++] as ReplicateRun) })),
    );
    if (h.flag('--csv')) h.stdout(sweepCsv(results));
    else {
      const doc = {
        formatVersion: 1,
        engineVersion: ENGINE_VERSION,
        scenario: scenario.name,
        knob: knob ?? null,
        seeds: k,
        points: results,
      };
      h.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    }
    return 0;
  };
  if (inline || threads === 1)
    return print(tasks.map((t) => runReplicate(points[t.point]?.scenario ?? scenario, t.seed)));
  const init = { text, fileName, variants: points.map((p) => p.variant) };
  return runSweepPool(init, tasks, threads).then(print);
}

function readPoints(
  scenario: Scenario,
  h: SweepHelpers,
  knob: string | undefined,
): { label: string; variant: VariantSpec | null }[] {
  const names = h.option('--variants');
  const values = h.option('--values');
  if ((names === undefined) === (knob === undefined))
    h.invalid('sweep needs either --variants A,B,… or --knob PATH --values a,b,c', true);
  if (knob !== undefined && values === undefined) h.invalid('--knob needs --values a,b,c', true);
  if (names !== undefined && values !== undefined)
    h.invalid('--values goes with --knob, not --variants', true);
  const items = splitList(names ?? values ?? '');
  const flag = names !== undefined ? '--variants' : '--values';
  if (items.length === 0 || items.some((i) => i === ''))
    h.invalid(
      `${flag}: expected a comma-separated list without empty entries, got ${JSON.stringify(names ?? values)}`,
    );
  if (items.length > MAX_SWEEP_POINTS)
    h.invalid(`${flag}: at most ${MAX_SWEEP_POINTS} points in a sweep, got ${items.length}`);
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item)) h.invalid(`${flag}: ${JSON.stringify(item)} is listed twice`);
    seen.add(item);
  }
  if (knob === undefined)
    return items.map((name) => {
      if (name === BASE_VARIANT) return { label: name, variant: null };
      const variant = findVariant(scenario, name);
      if (variant === null) {
        const known = [BASE_VARIANT, ...scenario.variants.map((v) => v.name)].join(', ');
        h.invalid(`--variants: variant ${JSON.stringify(name)} does not exist (variants: ${known})`);
      }
      return { label: name, variant };
    });
  return items.map((value) => {
    const r = knobVariant(scenario, knob, value, `${knob}=${value}`);
    if (!r.ok) h.invalid(`--knob/--values: ${r.message}`);
    return { label: value, variant: r.variant };
  });
}

/** Splits at commas outside brackets, braces and quotes, so a value may be `[allocate, reclaim]`. */
export function splitList(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

function wholeNumber(
  text: string | undefined,
  flag: string,
  min: number,
  max: number,
  fallback: number,
  h: SweepHelpers,
): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^[0-9]+$/.test(text) || n < min || n > max)
    h.invalid(`${flag} takes a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`, true);
  return n;
}
