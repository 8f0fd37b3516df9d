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
    const violations: string[] = [];
    for (const raw of fc.sample(rawScenarioOfPick(pick), { seed: SEED, numRuns: RUNS })) {
      const r = checkRaw(raw);
      expect(r.accepted).toBe(true);
      sessions += r.sessions;
      violations.push(...r.violations.map((v) => `${v.invariant}: ${v.message}`));
    }
    expect(violations).toEqual([]);
    expect(sessions).toBeGreaterThan(RUNS);
  }, 120_000);
});
