/**
 * The fast path of readKubernetesDocuments (block YAML a document at a time, decision 0090's reader) gives
 * the same objects as the full reading whenever it answers, and answers for what the export writes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildScenarioDocument } from '../../testing/arbitraries/scenarioDocument';
import { rawScenario } from '../../testing/arbitraries/rawScenario';
import { exportKubernetesYaml } from '../exporters/exportKubernetesYaml';
import { parseScenario } from '../parseScenario';
import { readKubernetesDocuments, readKubernetesDocumentsFully } from './readKubernetesDocuments';

const FIXTURES = join(__dirname, 'fixtures');

const exported = rawScenario.map((raw) => {
  const parsed = parseScenario(stringify(buildScenarioDocument(raw)));
  if (!parsed.ok) throw new Error('generated scenario is invalid');
  return exportKubernetesYaml(parsed.scenario);
});

const EDITS = ['---\n', '\n', ' ', '- ', ': ', '#', '"', '&a ', '*a', '{', '[', 'x', '\r', '~', '1000'];
const mutated = fc
  .tuple(exported, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...EDITS)), { minLength: 1, maxLength: 3 }))
  .map(([text, edits]) =>
    edits.reduce((t, [at, edit]) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + edit + t.slice(i + 1);
    }, text),
  );

describe('the fast path reads Kubernetes YAML as the full reading does', () => {
  it.each(readdirSync(FIXTURES).filter((f) => f.endsWith('.yaml')))('fixture %s', (file) => {
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    expect(readKubernetesDocuments(text)).toEqual(readKubernetesDocumentsFully(text));
  });

  it('exported scenarios, and the same with a few characters changed', () => {
    fc.assert(
      fc.property(fc.oneof(exported, mutated), (text) => {
        expect(readKubernetesDocuments(text)).toEqual(readKubernetesDocumentsFully(text));
      }),
      { numRuns: 200, seed: 20_261_127 },
    );
  });
});
