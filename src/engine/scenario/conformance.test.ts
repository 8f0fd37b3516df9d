/**
 * Every conformance scenario (conformance/kai, conformance/volcano at the repository root) must parse
 * without errors or warnings, and must survive serialise → parse unchanged.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../model/scenario';
import { formatIssue, parseScenario } from './parseScenario';
import { serialiseScenario } from './serialiseScenario';

const ROOT = fileURLToPath(new URL('../../../conformance', import.meta.url));

function conformanceFiles(): string[] {
  if (!existsSync(ROOT)) throw new Error(`conformance scenarios not found at ${ROOT}`);
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(ROOT, d.name))
        .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml') || f.endsWith('.json'))
        .map((f) => join(d.name, f)),
    )
    .sort();
}

/** `expect[].line` records where a check sits in the source text, which serialising changes. */
function withoutLines(s: Scenario): Scenario {
  return { ...s, expect: s.expect.map((c) => ({ ...c, line: null })) };
}

function parseFile(file: string): Scenario {
  const result = parseScenario(readFileSync(join(ROOT, file), 'utf8'), { fileName: file });
  if (!result.ok) throw new Error(`${file}:\n${result.errors.map(formatIssue).join('\n')}`);
  expect(result.warnings.map(formatIssue)).toEqual([]);
  return result.scenario;
}

const files = conformanceFiles();

describe('conformance scenarios', () => {
  it('are all found', () => {
    expect(files.filter((f) => f.startsWith('kai')).length).toBeGreaterThanOrEqual(42);
    expect(files.filter((f) => f.startsWith('volcano')).length).toBeGreaterThanOrEqual(16);
  });

  it.each(files)('%s parses without issues', (file) => {
    const scenario = parseFile(file);
    expect(scenario.version).toBe(1);
    expect(scenario.name).not.toBe('');
  });

  it.each(files)('%s round-trips through serialiseScenario', (file) => {
    const scenario = parseFile(file);
    const text = serialiseScenario(scenario);
    const again = parseScenario(text);
    if (!again.ok)
      throw new Error(`${file} (serialised):\n${again.errors.map(formatIssue).join('\n')}\n${text}`);
    expect(withoutLines(again.scenario)).toEqual(withoutLines(scenario));
    expect(serialiseScenario(again.scenario)).toBe(text);
  });
});
