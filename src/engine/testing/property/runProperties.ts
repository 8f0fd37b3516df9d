/**
 * The property run: `runs` generated scenarios from a fixed seed, every invariant checked, counts per
 * invariant (scenarios that broke it) and the first counterexample of each, which `shrinkCounterexample`
 * then reduces with fast-check's shrinker.
 */
import fc from 'fast-check';
import { rawScenarioOfPick, rawScenarioWithRejections, type RawScenario } from '../arbitraries/rawScenario';
import { MAIN_RUN_PICKS, at, profileMenu, sharedProfilePicks } from '../arbitraries/menus';
import { buildScenarioDocument, intendedRejections, scenarioText } from '../arbitraries/scenarioDocument';
import { checkScenarioText } from './checkScenario';
import { INVARIANTS, type InvariantName, type Violation } from './invariants';

export interface PropertyStats {
  scenarios: number;
  accepted: number;
  /** Rejected as they had to be (an out-of-range variant value, at its `variants[…]` path). */
  rejectedAsIntended: number;
  sessions: number;
  /** Scenarios and sessions per profile. */
  byProfile: Record<string, { scenarios: number; sessions: number }>;
  /** Scenarios that broke each invariant (every invariant listed, zeros included). */
  violations: Record<InvariantName, number>;
  first: Map<InvariantName, { raw: RawScenario; violation: Violation }>;
}

/**
 * `lane` {index, of}: only the chunks `index, index + of, …` (so that `of` processes share one run with the
 * same scenarios as a single process; `mergeStats` adds their results up).
 */
export function runProperties(
  runs: number,
  seed: number,
  onScenario?: (done: number, stats: PropertyStats) => void,
  lane: { index: number; of: number } = { index: 0, of: 1 },
  /**
   * Also run the shares of the profiles outside the main pick (fuzz: yes). Off by default, so `runs` main
   * scenarios stay exactly what a caller asked for; kueueProperties.test.ts runs Kueue's share alone.
   */
  shares = false,
): PropertyStats {
  const violations = Object.fromEntries(Object.keys(INVARIANTS).map((k) => [k, 0])) as Record<
    InvariantName,
    number
  >;
  const stats: PropertyStats = {
    scenarios: 0,
    accepted: 0,
    rejectedAsIntended: 0,
    sessions: 0,
    byProfile: {},
    violations,
    first: new Map(),
  };
  // Sampled in chunks so that 10,000 scenarios never sit in memory at once; each chunk has its own seed.
  const CHUNK = 500;
  for (let done = 0, chunk = 0; done < runs; chunk++) {
    const n = Math.min(CHUNK, runs - done);
    if (chunk % lane.of !== lane.index) {
      done += n;
      continue;
    }
    const main = fc.sample(rawScenarioWithRejections, { seed: seed + chunk * 7919, numRuns: n });
    // Profiles registered after the main run's picks get a share of their own (a quarter of the chunk
    // each, from a seed of their own), so the main run's scenarios stay what they were (decision 0296).
    const shared = (shares ? sharedProfilePicks() : []).flatMap((pick) =>
      fc.sample(rawScenarioOfPick(pick), {
        seed: seed + chunk * 7919 + pick * 104_729,
        numRuns: Math.ceil(n / MAIN_RUN_PICKS),
      }),
    );
    for (const raw of [...main, ...shared]) {
      const result = checkRaw(raw);
      stats.scenarios++;
      if (result.accepted) stats.accepted++;
      if (result.rejectedAsIntended === true) stats.rejectedAsIntended++;
      stats.sessions += result.sessions;
      const profile = at(profileMenu(), raw.profile);
      const mine = (stats.byProfile[profile] ??= { scenarios: 0, sessions: 0 });
      mine.scenarios++;
      mine.sessions += result.sessions;
      const seen = new Set<InvariantName>();
      for (const v of result.violations) {
        if (seen.has(v.invariant)) continue;
        seen.add(v.invariant);
        violations[v.invariant]++;
        if (!stats.first.has(v.invariant)) stats.first.set(v.invariant, { raw, violation: v });
      }
      onScenario?.(stats.scenarios, stats);
    }
    done += n;
  }
  return stats;
}

export interface Counterexample {
  invariant: InvariantName;
  raw: RawScenario;
  doc: Record<string, unknown>;
  text: string;
  violation: Violation;
}

/** `a` plus `b` (the first counterexample of each invariant from `a` when both have one). */
export function mergeStats(a: PropertyStats, b: PropertyStats): PropertyStats {
  const violations = { ...a.violations };
  for (const [k, n] of Object.entries(b.violations)) violations[k as InvariantName] += n;
  const first = new Map(b.first);
  for (const [k, v] of a.first) first.set(k, v);
  const byProfile: PropertyStats['byProfile'] = {};
  for (const s of [a.byProfile, b.byProfile])
    for (const [p, c] of Object.entries(s)) {
      const m = (byProfile[p] ??= { scenarios: 0, sessions: 0 });
      m.scenarios += c.scenarios;
      m.sessions += c.sessions;
    }
  return {
    byProfile,
    scenarios: a.scenarios + b.scenarios,
    accepted: a.accepted + b.accepted,
    rejectedAsIntended: a.rejectedAsIntended + b.rejectedAsIntended,
    sessions: a.sessions + b.sessions,
    violations,
    first,
  };
}

/** Shrinks `raw` (which breaks `invariant`) to a smaller scenario that still breaks it. */
export function shrinkCounterexample(
  raw: RawScenario,
  invariant: InvariantName,
  seed: number,
): Counterexample {
  const breaks = (r: RawScenario): Violation | undefined =>
    checkRaw(r).violations.find((v) => v.invariant === invariant);
  // Bounded: each try runs the scenario three times; past the budget every candidate counts as passing,
  // which ends the shrink with the smallest failure found so far.
  let budget = 250;
  const result = fc.check(
    fc.property(arbitraryOf(raw), (r) => budget-- <= 0 || breaks(r) === undefined),
    { examples: [[raw]], numRuns: 1, seed, endOnFailure: false },
  );
  const smallest: RawScenario = (result.failed ? result.counterexample?.[0] : undefined) ?? raw;
  const doc = buildScenarioDocument(smallest);
  return {
    invariant,
    raw: smallest,
    doc,
    // As YAML with LF line ends, unless the line ends are what broke it (they are then the point).
    text: scenarioText(
      invariant === 'readers-agree' || invariant === 'valid-scenario-accepted'
        ? smallest
        : { ...smallest, asJson: false, lineEnds: 0 },
    ),
    violation: breaks(smallest) ?? { invariant, session: null, message: 'not reproduced after shrinking' },
  };
}

/** The arbitrary `raw` was drawn from (its profile's own share, or the main run's). */
function arbitraryOf(raw: RawScenario): fc.Arbitrary<RawScenario> {
  return raw.profile >= MAIN_RUN_PICKS ? rawScenarioOfPick(raw.profile) : rawScenarioWithRejections;
}

/** Checks one generated scenario, telling the checker what the parser must refuse in it. */
export function checkRaw(raw: RawScenario) {
  return checkScenarioText(scenarioText(raw), intendedRejections(raw));
}
