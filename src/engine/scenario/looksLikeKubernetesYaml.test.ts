import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeKubernetesYaml } from './looksLikeKubernetesYaml';

/** The rule as first written: a line starting `apiVersion:` with a value, and one starting `kind:`. */
const byRegex = (text: string) => /^apiVersion:\s*\S/m.test(text) && /^kind:\s*\S/m.test(text);

describe('looksLikeKubernetesYaml', () => {
  it('says what the line-start regexes say, for texts of keys, values, spaces and every line terminator', () => {
    const piece = fc.constantFrom(
      'apiVersion:',
      'kind:',
      'apiVersion: v1',
      'kind: Queue',
      ' ',
      '\t',
      '\u00a0',
      '\n',
      '\r',
      '\r\n',
      '\u2028',
      '\u2029',
      'x',
      '- ',
      '#',
      'kind',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = pieces.join('');
        expect(looksLikeKubernetesYaml(text)).toBe(byRegex(text));
      }),
      { numRuns: 2000, seed: 20_261_129 },
    );
  });

  it('reads Kubernetes objects as such and a scenario or its JSON as not', () => {
    expect(looksLikeKubernetesYaml('apiVersion: v1\nkind: ConfigMap\n')).toBe(true);
    expect(looksLikeKubernetesYaml('---\napiVersion:\n  v1\nkind: Queue')).toBe(true);
    expect(looksLikeKubernetesYaml('version: 1\nkind: x\n')).toBe(false);
    expect(looksLikeKubernetesYaml('{"apiVersion": "v1", "kind": "Queue"}')).toBe(false);
    expect(looksLikeKubernetesYaml('  apiVersion: v1\n  kind: Queue\n')).toBe(false);
    expect(looksLikeKubernetesYaml('apiVersion:\n  v1\nkind:\n  Queue')).toBe(true);
    expect(looksLikeKubernetesYaml('apiVersion: v1\nkind: ')).toBe(false);
  });
});
