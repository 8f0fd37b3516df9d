/**
 * Kueue's documents go through the same pasted-text path as any (docs/scenario-format.md §12.1, §12.2): an
 * exported kueue scenario or upstream's sample with a few characters or Kueue fields changed imports to a
 * result — `ok: false` with errors, or text the scenario parser reads — and never throws.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../index';
import { exportKubernetesYaml } from '../../scenario/exporters/exportKubernetesYaml';
import { importKubernetesYaml } from '../../scenario/importers/importKubernetesYaml';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const gallery = parseScenario(read('../../../scenarios/kueue-1-borrow-then-reclaim.yaml'));
if (!gallery.ok) throw new Error('the kueue gallery scenario does not parse');
const SOURCES = [exportKubernetesYaml(gallery.scenario), read('./fixtures/kueue-single-clusterqueue.yaml')];

const TOKENS = [
  'kind: Workload\n',
  'kind: ClusterQueue\n',
  'kind: Cohort\n',
  'kind: LocalQueue\n',
  'apiVersion: kueue.x-k8s.io/v1beta1\n',
  'kueue.x-k8s.io/queue-name: q\n',
  'kueue.x-k8s.io/pod-group-name: g\n',
  '  podSets: [{count: 1e9}]\n',
  '  parentName: [x]\n',
  '  cohortName: 3\n',
  '  nominalQuota: -1\n',
  '  resourceGroups: {}\n',
  '  fairSharing: {weight: 2}\n',
  'value: x\n',
  '---\n',
  '&a ',
  '*a',
  '{',
  '}',
  ': ',
  '- ',
  '\n',
  '  ',
  'null',
];

const mutated = fc
  .tuple(
    fc.constantFrom(...SOURCES),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(...TOKENS)), { minLength: 1, maxLength: 4 }),
  )
  .map(([text, edits]) =>
    edits.reduce((t, [at, token]) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + token + t.slice(i + 1);
    }, text),
  );

describe('Kueue documents on any edit', () => {
  it('import to a result, never an exception', () => {
    fc.assert(
      fc.property(mutated, (text) => {
        const result = importKubernetesYaml(text);
        if (!result.ok) {
          expect(result.errors.length).toBeGreaterThan(0);
          return;
        }
        const back = parseScenario(result.text);
        if (!back.ok) expect(back.errors.filter((e) => e.code === 'yaml-syntax')).toEqual([]);
      }),
      { numRuns: 150, seed: 20_261_127 },
    );
  });
});
