/**
 * Shrunk counterexamples found by the property tests, one YAML file per rule, named after the invariant it
 * broke (`<invariant>.yaml`, or `<invariant>--<detail>.yaml`). Each must now run with that invariant intact.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExpectations, parseScenario, runScenario } from '../../../index';
import { checkScenarioText } from '../../property/checkScenario';
import { INVARIANTS, type InvariantName } from '../../property/invariants';

const DIR = import.meta.dirname;
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

describe('property-test regressions', () => {
  it('every file is named after an invariant', () => {
    for (const f of files) expect(Object.keys(INVARIANTS)).toContain(f.replace(/(--.*)?\.yaml$/, ''));
  });

  it.each(files)('%s keeps its invariant', (file) => {
    const invariant = file.replace(/(--.*)?\.yaml$/, '') as InvariantName;
    const result = checkScenarioText(readFileSync(join(DIR, file), 'utf8'));
    const broken = result.violations.filter(
      (v) => v.invariant === invariant || v.invariant === 'valid-scenario-accepted',
    );
    expect(broken, INVARIANTS[invariant]).toEqual([]);
    expect(result.sessions).toBeGreaterThan(0);
  });

  // A file may also pin what the engine must do there (an `expect` block), beyond the invariant.
  it.each(files)('%s meets its expectations', (file) => {
    const parsed = parseScenario(readFileSync(join(DIR, file), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
    expect(checkExpectations(runScenario(parsed.scenario), parsed.scenario.expect)).toEqual([]);
  });
});
