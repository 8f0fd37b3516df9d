/**
 * Valid scenario texts the parser fuzzer mutates: the built-in scenarios, the conformance files, and
 * generated scenarios (YAML and JSON).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { rawScenario } from '../../engine/testing/arbitraries/rawScenario';
import { scenarioText } from '../../engine/testing/arbitraries/scenarioDocument';

export interface SeedText {
  source: string;
  text: string;
}

const ROOT = join(import.meta.dirname, '../../..');

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(p);
    return e.name.endsWith('.yaml') ? [p] : [];
  });
}

export function seedTexts(generated: number, seed: number): SeedText[] {
  const files = [...yamlFiles(join(ROOT, 'src/scenarios')), ...yamlFiles(join(ROOT, 'conformance'))].sort();
  const fromFiles = files.map((f) => ({ source: relative(ROOT, f), text: readFileSync(f, 'utf8') }));
  const fromGenerator = fc
    .sample(rawScenario, { seed, numRuns: generated })
    .map((raw, i) => ({ source: `generated#${i}`, text: scenarioText(raw) }));
  return [...fromFiles, ...fromGenerator];
}
