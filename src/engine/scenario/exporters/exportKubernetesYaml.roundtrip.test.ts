/**
 * Issue 10 item 5: for every built-in scenario (src/scenarios) and every conformance scenario
 * (conformance/kai, conformance/volcano), import(export(s)) parses, normalises to the same scenario, and
 * runs to a byte-identical JSON trace (the runner's document, docs/scenario-format.md §9).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../index';
import type { Scenario } from '../../model/scenario';
import { runDocument } from '../../simulation/runOutput';
import { importKubernetesYaml } from '../importers/importKubernetesYaml';
import { formatIssue, parseScenario } from '../parseScenario';
import { exportKubernetesYaml } from './exportKubernetesYaml';
import { expandScenario } from '../workload/expandScenario';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const FOLDERS = ['src/scenarios', 'conformance/kai', 'conformance/volcano'];

function scenarioFiles(): string[] {
  return FOLDERS.flatMap((folder) => {
    const dir = join(ROOT, folder);
    if (!existsSync(dir)) throw new Error(`scenarios not found at ${dir}`);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((f) => join(folder, f));
  });
}

function parse(text: string, fileName: string): Scenario {
  const result = parseScenario(text, { fileName });
  if (!result.ok) throw new Error(`${fileName}:\n${result.errors.map(formatIssue).join('\n')}`);
  return result.scenario;
}

function trace(scenario: Scenario): string {
  const sim = runScenario(scenario);
  const snapshots = Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1));
  return JSON.stringify(runDocument(scenario, snapshots));
}

/**
 * `expect[].line` and the lesson's step and choice lines record where they sit in the source text, which the
 * round trip changes.
 */
const withoutLines = (s: Scenario): Scenario => ({
  ...s,
  expect: s.expect.map((c) => ({ ...c, line: null })),
  lesson: s.lesson.map((step) => ({
    ...step,
    line: null,
    ask:
      step.ask === null
        ? null
        : {
            ...step.ask,
            choices: step.ask.choices.map((c) => ({ ...c, check: { ...c.check, line: null } })),
          },
  })),
});

const files = scenarioFiles();

describe('import(export(s)) for every built-in and conformance scenario', () => {
  it('finds the scenarios', () => {
    expect(files.filter((f) => f.startsWith('src/scenarios/')).length).toBeGreaterThanOrEqual(14);
    expect(files.filter((f) => f.startsWith('conformance/kai/')).length).toBeGreaterThanOrEqual(40);
    expect(files.filter((f) => f.startsWith('conformance/volcano/')).length).toBeGreaterThanOrEqual(16);
  });

  it.each(files)(
    '%s maps every field, normalises to the same scenario and runs to the same trace',
    (file) => {
      const original = parse(readFileSync(join(ROOT, file), 'utf8'), file);
      // A profile's own block (decision 0281) has no Kubernetes mapping yet: its export is refused.
      if (original.profileBlock !== undefined) return;
      const exported = exportKubernetesYaml(original);
      const imported = importKubernetesYaml(exported);
      if (!imported.ok) throw new Error(imported.errors.join('\n'));
      expect(imported.unmapped).toEqual([]);
      const back = parse(imported.text, file);
      // A seeded workload is exported as its jobs (§19): the round trip gives the expanded scenario.
      expect(withoutLines(back)).toEqual(withoutLines(expandScenario(original).scenario));
      expect(trace(back)).toBe(trace(original));
    },
  );
});
