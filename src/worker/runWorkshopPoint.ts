/**
 * The worker side of the Workshop's replicate requests (issue 20; protocol/workshop.ts): one sweep point or
 * one side of a comparison run over K seeds, and the Pareto frontier of a sweep's points. The engine runs
 * the replicates, sums them up and finds the frontier; this file only checks the request and wires it.
 */
import type {
  FrontierPoint,
  ReplicateRun,
  ReplicateSummary,
  RunSummary,
  SweepPointResult,
} from '../engine/index';
import type { Scenario } from '../engine/model/scenario';
import type { VariantSpec } from '../engine/model/variant';
import type { IssueDto } from '../protocol/messages';
import { MAX_POINT_SEEDS, type KnobSetting, type WorkshopPointResult } from '../protocol/workshop';
import { BASE, prepare, type WorkshopEngine } from './runWorkshop';

/** A variant from a knob path (engine `knobVariant`, §15.2): errors read like a variant's in the file. */
export type KnobVariantResult = { ok: true; variant: VariantSpec } | { ok: false; message: string };

/** The engine functions the replicate requests need, besides the workshop's own (engine/index.ts). */
export interface WorkshopPointEngine extends WorkshopEngine {
  runReplicates(scenario: Scenario, k: number): ReplicateRun[];
  summariseReplicates(summaries: readonly RunSummary[]): ReplicateSummary;
  paretoFrontier(points: readonly FrontierPoint[]): boolean[];
  frontierPointOf(label: string, summary: ReplicateSummary): FrontierPoint;
  sweepResults(points: readonly { label: string; runs: ReplicateRun[] }[]): SweepPointResult[];
  sweepCsv(results: readonly SweepPointResult[]): string;
  /** Absent in a host without it: a request with a `knob` is then answered with an error saying so. */
  knobVariant?(scenario: Scenario, path: string, valueText: string, name: string): KnobVariantResult;
}

/** Most points one frontier request takes (a sweep has at most 20; room for variants and the CLI's sizes). */
export const MAX_FRONTIER_POINTS = 1000;

const problem = (code: string, path: string, message: string): { ok: false; errors: IssueDto[] } => ({
  ok: false,
  errors: [{ code, path, message, line: null, column: null, hint: null, text: `${path}: ${message}` }],
});

export function workshopPoint(
  engine: WorkshopPointEngine,
  params: { text: string; variant?: string; knob?: KnobSetting; seeds: number },
): WorkshopPointResult {
  const { text, variant, knob, seeds } = params;
  if (!Number.isInteger(seeds) || seeds < 1 || seeds > MAX_POINT_SEEDS)
    return problem('bad-seeds', 'seeds', `is a whole number from 1 to ${MAX_POINT_SEEDS} (got ${seeds})`);
  const name = variant ?? BASE;
  const prepared = prepare(engine, text, [name]);
  if (!prepared.ok) return prepared;
  let scenario = engine.applyVariant(
    prepared.scenario,
    name === BASE ? null : engine.findVariant(prepared.scenario, name),
  );
  if (knob !== undefined) {
    if (engine.knobVariant === undefined)
      return problem('no-knob-paths', knob.path, 'this worker cannot set a knob by its path');
    // The knob goes on top of the variant, through the same validation as a variant written in the file.
    const made = engine.knobVariant(scenario, knob.path, knob.value, `${knob.path}=${knob.value}`);
    if (!made.ok) return problem('bad-knob', knob.path, made.message);
    scenario = engine.applyVariant(scenario, made.variant);
  }
  const runs = engine.runReplicates(scenario, seeds);
  const label = knob !== undefined ? knob.value : name;
  const replicate = engine.summariseReplicates(runs.map((r) => r.summary));
  return {
    ok: true,
    label,
    runs,
    replicate,
    randomWorkload: engine.hasRandomWorkload(scenario),
    frontierPoint: engine.frontierPointOf(label, replicate),
  };
}

/**
 * Checks a request's `points`: a list of at most MAX_FRONTIER_POINTS objects with a string `label` that
 * `fits`; the message names the first point that does not (`needs` says what it needs).
 */
function checkPoints<P extends { label: string }>(
  points: readonly P[],
  fits: (p: P) => boolean,
  needs: string,
): string | null {
  if (!Array.isArray(points) || points.length > MAX_FRONTIER_POINTS)
    return `points is a list of at most ${MAX_FRONTIER_POINTS} points`;
  const bad = points.findIndex(
    (p) => typeof p !== 'object' || p === null || typeof p.label !== 'string' || !fits(p),
  );
  return bad >= 0 ? `points[${bad}] needs ${needs}` : null;
}

/** Frontier flags of a sweep's points; a malformed point is a bad request (the page sends only numbers). */
export function workshopFrontier(
  engine: WorkshopPointEngine,
  points: readonly FrontierPoint[],
): { ok: true; flags: boolean[] } | { ok: false; message: string } {
  const message = checkPoints(
    points,
    // NaN is a figure no run had (frontierPointOf); the engine ranks it worst.
    (p) =>
      [p.gpuMsLost, p.waitP95Ms, p.fairness].every(
        (v) => typeof v === 'number' && (Number.isFinite(v) || Number.isNaN(v)),
      ),
    'a label and three numbers (finite, or NaN for none)',
  );
  if (message !== null) return { ok: false, message };
  return { ok: true, flags: engine.paretoFrontier(points) };
}

/** The sweep's CSV of the CLI (engine sweepResults + sweepCsv); a malformed point is a bad request. */
export function workshopSweepCsv(
  engine: WorkshopPointEngine,
  points: readonly { label: string; runs: ReplicateRun[] }[],
): { ok: true; csv: string } | { ok: false; message: string } {
  const message = checkPoints(
    points,
    (p) =>
      Array.isArray(p.runs) &&
      p.runs.length <= MAX_POINT_SEEDS &&
      (p.runs as unknown[]).every(
        (r) =>
          typeof r === 'object' && r !== null && typeof (r as { summary?: unknown }).summary === 'object',
      ),
    `a label and at most ${MAX_POINT_SEEDS} runs`,
  );
  if (message !== null) return { ok: false, message };
  return { ok: true, csv: engine.sweepCsv(engine.sweepResults(points)) };
}
