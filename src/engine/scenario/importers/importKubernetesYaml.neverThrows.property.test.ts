/**
 * `importKubernetesYaml` is called on whatever is pasted (and by the fuzzer): for any text it returns a
 * result, `ok: false` with at least one error or `ok: true` with text the scenario parser reads, and never
 * throws. Texts here are YAML-like token soups and exported scenarios with characters changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildScenarioDocument } from '../../testing/arbitraries/scenarioDocument';
import { rawScenario } from '../../testing/arbitraries/rawScenario';
import { exportKubernetesYaml } from '../exporters/exportKubernetesYaml';
import { parseScenario } from '../parseScenario';
import { importKubernetesYaml } from './importKubernetesYaml';

const TOKENS = [
  'apiVersion: v1\n',
  'kind: Pod\n',
  'kind: Node\n',
  'kind: List\n',
  'items:\n',
  'metadata:\n',
  '  name: p\n',
  'spec:\n',
  '  containers:\n',
  '  - name: c\n',
  '    resources: {limits: {nvidia.com/gpu: 2}}\n',
  'apiVersion: batch.volcano.sh/v1alpha1\n',
  'kind: Job\n',
  '  tasks: [{replicas: 3}]\n',
  '  replicas: 1e9\n',
  '---\n',
  '&a ',
  '*a',
  '[',
  ']',
  '{',
  '}',
  ', ',
  ': ',
  '- ',
  '? ',
  '"',
  "'",
  '\n',
  '\r',
  '\t',
  '  ',
  '#',
  '|',
  '>',
  '!',
  '%YAML 1.2\n',
  '<<: *a\n',
  '~',
  'null',
  '0x1',
  '.inf',
  'ü',
];

const soup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((parts) => parts.join(''));

const exported = rawScenario.map((raw) => {
  const parsed = parseScenario(stringify(buildScenarioDocument(raw)));
  if (!parsed.ok) throw new Error('generated scenario is invalid');
  return exportKubernetesYaml(parsed.scenario);
});
const mutated = fc
  .tuple(exported, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...TOKENS)), { minLength: 1, maxLength: 4 }))
  .map(([text, edits]) =>
    edits.reduce((t, [at, token]) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + token + t.slice(i + 1);
    }, text),
  );

function checkResult(text: string): void {
  const result = importKubernetesYaml(text);
  if (!result.ok) {
    expect(result.errors.length).toBeGreaterThan(0);
    for (const e of result.errors) expect(typeof e).toBe('string');
    return;
  }
  // The imported text is YAML the scenario parser reads (it may report invalid values, never a syntax error).
  const back = parseScenario(result.text);
  if (!back.ok) expect(back.errors.filter((e) => e.code === 'yaml-syntax')).toEqual([]);
}

describe('importKubernetesYaml on any text', () => {
  it('returns a result for YAML-like token soups, never an exception', () => {
    fc.assert(fc.property(soup, checkResult), { numRuns: 400, seed: 20_261_127 });
  });

  it('returns a result for exported scenarios with a few characters changed, never an exception', () => {
    fc.assert(fc.property(mutated, checkResult), { numRuns: 100, seed: 20_261_127 });
  });
});
