/**
 * Property tests of the Kueue share (decisions 0296, 0297): generated `profile: kueue` scenarios (the shared
 * draws with the profile fixed, a `kueue:` block derived from them), every invariant checked after every
 * session, Kueue's own quota invariants included. `npm run fuzz` runs the same share beside its main run.
 */
import { describe, expect, it } from 'vitest';
import { fc } from './arbitraries/scenarioDocument';
import { rawScenarioOfPick } from './arbitraries/rawScenario';
import { profileMenu, sharedProfilePicks } from './arbitraries/menus';
import { checkRaw } from './property/runProperties';

const RUNS = 30;
const SEED = 20_261_127;

describe(`generated Kueue scenarios (${RUNS}, seed ${SEED})`, () => {
  const pick = profileMenu().indexOf('kueue');

  it('Kueue is generated in a share of its own, outside the main pick', () => {
    expect(sharedProfilePicks()).toContain(pick);
  });

  it('are accepted, run, and keep every invariant', () => {
    let sessions = 0;
    let variantsRun = 0;
    const violations: string[] = [];
    for (const raw of fc.sample(rawScenarioOfPick(pick), { seed: SEED, numRuns: RUNS })) {
      const r = checkRaw(raw);
      // Every scenario is accepted but those whose variants carry an out-of-range value on purpose.
      expect(r.accepted || r.rejectedAsIntended === true).toBe(true);
      if (r.accepted && raw.variants.length > 0) variantsRun++;
      sessions += r.sessions;
      violations.push(...r.violations.map((v) => `${v.invariant}: ${v.message}`));
    }
    expect(violations).toEqual([]);
    expect(sessions).toBeGreaterThan(RUNS);
    // Kueue scenarios carry variants too (schedule period, job fields, seed), checked by variant-validated.
    expect(variantsRun).toBeGreaterThan(0);
  }, 120_000);
});
